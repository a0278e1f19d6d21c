export declare const toolDir: string;
export declare const venvDir: string;
export declare const pythonBin: string;
export declare const unavailableFile: string;
export declare function pythonSdkUnavailable(): string | undefined;

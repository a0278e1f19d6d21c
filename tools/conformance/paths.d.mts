export declare const toolDir: string;
export declare const nodeBin: string;
export declare const conformanceBin: string;

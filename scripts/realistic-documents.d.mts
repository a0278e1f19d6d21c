// Types of realistic-documents.mjs, for the TypeScript tests that import it.
export declare function seededRandom(seed: number): () => number;
export declare function proposeDocuments(schema: unknown, seed: number, count: number, options?: { wide?: boolean }): unknown[];
export declare function breakDocument(doc: unknown, seed: number): unknown;

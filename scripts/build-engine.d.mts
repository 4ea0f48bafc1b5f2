// Types for server.ts and the tests, which import the engine's build script.
export declare function buildEngine(options?: { dir?: string }): Promise<{ entry: string; signs: string; pdfjs: string; pdfjsWorker: string; contentSchema: string; inputs: { engine: string[]; signs: string[] } }>;
export declare function watchEngine(): Promise<{ entry: string; dispose(): Promise<void> }>;
export declare const CONTENT_SCHEMA_DIR: string;
export declare function contentSchemaFingerprint(dir?: string): string;

// Types for next.config.ts and server.ts, which import the engine's build script.
export declare const ENGINE_DIRS: { production: { dir: string; url: string }; development: { dir: string; url: string } };
export declare function buildEngine(options?: { dir?: string }): Promise<{ entry: string; signs: string; pdfjs: string; pdfjsWorker: string; inputs: { engine: string[]; signs: string[] } }>;
export declare function watchEngine(): Promise<{ dispose(): Promise<void> }>;
export declare function readManifest(mode?: "production" | "development"): { entry: string; signs: string; pdfjs: string; pdfjsWorker: string } | null;

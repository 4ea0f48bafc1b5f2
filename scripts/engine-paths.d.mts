// Types for next.config.ts, server.ts and the tests, which import the engine's paths.
export declare const ENGINE_DIRS: { production: { dir: string; url: string }; development: { dir: string; url: string } };
export declare const MANIFEST: string;
export declare function readManifest(): { entry: string; signs: string; pdfjs: string; pdfjsWorker: string } | null;

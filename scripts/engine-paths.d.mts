// Types for next.config.ts, server.ts and the tests, which import the engine's paths.
type EngineDir = { dir: string; url: string; extensions: readonly string[] };
export declare const ENGINE_DIRS: { production: EngineDir; development: EngineDir };
export declare const MANIFEST: string;
export declare function readManifest(): { entry: string; signs: string; pdfjs: string; pdfjsWorker: string; contentSchema?: string } | null;

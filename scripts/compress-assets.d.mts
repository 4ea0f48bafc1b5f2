export declare const COMPRESSIBLE: ReadonlySet<string>;
export declare const ENCODINGS: readonly [{ readonly name: "br"; readonly suffix: ".br" }, { readonly name: "gzip"; readonly suffix: ".gz" }];
export declare function compressTree(dir: string): { files: number; bytes: number; br: number; gzip: number };

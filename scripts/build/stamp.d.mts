// Types of ./stamp.mjs (plain JavaScript: `npm start` reads it before any TypeScript loader).
export declare const BUILD_INPUTS: ReadonlyArray<string>;
export declare const SERVER_BUNDLE: string;
export declare const STAMP_FILE: string;
export declare function buildInputFiles(root: string): string[];
export declare function sourcesFingerprint(root: string): string;
export declare function buildState(root: string): "missing" | "stale" | "fresh";

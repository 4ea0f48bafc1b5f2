// Types for playwright.config.ts and the tests, which import the browser's flags.
export declare const CHROMIUM_PATH: string;
export declare const PLAYWRIGHT_DISABLED_FEATURES: readonly string[];
export declare const OMNIBOX_POPUP_FEATURES: readonly string[];
export declare const CHROMIUM_ARGS: string[];

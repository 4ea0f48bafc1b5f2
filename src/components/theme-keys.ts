/** localStorage keys of the theme choice (core §1: "two keys, mode and colour scheme"). */
export const THEME_MODE_STORAGE_KEY = "theme-mode";
export const THEME_COLOR_SCHEME_STORAGE_KEY = "theme-color-scheme";
/** MUI marks the active scheme with a class on <html>; the pre-paint script sets it before hydration. */
export const THEME_ATTRIBUTE = "class";

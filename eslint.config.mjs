import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// Borders between the three kinds of module (STYLE.md, "Where code lives"): server-only code never
// reaches the browser, only the editor imports OpenLayers, and universal code imports neither side.
const serverCode = {
  group: ["@/server/*", "**/server/**"],
  message: "Server-only code: import it from src/server or route handlers only.",
};
const openLayers = { group: ["ol", "ol/*"], message: "Only src/editor imports OpenLayers." };
// The editor's core (src/editor/core, each kind's .ts modules in src/editor/kinds, and the export's
// assembly and drawing in src/editor/export) is plain TypeScript over OpenLayers: no React, no framework,
// nothing of the editor's UI (src/editor/ui).
const editorUi = {
  group: [
    "react",
    "react-dom",
    "react/*",
    "next",
    "next/*",
    "next-intl",
    "next-intl/*",
    "@mui/*",
    "react-toastify",
    "**/ui/*",
    "@/editor/ui/*",
    "@/components/*",
  ],
  message: "The editor's core is React-free: UI belongs in src/editor/ui (or a kind's .tsx files).",
};
const uiCode = {
  group: ["@/client/*", "@/editor/*", "@/components/*", "react", "react-dom", "next", "next/*", "@mui/*"],
  message: "src/lib is universal: no UI or framework imports.",
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([".next/**", "node_modules/**", "data/**", "test-results/**", "playwright-report/**", "tmp/**", "next-env.d.ts"]),
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-imports": ["error", { patterns: [openLayers] }],
    },
  },
  {
    files: ["src/client/**", "src/components/**", "src/editor/**", "src/app/**/page-client.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns: [serverCode, openLayers] }] },
  },
  {
    files: ["src/editor/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [serverCode] }] },
  },
  {
    files: ["src/editor/core/**", "src/editor/kinds/**/*.ts", "src/editor/export/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [serverCode, editorUi] }] },
  },
  {
    files: ["src/lib/**", "src/sites/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [serverCode, openLayers, uiCode] }] },
  },
  {
    // Tests read JSON answers field by field; typing every answer would add nothing.
    files: ["tests/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["src/server/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            openLayers,
            { group: ["@/client/*", "@/editor/*", "@/components/*"], message: "Server code does not import UI code." },
          ],
        },
      ],
    },
  },
]);

import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// Borders between the three kinds of module (STYLE.md, "Where code lives"): server-only code never
// reaches the browser, only the editor imports OpenLayers, and universal code imports neither side.
const serverCode = { group: ["@/server/*", "**/server/**"], message: "Server-only code: import it from src/server or route handlers only." };
const openLayers = { group: ["ol", "ol/*"], message: "Only src/editor imports OpenLayers." };
// The editor's React side reaches OpenLayers and the map's state only through the engine it loads
// (src/editor/engine-client.ts), so both exist once in the page; it may import their types.
const engineModules = {
  group: [
    "ol",
    "ol/*",
    "**/engine",
    "**/engine/*",
    "**/elements/registry",
    "**/elements/line",
    "**/elements/sign",
    "**/elements/sign/*",
    "**/elements/geometry",
    "**/elements/style-cache",
    "**/interactions/*",
    "**/map/create-map",
    "**/map/element-layer",
    "**/map/layers/base-layers",
    "**/map/background/plan-background",
    "**/store/plan-store",
    "**/test-api",
    "!@/lib/**",
  ],
  allowTypeImports: true,
  message: "The editor's React side uses the map engine through engine() from src/editor/engine-client.ts (types may be imported).",
};
const uiCode = { group: ["@/client/*", "@/editor/*", "@/components/*", "react", "react-dom", "next", "next/*", "@mui/*"], message: "src/lib is universal: no UI or framework imports." };

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([".next/**", ".engine/**", ".engine-dev/**", "node_modules/**", "data/**", "test-results/**", "playwright-report/**", "tmp/**", "next-env.d.ts"]),
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
    files: ["src/**/*.tsx", "src/editor/engine-client.ts", "src/editor/sync/**", "src/editor/**/use-*.ts"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [engineModules] }] },
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
    rules: { "no-restricted-imports": ["error", { patterns: [openLayers, { group: ["@/client/*", "@/editor/*", "@/components/*"], message: "Server code does not import UI code." }] }] },
  },
]);

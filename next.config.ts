import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { readManifest } from "./scripts/engine-paths.mjs";

const withNextIntl = createNextIntlPlugin("./src/i18n/request.ts");

// The map engine's entry (scripts/build-engine.mjs): `npm run dev` builds and watches it and names it
// here through EDITOR_ENGINE_URL; a production build reads the manifest the engine's build wrote.
// The manifest also carries the plan schema's fingerprint (src/lib/content-schema.ts), so the server
// and the pages of one build agree on it; development has none.
const manifest = process.env.EDITOR_ENGINE_URL ? null : readManifest();
const engineUrl = process.env.EDITOR_ENGINE_URL || manifest?.entry;
if (!engineUrl) throw new Error("The map engine has not been built: run `npm run build` (it builds the engine first).");

const nextConfig: NextConfig = {
  env: { EDITOR_ENGINE_URL: engineUrl, PLAN_CONTENT_SCHEMA: manifest?.contentSchema ?? "" },
  reactStrictMode: true,
  poweredByHeader: false,
  // server.ts compresses every answer (src/server/compression.ts), after /app's text is final.
  compress: false,
  // Native and Node-only packages stay outside the server bundle.
  serverExternalPackages: ["better-sqlite3", "pg", "socket.io"],
  // The redirects of the specification live in proxy.ts, where the site is known.
  typedRoutes: false,
  // In development the sites answer on <site>.localhost; let their pages load Next's dev assets.
  allowedDevOrigins: ["*.localhost"],
};

export default withNextIntl(nextConfig);

import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./src/i18n/request.ts");

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // server.ts compresses every answer, route handlers' too (src/server/compression.ts).
  compress: false,
  // Native and Node-only packages stay outside the server bundle.
  serverExternalPackages: ["better-sqlite3", "pg", "socket.io"],
  // The redirects of the specification live in proxy.ts, where the site is known.
  typedRoutes: false,
  // In development the sites answer on <site>.localhost; let their pages load Next's dev assets.
  allowedDevOrigins: ["*.localhost"],
};

export default withNextIntl(nextConfig);

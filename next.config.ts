import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { HSTS_HEADER, SECURITY_HEADERS } from "./src/server/security-headers";

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
  // Every answer's security headers; each page's Content-Security-Policy comes from src/proxy.ts.
  async headers() {
    return [
      { source: "/:path*", headers: [...SECURITY_HEADERS] },
      // HSTS only where the answer reached the browser over HTTPS (a TLS proxy in front says so).
      { source: "/:path*", has: [{ type: "header", key: "x-forwarded-proto", value: "https" }], headers: [HSTS_HEADER] },
    ];
  },
};

export default withNextIntl(nextConfig);

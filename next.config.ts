import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { SECURITY_HEADERS } from "./src/server/security-headers";

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
  // Every answer's security headers; each page's Content-Security-Policy comes from src/proxy.ts. HSTS is
  // server.ts's (applyProxyTrust): whether X-Forwarded-Proto may be believed is run-time configuration
  // (TRUST_PROXY), and these rules are fixed when the app is built.
  async headers() {
    return [{ source: "/:path*", headers: [...SECURITY_HEADERS] }];
  },
};

export default withNextIntl(nextConfig);

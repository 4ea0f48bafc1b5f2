/**
 * The browser security headers of every answer (next.config.ts; socket.io's through forwarded-headers.ts)
 * and the Content-Security-Policy of every page (src/proxy.ts). The access token lives in localStorage, where any script of the page can
 * read it, so the CSP is what keeps a script from elsewhere from running here at all.
 *
 * No `import "server-only"`: next.config.ts loads this file in plain Node.
 */

/** Headers for every answer: pages, API, Next's assets. */
export const SECURITY_HEADERS: readonly { key: string; value: string }[] = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  // Older browsers' frame-ancestors; no page of ours is meant to be framed (clickjacking).
  { key: "X-Frame-Options", value: "DENY" },
  // The view page carries its share token in the URL: other origins (tile servers) get our origin only.
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), display-capture=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

/**
 * Sent only over HTTPS (RFC 6797 §7.2), that is behind a trusted TLS proxy (forwarded-headers.ts): a
 * year, as the HSTS preload list asks.
 */
export const HSTS_HEADER = { key: "Strict-Transport-Security", value: "max-age=31536000; includeSubDomains" };

export interface CspOptions {
  /** This answer's nonce: Next puts it on every script it renders, and scripts it loads may load more ('strict-dynamic'). */
  nonce: string;
  /** Origins of the base maps (their tiles, capabilities and authorised tile requests). */
  mapOrigins: readonly string[];
  /** Next's development server evaluates code for its error overlay and fast refresh. */
  dev: boolean;
  https: boolean;
}

/**
 * The policy of a page. Scripts: only those carrying the nonce and what they load (Next's chunks, the
 * editor, pdf.js), never eval outside development. Styles may be inline: MUI (Emotion) and OpenLayers set
 * style attributes and tags at run time, and a style cannot read the token.
 */
export function contentSecurityPolicy({ nonce, mapOrigins, dev, https }: CspOptions): string {
  const maps = mapOrigins.join(" ");
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${maps}`,
    "font-src 'self' data:",
    `connect-src 'self' ${maps}${dev ? " ws: wss:" : ""}`,
    // pdf.js renders a PDF background in a worker loaded from our own assets.
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

/**
 * The origin of each URL template as a CSP source. A placeholder in the host (`{a-c}.tile.example.org`)
 * becomes a wildcard label; placeholders in the path or query do not matter.
 */
export function originsOf(urls: readonly string[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    const match = /^(https?:\/\/)([^/?#]+)/i.exec(url.trim());
    if (match) origins.add(`${match[1]!.toLowerCase()}${match[2]!.replace(/\{[^}]*\}/g, "*").toLowerCase()}`);
  }
  return [...origins];
}

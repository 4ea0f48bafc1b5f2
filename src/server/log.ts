import "server-only";

/** One line per event, with a level and a short area name; no request bodies, no secrets. */
export const log = {
  info: (area: string, message: string) => console.log(`[${area}] ${message}`),
  warn: (area: string, message: string) => console.warn(`[${area}] ${message}`),
  error: (area: string, message: string, error?: unknown) =>
    console.error(`[${area}] ${message}`, error instanceof Error ? error.stack : (error ?? "")),
};

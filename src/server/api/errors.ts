import "server-only";

/** An error meant for the user: its message is already in the user's language. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Extra fields for the JSON body (e.g. the current version on a 409). */
    readonly extra: Record<string, unknown> = {},
    /** Extra response headers (e.g. Retry-After on a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** Node's error for a request body cut off because the client closed the connection. */
export function isClientAbort(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  return error.name === "AbortError" || code === "ECONNRESET" || error.message === "aborted";
}

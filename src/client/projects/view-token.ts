/**
 * The plan id inside a view token: the payload of the JWT, decoded without verification (the server
 * verifies when the plan is fetched). Null when the text is not such a token.
 */
export function signplanIdOfViewToken(token: string): number | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const binary = atob(payload.replace(/-/g, "+").replace(/_/g, "/"));
    const claims: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
    if (typeof claims !== "object" || claims === null) return null;
    const id = Number((claims as Record<string, unknown>).signplanId);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

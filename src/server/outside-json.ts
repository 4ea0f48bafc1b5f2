/**
 * One request to an outside JSON service (the company register, the geocoders): JSON asked for, no
 * redirects followed, a time limit. Answers the status (and whether it is a 2xx) and the parsed body, or why there was none
 * (unreachable, timed out, not JSON), for the caller to log and turn into its own 503.
 */
export async function fetchOutsideJson(
  url: URL,
  { headers, timeoutMs }: { headers: Record<string, string>; timeoutMs: number },
): Promise<{ ok: true; status: number; statusOk: boolean; body: unknown } | { ok: false; reason: string }> {
  try {
    const response = await fetch(url, {
      headers: { accept: "application/json", ...headers },
      redirect: "error",
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { ok: true, status: response.status, statusOk: response.ok, body: await response.json() };
  } catch (error) {
    return { ok: false, reason: `no usable answer: ${error instanceof Error ? error.message : String(error)}` };
  }
}

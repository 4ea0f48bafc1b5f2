/**
 * The wait an HTTP Retry-After header asks for (RFC 9110 §10.2.3: a number of seconds or an HTTP date),
 * in milliseconds; null when there is none or it cannot be read. A date in the past is 0.
 */
export function retryAfterMs(header: string | null | undefined, now: number = Date.now()): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // Only the date forms: Date.parse reads many other texts as dates too ("1.5", "soon 2026").
  if (!/^[A-Za-z]{3},? /.test(value)) return null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

import "server-only";
import { sql, type Kysely } from "kysely";
import { ApiError } from "./api/errors";
import { getConfig } from "./config";
import type { Database } from "./db";
import { serverTranslator } from "./i18n";
import type { SiteId } from "@/sites/registry";

export interface RateLimit {
  /** What is limited, e.g. "login:email". */
  action: string;
  limit: number;
  windowMs: number;
}

/** Limits of the account endpoints: per e-mail against guessing one account, per IP against sweeps. */
export const RATE_LIMITS = {
  loginPerEmail: { action: "login:email", limit: 10, windowMs: 15 * 60_000 },
  loginPerIp: { action: "login:ip", limit: 50, windowMs: 15 * 60_000 },
  registerPerIp: { action: "register:ip", limit: 10, windowMs: 60 * 60_000 },
  mailPerEmail: { action: "mail:email", limit: 5, windowMs: 60 * 60_000 },
  mailPerIp: { action: "mail:ip", limit: 30, windowMs: 60 * 60_000 },
  tokenPerIp: { action: "token:ip", limit: 60, windowMs: 15 * 60_000 },
  feedbackPerIp: { action: "feedback:ip", limit: 20, windowMs: 60 * 60_000 },
} as const satisfies Record<string, RateLimit>;

const limitOf = (rule: RateLimit) => Math.max(1, Math.round(rule.limit * getConfig().RATE_LIMIT_MULTIPLIER));

function bucketOf(rule: RateLimit, subject: string, now: number) {
  const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
  return { bucket: `${rule.action}:${subject}:${windowStart}`, expiresAt: new Date(windowStart + rule.windowMs) };
}

function tooMany(site: SiteId, expiresAt: Date, now: number): ApiError {
  const minutes = Math.max(1, Math.ceil((expiresAt.getTime() - now) / 60_000));
  return new ApiError(429, serverTranslator(site)("api.errors.rateLimited", { minutes }), {}, { "retry-after": String(minutes * 60) });
}

/** Throws a 429 when the subject has used up its attempts in the current window; counts nothing. */
export async function assertWithinLimit(db: Kysely<Database>, site: SiteId, rule: RateLimit, subject: string, now = Date.now()) {
  const { bucket, expiresAt } = bucketOf(rule, subject, now);
  const row = await db.selectFrom("rate_limits").select("count").where("bucket", "=", bucket).executeTakeFirst();
  if (row && row.count >= limitOf(rule)) throw tooMany(site, expiresAt, now);
}

/** Counts one attempt (atomically, in every database process) and throws a 429 past the limit. */
export async function hitLimit(db: Kysely<Database>, site: SiteId, rule: RateLimit, subject: string, now = Date.now()) {
  const { bucket, expiresAt } = bucketOf(rule, subject, now);
  const row = await db
    .insertInto("rate_limits")
    .values({ bucket, count: 1, expires_at: expiresAt.toISOString() })
    .onConflict((oc) => oc.column("bucket").doUpdateSet({ count: sql<number>`rate_limits.count + 1` }))
    .returning("count")
    .executeTakeFirstOrThrow();
  // Old windows are removed as new ones start; cheap with the expiry index.
  if (row.count === 1) await db.deleteFrom("rate_limits").where("expires_at", "<", new Date(now).toISOString()).execute();
  if (row.count > limitOf(rule)) throw tooMany(site, expiresAt, now);
}

/** The client's address as the server in front of us (Next's router) reports it. */
export function clientIp(req: Request): string {
  return req.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || req.headers.get("x-real-ip") || "unknown";
}

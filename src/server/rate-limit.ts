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

/**
 * Limits of the account endpoints. Failed logins lock only the pair of address and e-mail that failed
 * (against guessing one account from one place) and, more broadly, the address (against sweeps); the
 * e-mail alone is never locked, so a stranger cannot lock its owner out: past its limit every further
 * failure for it is answered more slowly instead (failedLoginDelayMs), wherever it comes from.
 */
export const RATE_LIMITS = {
  loginPerIpAndEmail: { action: "login:ip+email", limit: 10, windowMs: 15 * 60_000 },
  loginPerIp: { action: "login:ip", limit: 50, windowMs: 15 * 60_000 },
  loginSlowdownPerEmail: { action: "login:email", limit: 10, windowMs: 15 * 60_000 },
  passwordChangePerUser: { action: "password-change:user", limit: 10, windowMs: 15 * 60_000 },
  registerPerIp: { action: "register:ip", limit: 10, windowMs: 60 * 60_000 },
  mailPerEmail: { action: "mail:email", limit: 5, windowMs: 60 * 60_000 },
  mailPerIp: { action: "mail:ip", limit: 30, windowMs: 60 * 60_000 },
  tokenPerIp: { action: "token:ip", limit: 60, windowMs: 15 * 60_000 },
  feedbackPerIp: { action: "feedback:ip", limit: 20, windowMs: 60 * 60_000 },
  /** Each request mails a member: an owner must not be able to flood one. */
  transferPerOrganisation: { action: "transfer:organisation", limit: 10, windowMs: 60 * 60_000 },
  /** The company look-up asks a paid, quota-limited service: a user typing a name searches a few times, not hundreds. */
  companyLookupPerUser: { action: "company-lookup:user", limit: 60, windowMs: 15 * 60_000 },
  /** The map's address search asks as the user types (debounced): a busy hour of planning stays well below. */
  geocodePerUser: { action: "geocode:user", limit: 300, windowMs: 15 * 60_000 },
  /** Invitations mail addresses of the inviter's choosing: a member cannot make the app a mailing list. */
  invitePerUser: { action: "invite:user", limit: 50, windowMs: 60 * 60_000 },
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

/** One limit that an attempt counts against: the rule and whose attempts (an address, an e-mail, …). */
export type LimitSubject = readonly [rule: RateLimit, subject: string];

/**
 * Takes one attempt from each limit before the work it guards, each in one atomic statement in the
 * database every process shares, and throws a 429 if any is used up (that attempt then counts nowhere:
 * it is given back to the limits it was taken from). So of a burst of simultaneous attempts at most the
 * limit's number get through, whatever the timing. Answers a function that gives the attempt back, for
 * work that turned out not to count (a login with the right password).
 */
export async function takeAttempt(
  db: Kysely<Database>,
  site: SiteId,
  limits: LimitSubject[],
  now = Date.now(),
): Promise<() => Promise<void>> {
  const taken: string[] = [];
  const giveBack = async () => {
    for (const bucket of taken.splice(0)) {
      // The bucket, not the current window: an attempt that straddles a window's end is given back to the one it was taken from.
      await db
        .updateTable("rate_limits")
        .set({ count: sql<number>`count - 1` })
        .where("bucket", "=", bucket)
        .where("count", ">", 0)
        .execute();
    }
  };
  for (const [rule, subject] of limits) {
    const { bucket, count, expiresAt } = await countAttempt(db, rule, subject, now);
    taken.push(bucket);
    if (count > limitOf(rule)) {
      await giveBack();
      throw tooMany(site, expiresAt, now);
    }
  }
  return giveBack;
}

/** Counts one attempt (atomically, in every database process) and throws a 429 past the limit. */
export async function hitLimit(db: Kysely<Database>, site: SiteId, rule: RateLimit, subject: string, now = Date.now()) {
  const { count, expiresAt } = await countAttempt(db, rule, subject, now);
  if (count > limitOf(rule)) throw tooMany(site, expiresAt, now);
}

/** Counts one attempt without refusing anything; answers how far past its limit the subject is (0 within it). */
export async function countBeyondLimit(db: Kysely<Database>, rule: RateLimit, subject: string, now = Date.now()): Promise<number> {
  const { count } = await countAttempt(db, rule, subject, now);
  return Math.max(0, count - limitOf(rule));
}

async function countAttempt(db: Kysely<Database>, rule: RateLimit, subject: string, now: number) {
  const { bucket, expiresAt } = bucketOf(rule, subject, now);
  const row = await db
    .insertInto("rate_limits")
    .values({ bucket, count: 1, expires_at: expiresAt.toISOString() })
    .onConflict((oc) => oc.column("bucket").doUpdateSet({ count: sql<number>`rate_limits.count + 1` }))
    .returning("count")
    .executeTakeFirstOrThrow();
  // Old windows are removed as new ones start; cheap with the expiry index.
  if (row.count === 1) await db.deleteFrom("rate_limits").where("expires_at", "<", new Date(now).toISOString()).execute();
  return { bucket, count: row.count, expiresAt };
}

/**
 * How long to hold back the answer to a failed login for an e-mail that is `beyond` failures past its
 * slowdown limit: 250 ms doubling with each further failure, up to LOGIN_SLOWDOWN_MAX_MS. A guesser
 * spread over many addresses gets a few attempts a second at most per connection; the owner, who
 * knows the password, is not held back at all.
 */
export function failedLoginDelayMs(beyond: number, maxMs = getConfig().LOGIN_SLOWDOWN_MAX_MS): number {
  if (beyond <= 0) return 0;
  return Math.min(maxMs, 250 * 2 ** Math.min(beyond - 1, 16));
}

/** The client's address as the server in front of us (Next's router) reports it. */
export function clientIp(req: Request): string {
  return req.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || req.headers.get("x-real-ip") || "unknown";
}

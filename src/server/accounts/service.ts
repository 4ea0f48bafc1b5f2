import "server-only";
import { consumeEmailToken, findValidEmailToken } from "./email-tokens";
import { queueMail } from "./mail-queue";
import { ApiError } from "../api/errors";
import { signAccessToken } from "../auth/jwt";
import { PasswordChecksBusyError, isPasswordChecksBusy } from "../auth/hash-pool";
import { getHashPool, hashPassword, spendPasswordCheck, verifyPassword } from "../auth/passwords";
import { isAdminAccount } from "../auth/permissions";
import { acceptInvitesOnVerify, markInviteForRegistration } from "../organisations/invites";
import type { SessionUser } from "../auth/session";
import { getConfig } from "../config";
import { getDb } from "../db";
import type { UsersTable } from "../db/schema";
import { serverTranslator } from "../i18n";
import type { Mailer } from "../mail/mailer";
import { RATE_LIMITS, countBeyondLimit, failedLoginDelayMs, hitLimit, takeAttempt } from "../rate-limit";
import { setTimeout as sleep } from "node:timers/promises";
import { revokeShareLinks } from "../signplans/share-revocation";
import type { Selectable } from "kysely";
import type { LoginAuthBody, LoginResponse, RegisterAuthBody, UpdateProfileAuthBody } from "@/lib/schemas/auth";
import type { SiteId } from "@/sites/registry";

/** Who is calling: the site (language, product, links) and where from (rate limits). */
export interface CallContext {
  site: SiteId;
  ip: string;
  /** Origin for links in e-mails (see siteOrigin). */
  origin: string;
  mailer?: Mailer;
}

type UserRow = Selectable<UsersTable>;

const nowIso = () => new Date().toISOString();

async function tokenFor(user: Pick<UserRow, "id" | "email" | "name" | "is_verified" | "token_version">): Promise<string> {
  const db = await getDb();
  const membership = await db
    .selectFrom("organisation_members")
    .select("organisation_id")
    .where("user_id", "=", user.id)
    .executeTakeFirst();
  return signAccessToken({
    id: user.id,
    email: user.email,
    name: user.name,
    isVerified: user.is_verified === 1,
    organizationId: membership?.organisation_id ?? null,
    tokenVersion: user.token_version,
  });
}

/**
 * POST /auth/register. One account per e-mail across the three sites (core §1). The answer is the same
 * whether or not the e-mail has an account, and so is the work before it (a password hash, one insert
 * that does nothing for a taken e-mail, one queued mail job): the owner of an existing account is told
 * by e-mail instead, with the sister-site notice when the account was made on another site.
 */
export async function registerUser(ctx: CallContext, body: RegisterAuthBody): Promise<{ message: string }> {
  const db = await getDb();
  await hitLimit(db, ctx.site, RATE_LIMITS.registerPerIp, ctx.ip);
  const now = nowIso();
  const inserted = await db
    .insertInto("users")
    .values({
      email: body.email,
      name: body.name,
      password_hash: await hashPassword(body.password),
      registered_site: ctx.site,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column("email").doNothing())
    .returning("id")
    .executeTakeFirst();
  // Done whether or not the account is new, so the answer's timing tells nothing; only the invited
  // address's own confirmation can ever act on it.
  if (body.inviteToken) await markInviteForRegistration(db, body.inviteToken, body.email);
  await queueMail(db, { kind: inserted ? "verification" : "existing-account", email: body.email, site: ctx.site, origin: ctx.origin });
  return { message: serverTranslator(ctx.site)("api.auth.registered") };
}

/**
 * POST /auth/login. Unverified users get a token too (isVerified false); the guards send them on.
 * Only failures count (a user who logs in often is never limited), and they lock only the address
 * that made them (see RATE_LIMITS): the owner logs in from elsewhere while an e-mail is under attack.
 * The attempt is counted before the password is compared and given back when it was right, so of a
 * burst of simultaneous guesses no more than the limit are compared, however the answers interleave.
 */
export async function loginUser(ctx: CallContext, body: LoginAuthBody): Promise<LoginResponse> {
  const t = serverTranslator(ctx.site);
  const db = await getDb();
  // A flood that the hashing queue cannot take is refused before it costs the database anything.
  if (!getHashPool().hasRoom()) throw new PasswordChecksBusyError();
  const giveBack = await takeAttempt(db, ctx.site, [
    [RATE_LIMITS.loginPerIpAndEmail, `${ctx.ip} ${body.email}`],
    [RATE_LIMITS.loginPerIp, ctx.ip],
  ]);

  let user: UserRow | undefined;
  let ok: boolean;
  try {
    user = await db.selectFrom("users").selectAll().where("email", "=", body.email).executeTakeFirst();
    ok = user ? await verifyPassword(body.password, user.password_hash) : (await spendPasswordCheck(body.password), false);
  } catch (error) {
    // Refused before comparing (too many checks waiting): nothing was tried, so nothing counts.
    if (isPasswordChecksBusy(error)) await giveBack();
    throw error;
  }
  if (!user || !ok) {
    const beyond = await countBeyondLimit(db, RATE_LIMITS.loginSlowdownPerEmail, body.email);
    await sleep(failedLoginDelayMs(beyond));
    throw new ApiError(401, t("api.auth.invalidCredentials"));
  }
  await giveBack();
  // For staff's customer page (issue 32).
  await db.updateTable("users").set({ last_login_at: nowIso() }).where("id", "=", user.id).execute();
  let firstLogin = false;
  if (!user.first_login_at) {
    // The 14-day trial starts at the first login (core §9).
    const started = await db
      .updateTable("users")
      .set({ first_login_at: nowIso() })
      .where("id", "=", user.id)
      .where("first_login_at", "is", null)
      .executeTakeFirst();
    firstLogin = Number(started.numUpdatedRows) === 1;
  }
  // firstLogin: the client offers /create-first-organisation then (core §2), once.
  return { access_token: await tokenFor(user), firstLogin };
}

/** POST /auth/verify: confirms the e-mail and answers a token that says so. */
export async function verifyEmail(ctx: CallContext, token: string): Promise<{ access_token: string }> {
  const t = serverTranslator(ctx.site);
  const db = await getDb();
  await hitLimit(db, ctx.site, RATE_LIMITS.tokenPerIp, ctx.ip);
  const user = await db.transaction().execute(async (trx) => {
    const userId = await consumeEmailToken(trx, token, "verify");
    if (userId === null) return null;
    await trx.updateTable("users").set({ is_verified: 1, updated_at: nowIso() }).where("id", "=", userId).execute();
    // The link logs the user in: when it is their first time in, the trial starts here, as at a first login.
    await trx.updateTable("users").set({ first_login_at: nowIso() }).where("id", "=", userId).where("first_login_at", "is", null).execute();
    return trx.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();
  });
  if (!user) throw new ApiError(400, t("api.auth.invalidLink"));
  // Registered from an invitation's link: they land in the organisation (the token below says so).
  await acceptInvitesOnVerify(db, user);
  return { access_token: await tokenFor(user) };
}

/**
 * POST /auth/resend-verification: the same answer, after the same work, whether or not the e-mail has
 * an account; the account is looked up by the mail queue's worker (see queueMail).
 */
export async function resendVerification(ctx: CallContext, email: string): Promise<{ message: string }> {
  const db = await getDb();
  await hitLimit(db, ctx.site, RATE_LIMITS.mailPerIp, ctx.ip);
  await hitLimit(db, ctx.site, RATE_LIMITS.mailPerEmail, email);
  await queueMail(db, { kind: "verification", email, site: ctx.site, origin: ctx.origin });
  return { message: serverTranslator(ctx.site)("api.auth.verificationSent") };
}

/**
 * POST /auth/request-password-reset: the same answer, after the same work, whether or not the e-mail
 * has an account; the account is looked up and the link made by the mail queue's worker (see queueMail).
 */
export async function requestPasswordReset(ctx: CallContext, email: string): Promise<{ message: string }> {
  const db = await getDb();
  await hitLimit(db, ctx.site, RATE_LIMITS.mailPerIp, ctx.ip);
  await hitLimit(db, ctx.site, RATE_LIMITS.mailPerEmail, email);
  await queueMail(db, { kind: "password-reset", email, site: ctx.site, origin: ctx.origin });
  return { message: serverTranslator(ctx.site)("api.auth.resetRequested") };
}

/** POST /auth/verify-reset-token: whether the link can still be used (it is not used up by asking). */
export async function checkResetToken(ctx: CallContext, token: string): Promise<{ valid: true }> {
  const db = await getDb();
  await hitLimit(db, ctx.site, RATE_LIMITS.tokenPerIp, ctx.ip);
  if (!(await findValidEmailToken(db, token, "reset"))) throw new ApiError(400, serverTranslator(ctx.site)("api.auth.invalidLink"));
  return { valid: true };
}

/**
 * POST /auth/reset-password: sets the new password, uses the link up, and ends every session from
 * before (tokens carry the token version). The link proves the e-mail, so it counts as confirmed.
 */
export async function resetPassword(ctx: CallContext, token: string, password: string): Promise<{ message: string }> {
  const t = serverTranslator(ctx.site);
  const db = await getDb();
  await hitLimit(db, ctx.site, RATE_LIMITS.tokenPerIp, ctx.ip);
  const passwordHash = await hashPassword(password);
  const done = await db.transaction().execute(async (trx) => {
    const userId = await consumeEmailToken(trx, token, "reset");
    if (userId === null) return false;
    const user = await trx.selectFrom("users").select("token_version").where("id", "=", userId).executeTakeFirstOrThrow();
    await trx
      .updateTable("users")
      .set({ password_hash: passwordHash, is_verified: 1, token_version: user.token_version + 1, updated_at: nowIso() })
      .where("id", "=", userId)
      .execute();
    // The links this user shared end with their sessions: whoever knew the old password may have made them.
    await revokeShareLinks(trx, { createdBy: userId });
    return true;
  });
  if (!done) throw new ApiError(400, t("api.auth.invalidLink"));
  return { message: t("api.auth.passwordReset") };
}

/** PUT /auth/update-profile: name, and/or password (the current one is required to change it). */
export async function updateProfile(ctx: CallContext, user: SessionUser, body: UpdateProfileAuthBody): Promise<{ access_token: string }> {
  const t = serverTranslator(ctx.site);
  const db = await getDb();
  const row = await db.selectFrom("users").selectAll().where("id", "=", user.id).executeTakeFirstOrThrow();
  const changes: Partial<{ name: string; password_hash: string; token_version: number; updated_at: string }> = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.newPassword !== undefined) {
    // Per user, not per e-mail: other people's failed logins for the e-mail must not block this.
    await hitLimit(db, ctx.site, RATE_LIMITS.passwordChangePerUser, String(user.id));
    if (!(await verifyPassword(body.currentPassword ?? "", row.password_hash))) {
      throw new ApiError(400, t("api.auth.wrongCurrentPassword"), { field: "currentPassword" });
    }
    changes.password_hash = await hashPassword(body.newPassword);
    // Other devices are logged out; this one gets a fresh token below.
    changes.token_version = row.token_version + 1;
  }
  if (Object.keys(changes).length > 0) {
    changes.updated_at = nowIso();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("users").set(changes).where("id", "=", user.id).execute();
      // As in resetPassword: a new password also ends the read-only links this user shared.
      if (changes.password_hash !== undefined) await revokeShareLinks(trx, { createdBy: user.id });
    });
  }
  return { access_token: await tokenFor({ ...row, ...changes }) };
}

/** GET /users/adminStatus/{id}: only about oneself (anyone else's id is "not found"). */
export async function getAdminStatus(ctx: CallContext, user: SessionUser, id: number): Promise<{ isAdmin: boolean }> {
  if (id !== user.id) throw new ApiError(404, serverTranslator(ctx.site)("api.auth.notFound"));
  return { isAdmin: await isAdmin(user.id) };
}

/** Whether the account is a staff admin (see isAdminAccount); false for an unknown id. */
export async function isAdmin(userId: number): Promise<boolean> {
  const db = await getDb();
  const row = await db.selectFrom("users").select(["is_admin", "is_verified", "email"]).where("id", "=", userId).executeTakeFirst();
  return !!row && isAdminAccount(row, adminEmails());
}

/** ADMIN_EMAILS: staff accounts that are admins once their e-mail is confirmed. */
function adminEmails(): Set<string> {
  return new Set(
    (getConfig().ADMIN_EMAILS ?? "")
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** `npm run make-admin -- <email>`: makes an existing account an admin. */
export async function makeAdmin(email: string): Promise<boolean> {
  const db = await getDb();
  const result = await db
    .updateTable("users")
    .set({ is_admin: 1, updated_at: nowIso() })
    .where("email", "=", email.trim().toLowerCase())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

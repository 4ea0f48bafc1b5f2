import "server-only";
import type { Kysely, Selectable, Transaction } from "kysely";
import { assertMay, type Membership } from "./membership";
import type { CallContext } from "../accounts/service";
import { hashLinkToken, newLinkToken } from "../accounts/email-tokens";
import { queueMail } from "../accounts/mail-queue";
import { ApiError } from "../api/errors";
import type { SessionUser } from "../auth/session";
import { getDb, type Database } from "../db";
import type { OrganisationInvitesTable } from "../db/schema";
import { serverTranslator } from "../i18n";
import { RATE_LIMITS, hitLimit } from "../rate-limit";
import { emitOrganisationInvite } from "../realtime/emitter";
import {
  INVITE_LIFETIME_DAYS,
  type CheckPendingInviteDto,
  type InvitationPreviewDto,
  type InviteAnswerDto,
  type InviteDto,
  type InviteResultDto,
  type PendingInviteDto,
} from "@/lib/schemas/organisation";

/*
 * Invitations to an organisation (issue 30, core §3 "Invite", §4). Who may invite, resend and revoke is
 * the permission table's (membership.ts); these functions check what depends on the invitation: its
 * state, its expiry, and that only the invited e-mail's account answers it.
 *
 * The mailed link's token is made by the mail queue's worker when it sends the mail (sendInvitationMail),
 * so it is never stored, not even in the queue; until then, and from a resend until the new mail, the
 * invitation has no working link (token_hash null).
 */

export const INVITE_LIFETIME_MS = INVITE_LIFETIME_DAYS * 24 * 60 * 60_000;

type InviteRow = Selectable<OrganisationInvitesTable>;
type Db = Kysely<Database> | Transaction<Database>;

/**
 * Marks the pending invitations whose expiry has passed as expired (lazily: every path that reads
 * invitations calls it first, for the e-mail or the organisation it is about), so that an expired one
 * counts as expired everywhere without a scheduled job.
 */
async function expireDue(db: Db, scope: { email?: string; organisationId?: number; id?: number }, now = new Date()): Promise<void> {
  // Read first: the header asks on every page load, and an UPDATE that matches nothing would still
  // take SQLite's write lock each time.
  let due = db.selectFrom("organisation_invites").select("id").where("state", "=", "pending").where("expires_at", "<=", now.toISOString());
  if (scope.email !== undefined) due = due.where("email", "=", scope.email);
  if (scope.organisationId !== undefined) due = due.where("organisation_id", "=", scope.organisationId);
  if (scope.id !== undefined) due = due.where("id", "=", scope.id);
  const ids = (await due.execute()).map((row) => row.id);
  if (ids.length === 0) return;
  await db
    .updateTable("organisation_invites")
    .set({ state: "expired", answered_at: now.toISOString() })
    .where("id", "in", ids)
    .where("state", "=", "pending")
    .execute();
}

/** The invitee's view of an invitation (core §3): the organisation's name and cvr_number, who invited, until when. */
async function inviteDtoOf(db: Db, invite: InviteRow): Promise<InviteDto> {
  const organisation = await db
    .selectFrom("organisations")
    .select(["id", "name", "cvr_number"])
    .where("id", "=", invite.organisation_id)
    .executeTakeFirstOrThrow();
  return { email: invite.email, organization: organisation, invitedBy: await nameOf(db, invite.invited_by), expiresAt: invite.expires_at };
}

async function nameOf(db: Db, userId: number | null): Promise<string> {
  if (userId === null) return "";
  const row = await db.selectFrom("users").select("name").where("id", "=", userId).executeTakeFirst();
  return row?.name ?? "";
}

function pendingDtoOf(invite: InviteRow, invitedBy: string): PendingInviteDto {
  return { email: invite.email, invitedBy, invitedAt: invite.created_at, expiresAt: invite.expires_at };
}

/**
 * POST /users/invite {email}: invites the e-mail, or, when it has a pending invitation from this
 * organisation already, resends it (permission "resendInvite"): the old link stops working at once, a new
 * one is mailed and the 14 days start again. A member of the organisation is not invited (409). A
 * logged-in invitee hears of it at once over the socket.
 */
export async function inviteToOrganisation(
  call: CallContext,
  user: SessionUser,
  membership: Membership,
  email: string,
): Promise<{ status: 200 | 201; body: InviteResultDto }> {
  const t = serverTranslator(call.site);
  const db = await getDb();
  const organisationId = membership.organisation.id;
  const member = await db
    .selectFrom("organisation_members")
    .innerJoin("users", "users.id", "organisation_members.user_id")
    .select("users.id")
    .where("organisation_members.organisation_id", "=", organisationId)
    .where("users.email", "=", email)
    .executeTakeFirst();
  if (member) throw new ApiError(409, t("api.invites.alreadyInOrganisation", { email }));

  await expireDue(db, { organisationId, email });
  const existing = await findPending(db, organisationId, email);
  if (existing) assertMay(membership, "resendInvite", call.site);
  // Limits come after the refusals above (they change nothing) and before anything is written or mailed:
  // an invitation mails an address of the caller's choosing.
  await hitLimit(db, call.site, RATE_LIMITS.invitePerUser, String(user.id));
  await hitLimit(db, call.site, RATE_LIMITS.mailPerEmail, email);

  const now = new Date();
  const fields = {
    token_hash: null,
    invited_by: user.id,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + INVITE_LIFETIME_MS).toISOString(),
  };
  let invite: InviteRow;
  let resent = existing !== undefined;
  if (existing) {
    invite = await db
      .updateTable("organisation_invites")
      .set(fields)
      .where("id", "=", existing.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  } else {
    try {
      invite = await db
        .insertInto("organisation_invites")
        .values({ organisation_id: organisationId, email, state: "pending", ...fields })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (error) {
      // Two invitations of one address at once: the partial unique index lets one in; the other is a resend.
      const raced = await findPending(db, organisationId, email);
      if (!raced) throw error;
      invite = await db.updateTable("organisation_invites").set(fields).where("id", "=", raced.id).returningAll().executeTakeFirstOrThrow();
      resent = true;
    }
  }
  await queueMail(db, { kind: "invitation", email, site: call.site, origin: call.origin, invite_id: invite.id });

  const invitee = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
  if (invitee) emitOrganisationInvite(invitee.id, await inviteDtoOf(db, invite));

  return {
    status: resent ? 200 : 201,
    body: {
      message: t(resent ? "api.invites.resent" : "api.invites.sent", { email }),
      action: resent ? "resendInvite" : "invite",
      invite: pendingDtoOf(invite, user.name),
    },
  };
}

function findPending(db: Db, organisationId: number, email: string) {
  return db
    .selectFrom("organisation_invites")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("email", "=", email)
    .where("state", "=", "pending")
    .executeTakeFirst();
}

/** The newest pending invitation to an e-mail (an address may be invited by several organisations). */
async function newestPendingFor(db: Db, email: string): Promise<InviteRow | undefined> {
  await expireDue(db, { email });
  return db
    .selectFrom("organisation_invites")
    .selectAll()
    .where("email", "=", email)
    .where("state", "=", "pending")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
}

/** GET /users/checkPendingInvite: the caller's own pending invitation, by their account's e-mail, or null. */
export async function checkPendingInvite(user: SessionUser): Promise<CheckPendingInviteDto> {
  const db = await getDb();
  const invite = await newestPendingFor(db, user.email);
  return { invite: invite ? await inviteDtoOf(db, invite) : null };
}

/**
 * The invitation a caller answers: the mailed link's (which must be addressed to the caller's e-mail),
 * or without a token the caller's newest pending one. Refuses one that is no longer pending, saying why.
 */
async function invitationToAnswer(call: CallContext, user: SessionUser, token: string | undefined): Promise<InviteRow> {
  const t = serverTranslator(call.site);
  const db = await getDb();
  let invite: InviteRow | undefined;
  if (token === undefined) {
    invite = await newestPendingFor(db, user.email);
    if (!invite) throw new ApiError(404, t("api.invites.noPending"));
    return invite;
  }
  await hitLimit(db, call.site, RATE_LIMITS.tokenPerIp, call.ip);
  invite = await db.selectFrom("organisation_invites").selectAll().where("token_hash", "=", hashLinkToken(token)).executeTakeFirst();
  if (!invite) throw new ApiError(404, t("api.invites.invalidLink"));
  if (invite.email !== user.email) throw new ApiError(403, t("api.invites.otherEmail", { email: user.email }));
  await expireDue(db, { id: invite.id });
  const state = (await db.selectFrom("organisation_invites").select("state").where("id", "=", invite.id).executeTakeFirstOrThrow()).state;
  if (state !== "pending") throw notPending(call, state);
  return invite;
}

function notPending(call: CallContext, state: Exclude<InviteRow["state"], "pending">): ApiError {
  const t = serverTranslator(call.site);
  if (state === "expired") return new ApiError(410, t("api.invites.expired"));
  if (state === "revoked") return new ApiError(410, t("api.invites.revoked"));
  return new ApiError(409, t(state === "accepted" ? "api.invites.alreadyAccepted" : "api.invites.alreadyDeclined"));
}

/**
 * POST /users/acceptInvite {token?}: the caller joins the organisation (core §4: they then go to the
 * organisation page). Refused (409) while they belong to an organisation: a user is in at most one.
 */
export async function acceptInvite(call: CallContext, user: SessionUser, token: string | undefined): Promise<InviteAnswerDto> {
  const t = serverTranslator(call.site);
  const invite = await invitationToAnswer(call, user, token);
  const db = await getDb();
  const alreadyMember = () => new ApiError(409, t("api.invites.alreadyMember"));
  const current = await db.selectFrom("organisation_members").select("organisation_id").where("user_id", "=", user.id).executeTakeFirst();
  if (current) throw alreadyMember();
  const organisation = await db
    .selectFrom("organisations")
    .select("name")
    .where("id", "=", invite.organisation_id)
    .executeTakeFirstOrThrow();
  await joinByInvite(db, call, user.id, invite, alreadyMember);
  return { hasInviteBeenAccepted: true, message: t("api.invites.accepted", { organisation: organisation.name }) };
}

/**
 * Marks the invitation accepted and makes the user a member, in one transaction: the conditional update
 * lets one answer through when two arrive together (a revoke, a decline, a second accept), and the
 * unique user_id of organisation_members keeps a user in one organisation.
 */
async function joinByInvite(db: Kysely<Database>, call: CallContext, userId: number, invite: InviteRow, alreadyMember: () => ApiError) {
  const now = new Date().toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable("organisation_invites")
        .set({ state: "accepted", answered_at: now })
        .where("id", "=", invite.id)
        .where("state", "=", "pending")
        .where("expires_at", ">", now)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new StateChanged();
      await trx
        .insertInto("organisation_members")
        .values({ organisation_id: invite.organisation_id, user_id: userId, is_admin: 0, joined_at: now })
        .execute();
    });
  } catch (error) {
    if (error instanceof StateChanged) {
      await expireDue(db, { id: invite.id });
      const { state } = await db.selectFrom("organisation_invites").select("state").where("id", "=", invite.id).executeTakeFirstOrThrow();
      throw state === "pending" ? alreadyMember() : notPending(call, state);
    }
    const member = await db.selectFrom("organisation_members").select("organisation_id").where("user_id", "=", userId).executeTakeFirst();
    if (member) throw alreadyMember();
    throw error;
  }
}

class StateChanged extends Error {}

/** POST /users/declineInvite {token?}: the invitation ends; hasInviteBeenAccepted false. */
export async function declineInvite(call: CallContext, user: SessionUser, token: string | undefined): Promise<InviteAnswerDto> {
  const t = serverTranslator(call.site);
  const invite = await invitationToAnswer(call, user, token);
  const db = await getDb();
  const updated = await db
    .updateTable("organisation_invites")
    .set({ state: "declined", answered_at: new Date().toISOString() })
    .where("id", "=", invite.id)
    .where("state", "=", "pending")
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) {
    const { state } = await db.selectFrom("organisation_invites").select("state").where("id", "=", invite.id).executeTakeFirstOrThrow();
    if (state !== "pending") throw notPending(call, state);
  }
  return { hasInviteBeenAccepted: false, message: t("api.invites.declined") };
}

/** GET /users/pendingInvites: the organisation's pending invitations, newest first (core §3: email, expiry). */
export async function pendingInvites(membership: Membership): Promise<PendingInviteDto[]> {
  const db = await getDb();
  await expireDue(db, { organisationId: membership.organisation.id });
  const rows = await db
    .selectFrom("organisation_invites")
    .leftJoin("users", "users.id", "organisation_invites.invited_by")
    .selectAll("organisation_invites")
    .select("users.name as inviter")
    .where("organisation_invites.organisation_id", "=", membership.organisation.id)
    .where("organisation_invites.state", "=", "pending")
    .orderBy("organisation_invites.created_at", "desc")
    .orderBy("organisation_invites.id", "desc")
    .execute();
  return rows.map((row) => pendingDtoOf(row, row.inviter ?? ""));
}

/** DELETE /users/revokeInvite {email}: the pending invitation ends; its link stops working. */
export async function revokeInvite(call: CallContext, membership: Membership, email: string): Promise<{ message: string }> {
  const t = serverTranslator(call.site);
  const db = await getDb();
  await expireDue(db, { organisationId: membership.organisation.id, email });
  const updated = await db
    .updateTable("organisation_invites")
    .set({ state: "revoked", answered_at: new Date().toISOString() })
    .where("organisation_id", "=", membership.organisation.id)
    .where("email", "=", email)
    .where("state", "=", "pending")
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new ApiError(404, t("api.invites.noPendingFor", { email }));
  return { message: t("api.invites.revokedDone", { email }) };
}

/**
 * GET /users/invitation?token=: what the invitation page shows to whoever holds the mailed link (the
 * link went to the invited address, so saying whether it has an account tells its holder nothing new).
 * A token that is not the invitation's current one is not found.
 */
export async function previewInvitation(call: CallContext, token: string): Promise<InvitationPreviewDto> {
  const t = serverTranslator(call.site);
  const db = await getDb();
  await hitLimit(db, call.site, RATE_LIMITS.tokenPerIp, call.ip);
  const found = await db.selectFrom("organisation_invites").select("id").where("token_hash", "=", hashLinkToken(token)).executeTakeFirst();
  if (!found) throw new ApiError(404, t("api.invites.invalidLink"));
  await expireDue(db, { id: found.id });
  const invite = await db
    .selectFrom("organisation_invites")
    .innerJoin("organisations", "organisations.id", "organisation_invites.organisation_id")
    .leftJoin("users", "users.id", "organisation_invites.invited_by")
    .select([
      "organisation_invites.email",
      "organisation_invites.state",
      "organisation_invites.expires_at",
      "organisations.name",
      "organisations.cvr_number",
      "users.name as inviter",
    ])
    .where("organisation_invites.id", "=", found.id)
    .executeTakeFirstOrThrow();
  const account = await db.selectFrom("users").select("id").where("email", "=", invite.email).executeTakeFirst();
  return {
    email: invite.email,
    organization: { name: invite.name, cvr_number: invite.cvr_number },
    invitedBy: invite.inviter ?? null,
    expiresAt: invite.expires_at,
    state: invite.state,
    hasAccount: account !== undefined,
  };
}

/**
 * Registration from an invitation's link (POST /auth/register with inviteToken): when the new account's
 * e-mail is the invited one, confirming that e-mail accepts the invitation (acceptInvitesOnVerify).
 * Anything else is ignored silently: registration answers alike whatever happened.
 */
export async function markInviteForRegistration(db: Db, token: string, email: string): Promise<void> {
  await db
    .updateTable("organisation_invites")
    .set({ accept_on_verify: 1 })
    .where("token_hash", "=", hashLinkToken(token))
    .where("email", "=", email)
    .where("state", "=", "pending")
    .execute();
}

/**
 * After a user confirms their e-mail: the invitation they registered from is accepted, so they land in
 * the organisation. Nothing happens when it has ended meanwhile or they belong to an organisation already.
 */
export async function acceptInvitesOnVerify(db: Kysely<Database>, user: { id: number; email: string }): Promise<void> {
  await expireDue(db, { email: user.email });
  const invite = await db
    .selectFrom("organisation_invites")
    .selectAll()
    .where("email", "=", user.email)
    .where("state", "=", "pending")
    .where("accept_on_verify", "=", 1)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  if (!invite) return;
  const member = await db.selectFrom("organisation_members").select("user_id").where("user_id", "=", user.id).executeTakeFirst();
  if (member) return;
  const now = new Date().toISOString();
  await db
    .transaction()
    .execute(async (trx) => {
      const updated = await trx
        .updateTable("organisation_invites")
        .set({ state: "accepted", answered_at: now })
        .where("id", "=", invite.id)
        .where("state", "=", "pending")
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new StateChanged();
      await trx
        .insertInto("organisation_members")
        .values({ organisation_id: invite.organisation_id, user_id: user.id, is_admin: 0, joined_at: now })
        .execute();
    })
    .catch(async (error: unknown) => {
      // Answered meanwhile, or the user joined an organisation meanwhile: the confirmation itself stands.
      if (error instanceof StateChanged) return;
      const member = await db.selectFrom("organisation_members").select("user_id").where("user_id", "=", user.id).executeTakeFirst();
      if (!member) throw error;
    });
}

/**
 * The mail queue's job for an invitation (mail-jobs.ts): makes the link's token, stores its hash and
 * answers what the mail needs; nothing when the invitation is no longer pending (revoked before the
 * worker came to it). A resend queues a job of its own, whose token replaces this one.
 */
export async function issueInvitationLink(
  db: Kysely<Database>,
  inviteId: number,
): Promise<{ token: string; email: string; organisation: string; inviter: string; expiresAt: string } | null> {
  await expireDue(db, { id: inviteId });
  const invite = await db
    .selectFrom("organisation_invites")
    .innerJoin("organisations", "organisations.id", "organisation_invites.organisation_id")
    .leftJoin("users", "users.id", "organisation_invites.invited_by")
    .select(["organisation_invites.email", "organisation_invites.expires_at", "organisations.name", "users.name as inviter"])
    .where("organisation_invites.id", "=", inviteId)
    .where("organisation_invites.state", "=", "pending")
    .executeTakeFirst();
  if (!invite) return null;
  const { token, hash } = newLinkToken();
  const updated = await db
    .updateTable("organisation_invites")
    .set({ token_hash: hash })
    .where("id", "=", inviteId)
    .where("state", "=", "pending")
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return null;
  return { token, email: invite.email, organisation: invite.name, inviter: invite.inviter ?? "", expiresAt: invite.expires_at };
}

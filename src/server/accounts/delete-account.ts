import "server-only";
import { sql } from "kysely";
import type { CallContext } from "./service";
import { ApiError } from "../api/errors";
import { verifyPassword } from "../auth/passwords";
import type { SessionUser } from "../auth/session";
import { archiveKeysOfProjects } from "../archive/cleanup";
import { getDb } from "../db";
import { exportFileKeys } from "../exports/service";
import { serverTranslator } from "../i18n";
import { log } from "../log";
import { RATE_LIMITS, hitLimit } from "../rate-limit";
import { disconnectUser } from "../realtime/emitter";
import { getStorage } from "../storage";

const nowIso = () => new Date().toISOString();

/**
 * DELETE /users/account {password}: deletes the caller's account. What happens to what it holds (the
 * README's Organisations section; the dialog on /organisation says the same before the user confirms):
 * - the owner of an organisation with other members is refused (409, code OWNER_HAS_MEMBERS): they
 *   transfer the ownership or delete the organisation first, so nobody loses their organisation unwarned;
 * - the owner alone in theirs: the organisation is deleted with the account (as deleteOrganization does);
 * - a member or administrator leaves their organisation;
 * - projects the user shared with an organisation pass to that organisation's owner, and plans the user
 *   made in a colleague's project pass to that project's owner, so nothing a colleague relies on
 *   disappears; the user's personal signs then pass, hidden from any gallery, to the same heir, so the
 *   plans that placed them still show them;
 * - everything else (private projects and their plans, sign lists, settings, presets, their own logo)
 *   is deleted, with its stored files;
 * - sessions end: the token names a user row that is gone, and open sockets are closed.
 */
export async function deleteAccount(call: CallContext, user: SessionUser, password: string): Promise<{ message: string }> {
  const t = serverTranslator(call.site);
  const db = await getDb();
  // Per user, as the password change: a stolen token must not be able to guess the password freely.
  await hitLimit(db, call.site, RATE_LIMITS.passwordChangePerUser, String(user.id));
  const row = await db.selectFrom("users").select("password_hash").where("id", "=", user.id).executeTakeFirst();
  if (!row) throw new ApiError(404, t("api.auth.notFound"));
  if (!(await verifyPassword(password, row.password_hash))) {
    throw new ApiError(400, t("api.account.wrongPassword"), { field: "password" });
  }

  const files = await db.transaction().execute(async (trx) => {
    let organisationFiles: string[] = [];
    const owned = await trx.selectFrom("organisations").select("id").where("owner_id", "=", user.id).executeTakeFirst();
    if (owned) {
      const others = await trx
        .selectFrom("organisation_members")
        .select("user_id")
        .where("organisation_id", "=", owned.id)
        .where("user_id", "!=", user.id)
        .executeTakeFirst();
      if (others) throw new ApiError(409, t("api.account.ownerHasMembers"), { code: "OWNER_HAS_MEMBERS" });
      // As DELETE /users/deleteOrganization: projects shared with it become private to their owners.
      await trx.updateTable("projects").set({ is_shared: 0, organisation_id: null }).where("organisation_id", "=", owned.id).execute();
      await trx.deleteFrom("organisation_members").where("organisation_id", "=", owned.id).execute();
      const logo = await trx.selectFrom("company_logos").select("storage_key").where("organisation_id", "=", owned.id).execute();
      const signs = await trx.selectFrom("organisation_signs").select("storage_key").where("organisation_id", "=", owned.id).execute();
      await trx.deleteFrom("organisations").where("id", "=", owned.id).execute();
      organisationFiles = [...logo, ...signs].map((r) => r.storage_key);
    }

    // Who receives what the user made for others; their personal signs follow it (see below).
    const receivers = [
      ...(await trx
        .selectFrom("projects")
        .innerJoin("organisations", "organisations.id", "projects.organisation_id")
        .select("organisations.owner_id")
        .where("projects.owner_id", "=", user.id)
        .execute()),
      ...(await trx
        .selectFrom("signplans")
        .innerJoin("projects", "projects.id", "signplans.project_id")
        .select("projects.owner_id")
        .where("signplans.owner_id", "=", user.id)
        .where("projects.owner_id", "!=", user.id)
        .execute()),
    ].map((r) => r.owner_id);
    // Shared projects pass to the owner of the organisation they are shared with (also one the user has
    // left since: sharing is permanent). Not as anyone's 'Standardprojekt': the heir has their own.
    await trx
      .updateTable("projects")
      .set({
        owner_id: sql<number>`(select organisations.owner_id from organisations where organisations.id = projects.organisation_id)`,
        is_default: 0,
        updated_at: nowIso(),
      })
      .where("owner_id", "=", user.id)
      .where("organisation_id", "is not", null)
      .execute();
    // Plans the user made in someone else's project (shared, or shared until its organisation was deleted).
    await trx
      .updateTable("signplans")
      .set({ owner_id: sql<number>`(select projects.owner_id from projects where projects.id = signplans.project_id)` })
      .where("owner_id", "=", user.id)
      .execute();
    const membership = await trx
      .selectFrom("organisation_members")
      .innerJoin("organisations", "organisations.id", "organisation_members.organisation_id")
      .select("organisations.owner_id")
      .where("organisation_members.user_id", "=", user.id)
      .executeTakeFirst();
    // A personal sign placed in a plan that now belongs to someone else must keep showing there (its image
    // is served through its row): the signs pass, hidden from any gallery, to the organisation's owner.
    const signHeir = membership?.owner_id ?? receivers[0];
    let personalSignFiles: string[] = [];
    if (signHeir !== undefined) {
      await trx
        .updateTable("personal_signs")
        .set({ owner_id: signHeir, deleted_at: sql<string>`coalesce(deleted_at, ${nowIso()})` })
        .where("owner_id", "=", user.id)
        .execute();
    } else {
      personalSignFiles = (await trx.selectFrom("personal_signs").select("storage_key").where("owner_id", "=", user.id).execute()).map(
        (r) => r.storage_key,
      );
    }

    // What is left is the user's own: their projects and the plans in them go (cascade) with the account.
    const plans = await trx
      .selectFrom("signplans")
      .innerJoin("projects", "projects.id", "signplans.project_id")
      .select(["signplans.id", "signplans.background_key"])
      .where("projects.owner_id", "=", user.id)
      .execute();
    const exportKeys = await exportFileKeys(
      trx,
      plans.map((p) => p.id),
    );
    const logo = await trx.selectFrom("company_logos").select("storage_key").where("user_id", "=", user.id).execute();
    // The archives of the projects that go (the shared ones passed to their heirs above, archives and all).
    const archiveKeys = await archiveKeysOfProjects(trx, { ownerId: user.id });
    await trx.deleteFrom("projects").where("owner_id", "=", user.id).execute();
    await trx.deleteFrom("users").where("id", "=", user.id).execute();
    return [
      ...organisationFiles,
      ...plans.flatMap((p) => (p.background_key ? [p.background_key] : [])),
      ...logo.map((r) => r.storage_key),
      ...personalSignFiles,
      ...exportKeys,
      ...archiveKeys,
    ];
  });

  disconnectUser(user.id);
  // The rows are gone; their files are removed after the commit (a failure leaves a file unreferenced, never a row without its file).
  for (const key of files)
    await getStorage()
      .delete(key)
      .catch((e) => log.error("accounts", "file not removed", e));
  return { message: t("api.account.deleted") };
}

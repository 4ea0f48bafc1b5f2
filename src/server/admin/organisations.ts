import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "../db";
import { ApiError } from "../api/errors";
import { serverTranslator } from "../i18n";
import { emitBillingStatusChanged } from "../realtime/emitter";
import { recordAudit } from "./audit";
import type { AdminActor } from "./actions";

/**
 * POST /admin/organisations/{id}/owner {userId, reason}: staff make a member the owner when the company
 * asks in writing (reason: that request's reference). As the organisation's own transfer does
 * (src/server/organisations/transfer.ts), the old owner stays on as an administrator and any open
 * transfer link ends; the billing account belongs to the organisation, so the payer follows unchanged.
 * The owner column moves only if it still names the owner read here, so two changes at once cannot
 * both log a "before" that is no longer true.
 */
export async function changeOrganisationOwner(
  db: Kysely<Database>,
  actor: AdminActor,
  organisationId: number,
  userId: number,
  reason: string,
): Promise<void> {
  const t = serverTranslator(actor.site);
  const memberIds = await db.transaction().execute(async (trx) => {
    const organisation = await trx
      .selectFrom("organisations")
      .select(["id", "owner_id"])
      .where("id", "=", organisationId)
      .executeTakeFirst();
    if (!organisation) throw new ApiError(404, t("api.admin.organisationNotFound"));
    const member = await trx
      .selectFrom("organisation_members")
      .select("user_id")
      .where("organisation_id", "=", organisationId)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (!member) throw new ApiError(409, t("api.admin.ownerNotMember"));
    if (organisation.owner_id === userId) throw new ApiError(409, t("api.admin.alreadyOwner"));
    const now = actor.now.toISOString();
    const moved = await trx
      .updateTable("organisations")
      .set({ owner_id: userId, updated_at: now })
      .where("id", "=", organisationId)
      .where("owner_id", "=", organisation.owner_id)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new ApiError(409, t("api.admin.ownerChanged"));
    // Both keep is_admin 1, as after a transfer: the owner's row carries it for a later change.
    await trx
      .updateTable("organisation_members")
      .set({ is_admin: 1 })
      .where("organisation_id", "=", organisationId)
      .where("user_id", "in", [organisation.owner_id, userId])
      .execute();
    await trx
      .updateTable("ownership_transfers")
      .set({ ended_at: now })
      .where("organisation_id", "=", organisationId)
      .where("used_at", "is", null)
      .where("ended_at", "is", null)
      .execute();
    await recordAudit(
      trx,
      {
        adminId: actor.adminId,
        action: "organisation.changeOwner",
        targetType: "organisation",
        targetId: organisationId,
        before: { ownerId: organisation.owner_id },
        after: { ownerId: userId },
        reason,
      },
      actor.now,
    );
    return [organisation.owner_id, userId];
  });
  // Who may see and change the invoice details moved: open screens of both fetch their state again.
  emitBillingStatusChanged(memberIds);
}

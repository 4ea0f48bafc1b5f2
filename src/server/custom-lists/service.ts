import "server-only";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { CallContext } from "../accounts/service";
import { ApiError } from "../api/errors";
import { canManageCustomList } from "../auth/permissions";
import type { SessionUser } from "../auth/session";
import { getDb, type Database } from "../db";
import type { CustomListSignsTable, CustomListsTable } from "../db/schema";
import { serverTranslator } from "../i18n";
import { isCatalogueImageUrl } from "../signs/catalogue";
import {
  MAX_CUSTOM_LISTS,
  type CreateCustomListBody,
  type CustomListDto,
  type CustomListSign,
  type CustomListSummaryDto,
  type DeletedCustomListDto,
  type UpdateCustomListBody,
} from "@/lib/schemas/custom-lists";
import { isCatalogueImagePath } from "@/lib/signs/image-url";

type ListRow = Selectable<CustomListsTable>;
type SignRow = Selectable<CustomListSignsTable>;

const nowIso = () => new Date().toISOString();

function signOf(row: Pick<SignRow, "image_url" | "name" | "value" | "count" | "comment">): CustomListSign {
  return {
    imageUrl: row.image_url,
    name: row.name,
    count: Number(row.count),
    comment: row.comment,
    ...(row.value !== null && { value: row.value }),
  };
}

function toDto(row: ListRow, signs: CustomListSign[]): CustomListDto {
  return {
    id: row.id,
    name: row.name,
    signCount: signs.length,
    totalCount: signs.reduce((sum, sign) => sum + sign.count, 0),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    signs,
  };
}

/** GET /custom-lists: the caller's lists with their sign counts, the last changed first. */
export async function listCustomLists(user: SessionUser): Promise<CustomListSummaryDto[]> {
  const db = await getDb();
  const rows = await db
    .selectFrom("custom_lists as l")
    .leftJoin("custom_list_signs as s", "s.list_id", "l.id")
    .select((eb) => [
      "l.id",
      "l.name",
      "l.created_at",
      "l.updated_at",
      eb.fn.count<number | string>("s.id").as("sign_count"),
      eb.fn.sum<number | string | null>("s.count").as("total_count"),
    ])
    .where("l.owner_id", "=", user.id)
    .groupBy(["l.id", "l.name", "l.created_at", "l.updated_at"])
    .orderBy("l.updated_at", "desc")
    .orderBy("l.id", "desc")
    .execute();
  // PostgreSQL answers count and sum as bigint/numeric text.
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    signCount: Number(row.sign_count),
    totalCount: Number(row.total_count ?? 0),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
}

/** The list for its owner; anyone else (and a list that does not exist) gets a 404. */
async function ownListOrThrow(db: Kysely<Database>, ctx: CallContext, user: SessionUser, id: number): Promise<ListRow> {
  const row = await db.selectFrom("custom_lists").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row || !canManageCustomList(user, row)) throw new ApiError(404, serverTranslator(ctx.site)("api.customLists.notFound"));
  return row;
}

async function signsOf(db: Kysely<Database>, listId: number): Promise<CustomListSign[]> {
  const rows = await db
    .selectFrom("custom_list_signs")
    .select(["image_url", "name", "value", "count", "comment"])
    .where("list_id", "=", listId)
    .orderBy("position")
    .execute();
  return rows.map(signOf);
}

/**
 * Refuses a catalogue picture (/signs/…) that no catalogue has: the schema checked the URL's form, this
 * that it names a real sign, so a list holds nothing the export would fetch in vain.
 */
function assertCatalogueSigns(ctx: CallContext, signs: readonly CustomListSign[] | undefined): void {
  const index = signs?.findIndex((sign) => isCatalogueImagePath(sign.imageUrl) && !isCatalogueImageUrl(sign.imageUrl)) ?? -1;
  if (index >= 0)
    throw new ApiError(400, serverTranslator(ctx.site)("validation.customListSignImage"), { field: `signs.${index}.imageUrl` });
}

async function insertSigns(trx: Transaction<Database>, listId: number, signs: readonly CustomListSign[]): Promise<void> {
  if (signs.length === 0) return;
  await trx
    .insertInto("custom_list_signs")
    .values(
      signs.map((sign, position) => ({
        list_id: listId,
        position,
        image_url: sign.imageUrl,
        name: sign.name,
        value: sign.value ?? null,
        count: sign.count,
        comment: sign.comment,
      })),
    )
    .execute();
}

/** GET /custom-lists/{id}: one of the caller's lists with its signs in order. */
export async function getCustomList(ctx: CallContext, user: SessionUser, id: number): Promise<CustomListDto> {
  const db = await getDb();
  const row = await ownListOrThrow(db, ctx, user, id);
  return toDto(row, await signsOf(db, id));
}

/**
 * POST /custom-lists {name, signs?}: a new list of the caller's; at most MAX_CUSTOM_LISTS per user (a bound
 * on storage, counted before the insert: two creations at the same moment may pass it by one).
 */
export async function createCustomList(ctx: CallContext, user: SessionUser, body: CreateCustomListBody): Promise<CustomListDto> {
  assertCatalogueSigns(ctx, body.signs);
  const db = await getDb();
  const { count } = await db
    .selectFrom("custom_lists")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("owner_id", "=", user.id)
    .executeTakeFirstOrThrow();
  if (Number(count) >= MAX_CUSTOM_LISTS)
    throw new ApiError(400, serverTranslator(ctx.site)("api.customLists.tooMany", { max: MAX_CUSTOM_LISTS }));
  const now = nowIso();
  const row = await db.transaction().execute(async (trx) => {
    const list = await trx
      .insertInto("custom_lists")
      .values({ owner_id: user.id, name: body.name, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await insertSigns(trx, list.id, body.signs);
    return list;
  });
  return toDto(row, body.signs);
}

/**
 * PUT /custom-lists/{id} {name?, signs?}: renames the list and/or replaces its signs whole (the dialog
 * sends the list as the user sees it after an added sign, a changed count or comment, a removed row).
 * The list's row is updated first, so on PostgreSQL a second PUT of the same list waits for this one's
 * transaction instead of interleaving its rows.
 */
export async function updateCustomList(
  ctx: CallContext,
  user: SessionUser,
  id: number,
  body: UpdateCustomListBody,
): Promise<CustomListDto> {
  const db = await getDb();
  await ownListOrThrow(db, ctx, user, id);
  assertCatalogueSigns(ctx, body.signs);
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("custom_lists")
      .set({ updated_at: nowIso(), ...(body.name !== undefined && { name: body.name }) })
      .where("id", "=", id)
      .where("owner_id", "=", user.id)
      .executeTakeFirst();
    // Deleted (in another tab) since it was read: nothing to change.
    if (Number(updated.numUpdatedRows) === 0) throw new ApiError(404, serverTranslator(ctx.site)("api.customLists.notFound"));
    if (body.signs) {
      await trx.deleteFrom("custom_list_signs").where("list_id", "=", id).execute();
      await insertSigns(trx, id, body.signs);
    }
  });
  return getCustomList(ctx, user, id);
}

/** DELETE /custom-lists/{id}: the list and its signs are gone (no trash: a list is cheap to make again). */
export async function deleteCustomList(ctx: CallContext, user: SessionUser, id: number): Promise<DeletedCustomListDto> {
  const db = await getDb();
  await ownListOrThrow(db, ctx, user, id);
  await db.deleteFrom("custom_lists").where("id", "=", id).where("owner_id", "=", user.id).execute();
  return { id, deleted: true };
}

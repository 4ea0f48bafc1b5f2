import "server-only";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { Database } from "../db";
import type { CatalogueSignsTable } from "../db/schema";
import { ApiError } from "../api/errors";
import { serverTranslator } from "../i18n";
import { artworkUrlOf, prepareArtwork } from "../signs/artwork";
import { newImageKey, signImageUrl, storeWithRow } from "../signs/images";
import type { AdminActor } from "./actions";
import { recordAudit } from "./audit";
import { recordCatalogueChange } from "./catalogue-changes";
import { catalogueOf } from "@/lib/signs/catalogue";
import { catalogueIdOf, categoriesOf } from "@/lib/signs/site-catalogue";
import type { CatalogueSign, SignCategory } from "@/lib/signs/types";
import {
  ADDED_SIGN_CODE_MAX,
  ADDED_SIGN_NAME_MAX,
  ADDED_SIGN_SIZE_MAX_M,
  ADMIN_SIGN_PAGE_SIZE,
  CATALOGUE_CHANGE_PAGE_SIZE,
  normaliseSignCode,
  parseMetres,
  type AdminSignDto,
  type AdminSignPageDto,
  type AdminSignsQuery,
  type CatalogueChangeDto,
  type CatalogueChangePageDto,
} from "@/lib/schemas/admin-signs";
import type { SiteId } from "@/sites/site-ids";

type AddedRow = Pick<
  Selectable<CatalogueSignsTable>,
  "id" | "catalogue" | "code" | "name" | "category" | "height_m" | "width_m" | "image_key" | "content_type"
>;

/**
 * An added sign's file name, and so the id a placed sign is known by ("added_12.svg"): distinct from
 * every built-in id (the catalogues' ids never start so), and readSignImage finds its row by it.
 */
export const addedSignFileName = (row: Pick<AddedRow, "id" | "content_type">) =>
  `added_${row.id}.${row.content_type === "image/svg+xml" ? "svg" : "png"}`;
const addedSignUrl = (row: Pick<AddedRow, "id" | "content_type" | "image_key">) => signImageUrl(row.image_key, addedSignFileName(row));

/** An added sign as the gallery and the editor take it: an entry of its catalogue like the built-in ones. */
export function addedCatalogueSign(row: AddedRow): CatalogueSign {
  const url = addedSignUrl(row);
  return {
    id: `added_${row.id}`,
    code: row.code,
    name: row.name,
    category: row.category as SignCategory,
    imageUrl: url,
    svgUrl: url,
    ...(row.height_m !== null && { initialHeightInMeters: row.height_m }),
    ...(row.width_m !== null && { initialWidthInMeters: row.width_m }),
    ...(row.catalogue === "sewer" && { isKloakElement: true }),
  };
}

const addedColumns = ["id", "catalogue", "code", "name", "category", "height_m", "width_m", "image_key", "content_type"] as const;

/** GET /signs/catalogue-additions?site=: the live additions of a site's catalogue, oldest first. */
export async function listCatalogueAdditions(db: Kysely<Database>, site: SiteId): Promise<CatalogueSign[]> {
  const rows = await db
    .selectFrom("catalogue_signs")
    .select(addedColumns)
    .where("catalogue", "=", catalogueIdOf(site))
    .where("removed_at", "is", null)
    .orderBy("id")
    .execute();
  return rows.map(addedCatalogueSign);
}

const matches = (query: string) => {
  const code = normaliseSignCode(query);
  const text = query.toLowerCase();
  return (sign: { code: string; name: string; id: string }) =>
    !query || normaliseSignCode(sign.code).includes(code) || sign.id.toLowerCase().includes(text) || sign.name.toLowerCase().includes(text);
};

/** GET /admin/signs: a site's added signs (newest first) then its built-in ones, searched by code or name, a page at a time. */
export async function listAdminSigns(db: Kysely<Database>, query: AdminSignsQuery): Promise<AdminSignPageDto> {
  const catalogue = catalogueIdOf(query.site);
  const [added, artwork] = await Promise.all([
    db
      .selectFrom("catalogue_signs")
      .select(addedColumns)
      .where("catalogue", "=", catalogue)
      .where("removed_at", "is", null)
      .orderBy("id", "desc")
      .execute(),
    db.selectFrom("sign_artwork").select(["sign_id", "image_key", "content_type"]).execute(),
  ]);
  const artworkOf = new Map(artwork.map((row) => [row.sign_id, artworkUrlOf(row)]));
  const all: AdminSignDto[] = [
    ...added.map((row) => ({
      id: `added_${row.id}`,
      code: row.code,
      name: row.name,
      category: row.category,
      previewUrl: addedSignUrl(row),
      artworkUrl: null,
      added: true,
      heightInMeters: row.height_m,
      widthInMeters: row.width_m,
    })),
    ...catalogueOf(query.site).map((sign) => {
      const artworkUrl = artworkOf.get(sign.id) ?? null;
      return {
        id: sign.id,
        code: sign.code,
        name: sign.name,
        category: sign.category,
        previewUrl: artworkUrl ?? sign.imageUrl,
        artworkUrl,
        added: false,
        heightInMeters: sign.initialHeightInMeters ?? null,
        widthInMeters: sign.initialWidthInMeters ?? null,
      };
    }),
  ];
  // The built-in catalogue is code in memory (a few hundred entries): filtered and cut here, one page sent.
  const found = all.filter(matches(query.q));
  const start = query.page * ADMIN_SIGN_PAGE_SIZE;
  return {
    site: query.site,
    catalogue,
    signs: found.slice(start, start + ADMIN_SIGN_PAGE_SIZE),
    total: found.length,
    page: query.page,
    pageSize: ADMIN_SIGN_PAGE_SIZE,
  };
}

export interface AddSignFields {
  code?: string;
  name?: string;
  category?: string;
  height?: string;
  width?: string;
}

/** What staff typed for `site`'s catalogue, checked: a 400 in the staff member's language names the first thing wrong. */
function checkAddition(site: SiteId, language: SiteId, fields: AddSignFields) {
  const t = serverTranslator(language);
  const bad = (key: "codeRequired" | "codeInvalid" | "nameRequired" | "unknownCategory" | "badSize") =>
    new ApiError(
      400,
      t(`api.admin.signs.${key}`, { max: ADDED_SIGN_SIZE_MAX_M, codeMax: ADDED_SIGN_CODE_MAX, nameMax: ADDED_SIGN_NAME_MAX }),
    );
  const code = (fields.code ?? "").trim().replace(/\s+/g, " ");
  if (!code) throw bad("codeRequired");
  // Letters (Danish and Swedish too), digits, spaces and the punctuation of official codes ("U 3.1", "E 55,1", "A1-2").
  if (code.length > ADDED_SIGN_CODE_MAX || !/^[\p{L}\p{N}][\p{L}\p{N} .,/-]*$/u.test(code)) throw bad("codeInvalid");
  const name = (fields.name ?? "").trim();
  if (!name || name.length > ADDED_SIGN_NAME_MAX) throw bad("nameRequired");
  const category = fields.category ?? "";
  if (!(categoriesOf(site) as readonly string[]).includes(category)) throw bad("unknownCategory");
  const height = parseMetres(fields.height);
  const width = parseMetres(fields.width);
  const valid = (m: number | null) => m !== null && Number.isFinite(m) && m > 0 && m <= ADDED_SIGN_SIZE_MAX_M;
  // Both or neither: without a size the sign follows the zoom, as a catalogue entry without one does.
  if (!((height === null && width === null) || (valid(height) && valid(width)))) throw bad("badSize");
  return { code, name, category, height, width };
}

/** Whether a code names a sign of the catalogue already: a built-in one, or a live addition. */
async function codeTaken(trx: Transaction<Database>, site: SiteId, code: string): Promise<boolean> {
  const wanted = normaliseSignCode(code);
  if (catalogueOf(site).some((sign) => normaliseSignCode(sign.code) === wanted || sign.id.toLowerCase() === wanted)) return true;
  const live = await trx
    .selectFrom("catalogue_signs")
    .select("code")
    .where("catalogue", "=", catalogueIdOf(site))
    .where("removed_at", "is", null)
    .execute();
  return live.some((row) => normaliseSignCode(row.code) === wanted);
}

/**
 * POST /admin/signs: a missing sign joins the site's catalogue at once (its gallery reads the additions
 * on every load). Fields, then the artwork (prepareArtwork's checks), then the code's uniqueness inside
 * the transaction that stores it, with its history and audit rows: a refusal stores and logs nothing.
 */
export async function addCatalogueSign(
  db: Kysely<Database>,
  actor: AdminActor,
  site: SiteId,
  fields: AddSignFields,
  file: Uint8Array | null,
): Promise<AdminSignDto> {
  const input = checkAddition(site, actor.site, fields);
  const artwork = await prepareArtwork(actor.site, file);
  const catalogue = catalogueIdOf(site);
  const imageKey = newImageKey();
  const row = await storeWithRow(artwork.data, artwork.contentType, (storageKey) =>
    db.transaction().execute(async (trx) => {
      if (await codeTaken(trx, site, input.code))
        throw new ApiError(400, serverTranslator(actor.site)("api.admin.signs.codeTaken", { code: input.code }));
      const inserted = await trx
        .insertInto("catalogue_signs")
        .values({
          catalogue,
          code: input.code,
          name: input.name,
          category: input.category,
          height_m: input.height,
          width_m: input.width,
          storage_key: storageKey,
          image_key: imageKey,
          content_type: artwork.contentType,
          created_by: actor.adminId,
          created_at: actor.now.toISOString(),
          removed_at: null,
          removed_by: null,
        })
        .returning(addedColumns)
        .executeTakeFirstOrThrow();
      await recordCatalogueChange(
        trx,
        {
          catalogue,
          action: "sign.add",
          sign_id: input.code,
          catalogue_sign_id: inserted.id,
          before_version_id: null,
          after_version_id: null,
          admin_id: actor.adminId,
        },
        {
          after: {
            catalogue,
            code: input.code,
            name: input.name,
            category: input.category,
            heightInMeters: input.height,
            widthInMeters: input.width,
            imageUrl: addedSignUrl(inserted),
          },
        },
        actor.now,
      );
      return inserted;
    }),
  );
  return {
    id: `added_${row.id}`,
    code: row.code,
    name: row.name,
    category: row.category,
    previewUrl: addedSignUrl(row),
    artworkUrl: null,
    added: true,
    heightInMeters: row.height_m,
    widthInMeters: row.width_m,
  };
}

function changesQuery(db: Kysely<Database> | Transaction<Database>) {
  return db
    .selectFrom("catalogue_changes as c")
    .leftJoin("users as a", "a.id", "c.admin_id")
    .leftJoin("users as u", "u.id", "c.undone_by")
    .leftJoin("catalogue_signs as s", "s.id", "c.catalogue_sign_id")
    .leftJoin("sign_artwork_versions as v", "v.id", "c.after_version_id")
    .select([
      "c.id",
      "c.catalogue",
      "c.action",
      "c.sign_id",
      "c.created_at",
      "c.undone_at",
      "a.email as admin_email",
      "u.email as undone_by_email",
      "s.id as added_id",
      "s.image_key as added_key",
      "s.content_type as added_type",
      "v.sign_id as version_sign",
      "v.image_key as version_key",
      "v.content_type as version_type",
    ]);
}

type ChangeRow = Awaited<ReturnType<ReturnType<typeof changesQuery>["executeTakeFirstOrThrow"]>>;

function changeDto(row: ChangeRow): CatalogueChangeDto {
  let imageUrl: string | null = null;
  if (row.added_id !== null && row.added_key !== null && row.added_type !== null)
    imageUrl = addedSignUrl({ id: row.added_id, image_key: row.added_key, content_type: row.added_type });
  else if (row.version_sign !== null && row.version_key !== null && row.version_type !== null)
    imageUrl = artworkUrlOf({ sign_id: row.version_sign, image_key: row.version_key, content_type: row.version_type });
  return {
    id: row.id,
    catalogue: row.catalogue,
    action: row.action,
    signId: row.sign_id,
    imageUrl,
    adminEmail: row.admin_email,
    createdAt: row.created_at,
    undoneAt: row.undone_at,
    undoneByEmail: row.undone_by_email,
  };
}

/** GET /admin/signs/changes?site=&cursor=: the catalogue's history, newest first, keyset-paginated by id. */
export async function listCatalogueChanges(
  db: Kysely<Database>,
  query: { site: SiteId; cursor?: number | undefined },
): Promise<CatalogueChangePageDto> {
  let q = changesQuery(db).where("c.catalogue", "=", catalogueIdOf(query.site));
  if (query.cursor !== undefined) q = q.where("c.id", "<", query.cursor);
  const rows = await q
    .orderBy("c.id", "desc")
    .limit(CATALOGUE_CHANGE_PAGE_SIZE + 1)
    .execute();
  const page = rows.slice(0, CATALOGUE_CHANGE_PAGE_SIZE);
  return { changes: page.map(changeDto), nextCursor: rows.length > CATALOGUE_CHANGE_PAGE_SIZE ? page[page.length - 1]!.id : null };
}

/** Shows an artwork version again (or none): what undoing a replacement or a removal puts back. */
async function showVersion(trx: Transaction<Database>, signId: string, versionId: number | null): Promise<void> {
  if (versionId === null) {
    await trx.deleteFrom("sign_artwork").where("sign_id", "=", signId).execute();
    return;
  }
  const version = await trx
    .selectFrom("sign_artwork_versions")
    .select(["storage_key", "image_key", "content_type", "uploaded_by", "uploaded_at"])
    .where("id", "=", versionId)
    .executeTakeFirstOrThrow();
  const values = { ...version, version_id: versionId };
  await trx
    .insertInto("sign_artwork")
    .values({ sign_id: signId, ...values })
    .onConflict((oc) => oc.column("sign_id").doUpdateSet(values))
    .execute();
}

/**
 * POST /admin/signs/changes/{changeId}/undo: an addition leaves the gallery (its row and file stay, so
 * placed signs still draw); a replacement or removal of artwork puts back what was shown before. Only
 * while the change is what the catalogue shows: after a later change to the same sign's artwork, that
 * one is undone first (409). The undo is itself audited ("sign.undo"); a change is undone once.
 */
export async function undoCatalogueChange(db: Kysely<Database>, actor: AdminActor, changeId: number): Promise<CatalogueChangeDto> {
  const t = serverTranslator(actor.site);
  await db.transaction().execute(async (trx) => {
    const change = await trx.selectFrom("catalogue_changes").selectAll().where("id", "=", changeId).executeTakeFirst();
    if (!change) throw new ApiError(404, t("api.admin.signs.changeNotFound"));
    if (change.undone_at !== null) throw new ApiError(409, t("api.admin.signs.alreadyUndone"));
    if (change.action === "sign.add") {
      await trx
        .updateTable("catalogue_signs")
        .set({ removed_at: actor.now.toISOString(), removed_by: actor.adminId })
        .where("id", "=", change.catalogue_sign_id!)
        .execute();
    } else {
      const current = await trx.selectFrom("sign_artwork").select("version_id").where("sign_id", "=", change.sign_id).executeTakeFirst();
      const shown = current ? current.version_id : null;
      // A replacement is undone while its version is shown; a removal while no artwork is.
      const stillShown = change.action === "sign.replaceArtwork" ? shown === change.after_version_id : current === undefined;
      if (!stillShown) throw new ApiError(409, t("api.admin.signs.laterChange"));
      await showVersion(trx, change.sign_id, change.before_version_id);
    }
    await trx
      .updateTable("catalogue_changes")
      .set({ undone_at: actor.now.toISOString(), undone_by: actor.adminId })
      .where("id", "=", changeId)
      .execute();
    await recordAudit(
      trx,
      {
        adminId: actor.adminId,
        action: "sign.undo",
        targetType: "catalogue_change",
        targetId: changeId,
        before: { action: change.action, signId: change.sign_id, undone: false },
        after: { action: change.action, signId: change.sign_id, undone: true },
      },
      actor.now,
    );
  });
  return changeDto(await changesQuery(db).where("c.id", "=", changeId).executeTakeFirstOrThrow());
}

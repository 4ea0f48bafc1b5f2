/**
 * Sign lists ("custom lists", spec 2-content §3 "Sign list", §4, §5, §7): a user's own named lists of
 * signs, each sign with its image, name, count and comment, kept for ordering and planning material and
 * exported as PDF or Excel. Bodies and answers of GET/POST /custom-lists and GET/PUT/DELETE
 * /custom-lists/{id}; the editor's dialog and the server share them. Error messages are keys under
 * `validation` (their texts name the limits below; tests/api/custom-lists checks they agree).
 */
import * as z from "zod";
import { isOwnSignImageUrl } from "@/lib/signs/image-url";

/** Longest list name: a project name and a phase fit ("Vejarbejde Algade 12–18, etape 2 – skilte til nat"). */
export const CUSTOM_LIST_NAME_MAX = 100;
/** Most signs (rows) in one list: the largest road-works plans use a few dozen different signs. */
export const CUSTOM_LIST_MAX_SIGNS = 300;
/** Most lists one user keeps; bounds what one account can store. */
export const MAX_CUSTOM_LISTS = 500;
/** The count of one sign: at least one, at most four digits. */
export const CUSTOM_LIST_COUNT_MIN = 1;
export const CUSTOM_LIST_COUNT_MAX = 9999;
/** Longest comment on a sign: a few sentences ("2 på stander, 1 på fod; hentes hos …"). */
export const CUSTOM_LIST_COMMENT_MAX = 500;
/** Longest sign name in a list (a catalogue code and name, or a personal sign's name). */
export const CUSTOM_LIST_SIGN_NAME_MAX = 200;
/** Longest value shown on a sign (a speed, a distance, a place name on a plate). */
export const CUSTOM_LIST_SIGN_VALUE_MAX = 60;

export const customListNameSchema = z
  .string({ error: "customListNameRequired" })
  .trim()
  .min(1, { error: "customListNameRequired" })
  .max(CUSTOM_LIST_NAME_MAX, { error: "customListNameTooLong" });

/** One sign of a list. */
export const customListSignSchema = z.object({
  /**
   * The sign's image: a catalogue sign's imageUrl, or a personal or organisation sign's URL. Paths of our
   * own origin only (isOwnSignImageUrl), so the exports may fetch them under the page's CSP and a list
   * cannot point the browser at another host or, by a "%2e%2e" segment, at another path of ours. The
   * server also checks that a /signs/ picture is one its catalogue has.
   */
  imageUrl: z
    .string({ error: "customListSignImage" })
    .max(2_048, { error: "customListSignImage" })
    .refine(isOwnSignImageUrl, { error: "customListSignImage" }),
  /** As shown and exported: "C 55 Hastighedsbegrænsning", or a personal sign's name. */
  name: z
    .string({ error: "customListSignName" })
    .trim()
    .min(1, { error: "customListSignName" })
    .max(CUSTOM_LIST_SIGN_NAME_MAX, { error: "customListSignName" }),
  /** How many of the sign are needed. */
  count: z
    .number({ error: "customListSignCount" })
    .int({ error: "customListSignCount" })
    .min(CUSTOM_LIST_COUNT_MIN, { error: "customListSignCount" })
    .max(CUSTOM_LIST_COUNT_MAX, { error: "customListSignCount" }),
  /** Free text; empty when there is none. */
  comment: z
    .string({ error: "customListComment" })
    .trim()
    .max(CUSTOM_LIST_COMMENT_MAX, { error: "customListComment" })
    .optional()
    .default(""),
  /**
   * The value or text the sign shows (a parametric sign's speed or distance, a plate's place name), so
   * its picture is drawn with it; absent for a sign with a fixed picture.
   */
  value: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.string({ error: "customListSignValue" }).trim().max(CUSTOM_LIST_SIGN_VALUE_MAX, { error: "customListSignValue" }).optional(),
  ),
});
export type CustomListSign = z.output<typeof customListSignSchema>;
export type CustomListSignInput = z.input<typeof customListSignSchema>;

const signsSchema = z
  .array(customListSignSchema, { error: "customListSigns" })
  .max(CUSTOM_LIST_MAX_SIGNS, { error: "customListTooManySigns" });

/** POST /custom-lists: a new list, empty unless signs are given. */
export const createCustomListBodySchema = z.object({
  name: customListNameSchema,
  signs: signsSchema.optional().default([]),
});
export type CreateCustomListBody = z.output<typeof createCustomListBodySchema>;

/** PUT /custom-lists/{id}: a new name, the whole new list of signs (counts, comments, order), or both. */
export const updateCustomListBodySchema = z.object({
  name: customListNameSchema.optional(),
  signs: signsSchema.optional(),
});
export type UpdateCustomListBody = z.output<typeof updateCustomListBodySchema>;

/** A list in the overview (GET /custom-lists): its name and how many signs it holds. */
export interface CustomListSummaryDto {
  id: number;
  name: string;
  /** Different signs (rows) in the list. */
  signCount: number;
  /** The signs' counts added up: how many signs to fetch. */
  totalCount: number;
  createdAt: string;
  updatedAt: string;
}

/** One list with its signs, in their order (GET, POST, PUT). */
export interface CustomListDto extends CustomListSummaryDto {
  signs: CustomListSign[];
}

/** DELETE /custom-lists/{id}. */
export interface DeletedCustomListDto {
  id: number;
  deleted: true;
}

/**
 * A plan export's settings (spec 2-content §3, Export): what the export dialog edits, what is stored
 * with each export in its history (GET /api/exports/signplan/{id}) so it can be made again, and what the
 * renderer in `src/editor/export/` draws. Error messages are keys under `validation`.
 */
import * as z from "zod";
import { positionSchema } from "@/lib/elements/common";
import { PLAN_PHASES, type PlanPhase } from "@/lib/elements/phase";

/** ISO 216 sizes the spec offers, A4 to A0 (spec 2-content §9: "Recommended paper size is shown up to A0"). */
export const PAPER_SIZES = ["A4", "A3", "A2", "A1", "A0"] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];

/** Paper in millimetres, portrait (DOMAIN.md, "Printing to scale"). */
export const PAPER_MM: Readonly<Record<PaperSize, { width: number; height: number }>> = {
  A4: { width: 210, height: 297 },
  A3: { width: 297, height: 420 },
  A2: { width: 420, height: 594 },
  A1: { width: 594, height: 841 },
  A0: { width: 841, height: 1189 },
};

/** Large area: a print frame at a chosen scale; screenshot: the current screen, at the scale it has. */
export const EXPORT_TYPES = ["largeArea", "screenshot"] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

export const EXPORT_FORMATS = ["pdf", "jpg"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The scales a large-area export offers (issue 18: 1:100 to 1:5000). */
export const MIN_PRINT_SCALE = 100;
export const MAX_PRINT_SCALE = 5000;
export const PRINT_SCALES = [100, 200, 250, 500, 1000, 2000, 2500, 5000] as const;

/** Print resolutions offered; 300 dpi is what print shops ask for, 150 dpi makes a lighter file. */
export const PRINT_DPIS = [150, 300] as const;

/**
 * Printed sign sizes offered (the largest side of a sign's face on paper, in mm); a sign whose true size
 * on paper is larger prints at that.
 */
export const SIGN_SIZES_MM = [5, 6, 8, 10, 12] as const;
/**
 * 8 mm: a drawing's lettering is 2.5 to 3.5 mm (ISO 3098), and a speed number or a pictogram on an 8 mm
 * face is about that big, so it reads at arm's length; at 1:500 a 3.5 m traffic lane is 7 mm wide, so an
 * 8 mm sign covers about one lane beside the road it stands at, and a street of signs 10 m apart (20 mm)
 * does not cover the road.
 */
export const DEFAULT_SIGN_SIZE_MM = 8;

/** Longest description on the title block: about six lines at its width. */
export const EXPORT_DESCRIPTION_MAX = 500;
/** Longest project name or address printed on the title block. */
export const EXPORT_TEXT_MAX = 200;

const INVALID = "exportSettingsInvalid";

/**
 * Which phases an export prints (issue 20): the whole plan on one page, a page for each phase (PDF only,
 * what a Swedish TA-plan asks for), or one phase.
 */
export const EXPORT_PHASES = ["all", "both", "active", "inactive"] as const;
export type ExportPhases = (typeof EXPORT_PHASES)[number];

/** The phase of each map page an export makes, in order; null is a page of the whole plan. */
export function phasePagesOf(phases: ExportPhases): (PlanPhase | null)[] {
  if (phases === "all") return [null];
  return phases === "both" ? [...PLAN_PHASES] : [phases];
}

export const exportSettingsSchema = z
  .object(
    {
      type: z.enum(EXPORT_TYPES, { error: INVALID }),
      format: z.enum(EXPORT_FORMATS, { error: INVALID }),
      paperSize: z.enum(PAPER_SIZES, { error: INVALID }),
      landscape: z.boolean({ error: INVALID }),
      /** 1:scale on paper. A large area's chosen scale; a screenshot's is the one the screen had. */
      scale: z.number({ error: INVALID }).int({ error: INVALID }).min(1, { error: INVALID }).max(1_000_000, { error: INVALID }),
      dpi: z.union([z.literal(150), z.literal(300)], { error: INVALID }),
      /** The print frame's centre ([lon, lat]) and its rotation in degrees clockwise, as the map's rotation. */
      center: positionSchema,
      rotation: z.number({ error: INVALID }).min(-360, { error: INVALID }).max(360, { error: INVALID }),
      coordinates: z.boolean({ error: INVALID }),
      northArrow: z.boolean({ error: INVALID }),
      showScale: z.boolean({ error: INVALID }),
      /** Pipe specifications (the sewer site adds them; stored here so a remade export keeps the choice). */
      pipeSpecifications: z.boolean({ error: INVALID }),
      companyLogo: z.boolean({ error: INVALID }),
      /** The largest side of a sign on paper in mm (SIGN_SIZES_MM); exports from before it existed get the default. */
      signSizeMm: z.literal(SIGN_SIZES_MM, { error: INVALID }).default(DEFAULT_SIGN_SIZE_MM),
      /** Exports kept from before phases existed printed the whole plan. */
      phases: z.enum(EXPORT_PHASES, { error: INVALID }).default("all"),
      /** The sign inventory as a table on the page (or a page of its own when it does not fit). */
      signInventory: z.boolean({ error: INVALID }),
      /** PDF/A-2b (archive format: fonts, colour profile and metadata in the file); settings saved before it existed: off. */
      pdfA: z.boolean({ error: INVALID }).default(false),
      projectName: z.string({ error: INVALID }).max(EXPORT_TEXT_MAX, { error: "exportTextTooLong" }),
      projectAddress: z.string({ error: INVALID }).max(EXPORT_TEXT_MAX, { error: "exportTextTooLong" }),
      description: z.string({ error: INVALID }).max(EXPORT_DESCRIPTION_MAX, { error: "exportDescriptionTooLong" }),
    },
    { error: INVALID },
  )
  .refine((settings) => settings.format === "pdf" || settings.phases !== "both", { error: INVALID, path: ["phases"] });
export type ExportSettings = z.output<typeof exportSettingsSchema>;

/** One export in a plan's history, as GET /api/exports/signplan/{id} lists them (newest first). */
export interface ExportDto {
  id: number;
  signplanId: number;
  createdAt: string;
  /** Who made it (their name), null once the account is gone. */
  createdBy: string | null;
  settings: ExportSettings;
  fileName: string;
  /** Bytes of the stored file. */
  fileSize: number;
  /** Where the stored file is downloaded again (with the bearer token). */
  fileUrl: string;
}

/**
 * The map must be zoomed in at least this far to export (spec 2-content §5: "export requires a minimum
 * zoom level"): zoom 13 shows a town, about 1:70,000 on the screen; further out a plan's signs and
 * lines are specks and a frame of 1:5000 paper is a dot.
 */
export const MIN_EXPORT_ZOOM = 13;

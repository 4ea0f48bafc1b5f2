/**
 * The editor side of an element kind (STYLE.md, "Element kinds"): how its stored shape becomes an
 * OpenLayers geometry and back, how it is styled, how it is drawn and which style fields its dialog
 * edits. The universal side (schema, defaults, migration) is `src/lib/elements/<kind>.ts`.
 */
import type { Type as DrawType } from "ol/geom/Geometry";
import type { Options as DrawOptions } from "ol/interaction/Draw";
import type Geometry from "ol/geom/Geometry";
import type { StyleLike } from "ol/style/Style";
import type { Coordinate } from "ol/coordinate";
import type { Transform } from "ol/transform";
import type Style from "ol/style/Style";
import type { ElementKind, ElementOf } from "@/lib/elements/registry";
import type { SiteId } from "@/sites/site-ids";
import type { PipeSpecRow } from "./pipe/specifications";

/** What a style function needs beyond the element: the scale on the ground and the selection. */
export interface StyleContext {
  /** Ground metres per CSS pixel at the element (Web Mercator resolution × the projection's scale factor). */
  metresPerPixel: number;
  selected: boolean;
  /**
   * Styled for paper (src/editor/export/paper-svg.ts): widths in metres true to scale, not rounded to
   * screen pixels for the style caches nor held at a screen pixel's minimum. Absent on the screen.
   */
  print?: boolean;
}

/** What a kind's `paper` needs to draw an element on an exported page (src/editor/export/paper-svg.ts). */
export interface PaperContext {
  /** Map coordinate (EPSG:3857) → page millimetres. */
  toPage: Transform;
  /** Millimetres on paper of one CSS pixel of a style (96 an inch). */
  mmPerPx: number;
  /** Ground metres per such pixel at the print's scale: what the style functions get. */
  metresPerPixel: number;
  /** The print's view rotation in radians (as OpenLayers' View.getRotation()). */
  rotation: number;
  /** The frame's centre (EPSG:3857), where the scale is taken. */
  center: Coordinate;
  /** Pictures the page uses (signs), by the src the map draws them from, as data: URLs fetched before drawing. */
  images: ReadonlyMap<string, string>;
  /** Width / height of those pictures, for pictures whose proportions the catalogue does not give. */
  aspects?: ReadonlyMap<string, number>;
  /** The largest side of a sign on paper, in mm (ExportSettings.signSizeMm); DEFAULT_SIGN_SIZE_MM without it. */
  signSizeMm?: number;
}

/** The layers a vector layer is drawn in, bottom to top, as OpenLayers' canvas executor orders them. */
export const PAPER_LAYER_ORDER = ["polygon", "line", "image", "text", "custom"] as const;
export type PaperLayers = Record<(typeof PAPER_LAYER_ORDER)[number], string>;

/** What the editor knows about the open plan that can make a kind unavailable in it. */
export interface PlanContext {
  /** The plan's background image or PDF with its paper size and scale (null when drawn on the map). */
  background: { paperSize: string | null; scale: string | null } | null;
}

/**
 * A style field the kind's dialog edits; validated with the kind's own schema, so the messages match the
 * server's. `key` is the element's field; its label is `editor.styleDialog.fields.<key>` and a choice's
 * options are labelled `editor.styleDialog.options.<key>.<option>` in messages/*.json.
 */
export type StyleField =
  /**
   * A colour; with `options`, one of those (a road marking is white, yellow or black). `default`: what the
   * dialog shows for an element without one (a kind whose colour is optional draws in its own colour).
   */
  | { key: string; type: "colour"; options?: readonly string[]; default?: string }
  /** A number in metres on the ground, screen pixels, millimetres (a pipe's width) or per mille (a fall). */
  | { key: string; type: "number"; unit: "m" | "px" | "mm" | "‰"; min: number; max: number; step: number }
  | { key: string; type: "boolean" }
  /**
   * One of `options`. `sample` draws an option as the kind draws it (SVG markup, about 120 × 24), for
   * pickers where a name alone says too little (road-marking styles).
   */
  | {
      key: string;
      type: "choice";
      options: readonly string[];
      sample?: (option: string, values: Readonly<StyleValues>) => string;
      /** What the dialog shows for an element without the field (an optional field's meaning when absent). */
      default?: string;
    }
  /**
   * Free text; `multiline` for a text the user may break into lines, `required` when it may not be empty.
   * `suggestions`: texts offered to pick from (each labelled `editor.styleDialog.options.<key>.<suggestion>`,
   * stored as that label, in the site's language); the user may still type any other.
   */
  | { key: string; type: "text"; maxLength: number; multiline?: boolean; required?: boolean; suggestions?: readonly string[] };

/**
 * A message in the site's language by its full key (`editor.kinds.line`, `editorPipes.waterKinds.foul`),
 * with its ICU values: next-intl's root `t` in the editor, a stand-in in unit tests.
 */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** How a kind's contributions to an export write their texts (React-free: the export panel passes them in). */
export interface ExportLanguage {
  t: Translate;
  /** The site's language (`da`, `sv`), for sorting and numbers. */
  locale: string;
  /** A number with at most `digits` decimals, as the site writes it ("2,5"). */
  number(value: number, digits: number): string;
  /** A day as the site writes it ("3.2.2025"). */
  date(day: Date): string;
}

/**
 * An element's look in an export's legend. The legend has one row per kind and look (and legend text,
 * `legendTextOf`), so three black lines and one red line are two rows, each drawn with its own sample.
 */
export interface LegendLook {
  /**
   * What tells the kind's looks apart on paper, as one string (colour, width, pattern, style): equal
   * strings share a row. A field the element may leave out counts as its default, as it is drawn.
   */
  look: string;
  /** Said after the kind's name when the element has no legend text ("Vejafmærkning: Kantlinje"); null: the name alone. */
  detail: string | null;
}

/** A row with a picture that a kind puts in an export: in a page's legend (without `size`) and on the inventory pages. */
export interface PictureRow {
  /** The picture's source, fetched before drawing (as `pictures`), or null for none. */
  src: string | null;
  /** The official code ("C 55"), or "". */
  code: string;
  /** Its name with what it shows ("Hastighedsbegrænsning, Værdi: 30"). */
  name: string;
  /** Its size on the ground as the inventory prints it ("0,7 × 0,7 m"). */
  size: string;
  count: number;
}

/** The values of a kind's style fields, as the dialog edits them. */
export type StyleValues = Record<string, string | number | boolean>;

export interface EditorElement<K extends ElementKind> {
  readonly kind: K;
  /**
   * The toolbar's icon: SVG path data in a 24 × 24 box, filled with the text colour. Its name is the
   * message `editor.kinds.<kind>` in messages/*.json (the toolbar's `t` call checks that it exists).
   */
  readonly icon: string;
  /**
   * The key that picks the kind's tool (one letter, no modifier), shown in its tooltip and the shortcut
   * overview. Unique across kinds and the editor's own keys (`V` select, `?` the overview): a test checks.
   */
  readonly shortcut?: string;
  /**
   * The sites whose toolbar offers the kind (optional: all). Its elements still show and export anywhere,
   * so a plan moved between sites loses nothing; only drawing new ones is limited (pipes: the sewer site).
   */
  readonly sites?: readonly SiteId[];
  /** How the kind is drawn: OpenLayers' Draw type; points are placed by click, a double-click finishes (spec 2-content §3). */
  readonly drawType: Extract<DrawType, "Point" | "LineString" | "Polygon">;
  /** The fields of its colour/width dialog, in order. */
  readonly styleFields: readonly StyleField[];
  /** The stored element as a geometry in the map's projection (EPSG:3857). */
  toGeometry(element: ElementOf<K>): Geometry;
  /** The element with its geometry replaced by an edited one (moved, rotated, vertices changed); style kept. */
  withGeometry(element: ElementOf<K>, geometry: Geometry): ElementOf<K>;
  /** A new element from a finished drawing and the current drawing style. */
  create(id: string, geometry: Geometry, style: Readonly<Partial<ElementOf<K>>>): ElementOf<K>;
  /** Its look at the given scale. Called per feature per frame: implementations cache Style objects. */
  style(element: ElementOf<K>, context: StyleContext): Style | Style[];
  /**
   * Changes to how OpenLayers' Draw collects the geometry (e.g. a rectangle from three clicks: a
   * `maxPoints` and a `geometryFunction` that makes the polygon), given the drawing style. Optional.
   */
  drawOptions?(style: Readonly<Partial<ElementOf<K>>>): Pick<DrawOptions, "maxPoints" | "minPoints" | "geometryFunction">;
  /** The sketch while drawing (optional; OpenLayers' default sketch otherwise). */
  readonly sketchStyle?: StyleLike;
  /**
   * The fields the user fills in to place an element of this kind (optional). A kind with them is placed
   * by a click with its toolbar tool, even when it is not a drawing: the click opens a dialog with these
   * fields and nothing is added until the user confirms it; a double-click on the element (or the
   * toolbar's Edit) opens the same dialog to edit it. Labels as for `styleFields`.
   */
  readonly entryFields?: readonly StyleField[];
  /**
   * A file format the kind's elements are imported from and exported to (optional): the editor's menu
   * then offers "import" and "export" for it.
   */
  readonly fileFormat?: KindFileFormat<K>;
  /**
   * Turns the element's own orientation by `degrees` clockwise (a sign's `rotation` field). Kinds with
   * it turn in place when rotated alone; kinds without it have their geometry rotated.
   */
  rotate?(element: ElementOf<K>, degrees: number): ElementOf<K>;
  /**
   * Why the kind cannot be drawn in this plan, as a message key under `editor.unavailable` (its tool is
   * disabled, the message is its tooltip), or null when it can. Optional: most kinds always can.
   */
  unavailable?(plan: PlanContext): string | null;
  /**
   * The element on an exported page, as SVG in page millimetres, for kinds whose map look is a custom
   * canvas renderer or a picture (optional: the others are drawn from their styles).
   */
  paper?(element: ElementOf<K>, context: PaperContext): Partial<PaperLayers>;
  /** The ground the kind's sample stands on in an export's legend, when white paper would hide it (white road paint). */
  readonly legendGround?: string;

  // What the kind contributes to an export (src/editor/export/export-job.ts), which names no kind: each
  // field is optional, and a kind without it contributes nothing of that sort.

  /**
   * The element's look in the export's legend, where drawings are explained by a sample and a name.
   * Kinds without it are not in that part of the legend: what is measured (ruler, dimension) or
   * written (text) says what it is, and signs give their own rows (`pictureRows`).
   */
  legend?(element: ElementOf<K>, language: ExportLanguage): LegendLook;
  /**
   * The pictures `paper` draws the element with (a sign's and its plate's, by the src the map draws
   * them from), fetched as data: URLs before the page is drawn and handed to `paper` in `images`.
   */
  pictures?(element: ElementOf<K>): readonly string[];
  /**
   * Rows with a picture for the given elements (of one page, or the whole export): one per distinct
   * thing placed, with how many. A page's legend lists them after the drawings; the inventory pages
   * (when the export's settings ask for them) list those of the whole export.
   */
  pictureRows?(elements: readonly ElementOf<K>[], language: ExportLanguage): Promise<readonly PictureRow[]>;
  /**
   * The rows of the table the kind prints in the title block when the settings ask for it (a sewer
   * drawing's pipe specifications), from all its elements of the plan; only on the kind's `sites`.
   */
  titleTable?(elements: readonly ElementOf<K>[], language: ExportLanguage): readonly PipeSpecRow[];
}

/**
 * What a kind's file import found: elements to add, or why there are none. `C` is the kind of the
 * format's `companion` (a GPX file's waypoints are points).
 */
export type KindFileRead<K extends ElementKind, C extends ElementKind = ElementKind> =
  | {
      ok: true;
      elements: ElementOf<K>[];
      /** Elements of the format's companion kind the file held (a GPX file's waypoints); empty without one. */
      companions: ElementOf<C>[];
      /** Things in the file that were left out (e.g. an empty GPX track, or a track of one point). */
      skipped: number;
      /** How many of `elements` are pieces of a longer line, split at the bound on positions per element. */
      split: number;
    }
  /** `notFormat`: not a file of this format at all; `empty`: a file of it with nothing to draw. */
  | { ok: false; reason: "notFormat" | "empty" };

/** What a file is written with besides the kind's own elements. */
export interface KindFileWriteOptions<C extends ElementKind = ElementKind> {
  /** Names the file's contents (the plan's name). */
  title: string;
  /** The program that wrote the file: the site's product name (GPX's `creator`). */
  creator: string;
  /** Elements of the format's companion kind that go into the file too (points as GPX waypoints). */
  companions: readonly ElementOf<C>[];
}

export interface KindFileFormat<K extends ElementKind, C extends ElementKind = ElementKind> {
  /** The file name extension, without the dot (`gpx`); also the format's name shown to users, upper-cased. */
  readonly extension: string;
  /** Its MIME type, for the download and the file chooser. */
  readonly mimeType: string;
  /**
   * Another kind the format holds besides the kind's own elements (optional): a GPX file's waypoints are
   * the plan's points. Its elements come in with an import and go out with an export.
   */
  readonly companion?: C;
  /** The file's text as elements of the kind; `newId` makes each element's id; `fileName` names unnamed ones. */
  read(text: string, newId: () => string, fileName: string): KindFileRead<K, C>;
  /** One file holding `elements` and `options.companions`. */
  write(elements: readonly ElementOf<K>[], options: KindFileWriteOptions<C>): string;
}

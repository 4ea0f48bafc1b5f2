/**
 * A sign drawing: the data our renderer turns into SVG (render-svg.ts). Universal (no DOM, no Node), so
 * the editor renders parametric signs in the browser and scripts/generate-signs.ts writes the catalogue.
 *
 * Coordinates are millimetres of the official drawing, origin top-left, y down: a drawing's `width` and
 * `height` are its bounding box and become the SVG viewBox.
 */

/** A colour as "#rrggbb" (use the names in palette.ts). */
export type Paint = string;

/** The outer form of a sign. */
export type SignShape =
  /** Equilateral, point up (A series). `width` is the side of the sharp triangle before rounding. */
  | "triangle"
  /** Equilateral, point down (B 11). */
  | "invertedTriangle"
  | "circle"
  /** Regular octagon with flat top (B 13). */
  | "octagon"
  | "rectangle"
  | "square"
  /** Square standing on a corner (B 16, B 17). `width` is the corner-to-corner diagonal. */
  | "diamond"
  /** A supplementary plate: a rectangle with rounded corners and a dark hairline edge (U series). */
  | "plate";

/** A band drawn inside the sign's outline, outermost first: rim, then border, then the face. */
export interface SignBand {
  color: Paint;
  /** Width in mm, measured perpendicular to the edge. */
  width: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Colours a pictogram is drawn with: `fg` for the figure, `bg` for cut-outs (windows, gaps). */
export interface PictogramPaint {
  fg: Paint;
  bg: Paint;
  /** A third colour some pictograms use (the red light of a traffic signal, an arrow of B 18). */
  accent?: Paint;
}

/**
 * A symbol from the shared library (render/pictograms/*.ts), drawn in its own box of
 * `width` × `height` units; a layer fits it into a box on the sign, keeping its proportions.
 */
export interface Pictogram {
  id: string;
  width: number;
  height: number;
  /** SVG markup (paths, circles) in the pictogram's own units; deterministic for the same paint. */
  draw(paint: PictogramPaint): string;
}

interface StrokeStyle {
  stroke?: Paint;
  strokeWidth?: number;
  lineCap?: "butt" | "round" | "square";
  lineJoin?: "miter" | "round" | "bevel";
}

export type SignLayer =
  | {
      kind: "pictogram";
      pictogram: Pictogram;
      /** Where it goes: fitted inside, centred (or aligned by `align`). */
      box: Box;
      paint: PictogramPaint;
      /** Mirror left-right (a right-hand curve from a left-hand one). */
      flipX?: boolean;
      flipY?: boolean;
      /** Degrees clockwise about the box centre. */
      rotate?: number;
      align?: "center" | "bottom" | "top" | "left" | "right";
    }
  | {
      kind: "text";
      text: string;
      /** Anchor point: x by `anchor`, y is the baseline. */
      x: number;
      y: number;
      /** Cap height in mm (the height of "0" or "H"). */
      capHeight: number;
      color: Paint;
      anchor?: "start" | "middle" | "end";
      /** Stroke weight of built-in glyphs as a share of the cap height (default 0.15). */
      weight?: number;
      /** Squeeze the text horizontally to at most this width (mm). */
      maxWidth?: number;
      /** Extra space between built-in glyphs in mm (letter-spaced words such as "Zone"). */
      spacing?: number;
      /**
       * "glyphs" (default): digits and the few letters of glyphs.ts are drawn as paths, anything else
       * falls back to font text. "font": always a <text> element with the road-sign font stack.
       */
      render?: "glyphs" | "font";
      bold?: boolean;
    }
  | ({ kind: "path"; d: string; fill?: Paint } & StrokeStyle)
  | ({ kind: "rect"; x: number; y: number; width: number; height: number; rx?: number; fill?: Paint } & StrokeStyle)
  | ({ kind: "circle"; cx: number; cy: number; r: number; fill?: Paint } & StrokeStyle)
  | ({ kind: "polygon"; points: readonly (readonly [number, number])[]; fill?: Paint } & StrokeStyle)
  | ({ kind: "line"; x1: number; y1: number; x2: number; y2: number } & StrokeStyle)
  | {
      kind: "group";
      layers: readonly SignLayer[];
      /** Clip the group to the face (inside the border), e.g. for diagonal bars of end signs. */
      clipToFace?: boolean;
      /** Clip to the whole sign (inside the outline). */
      clipToSign?: boolean;
      opacity?: number;
      /** An SVG transform in drawing units, e.g. "rotate(45 320 320)". */
      transform?: string;
    };

/** A complete sign drawing. */
export interface SignDrawing {
  shape: SignShape;
  /** Bounding box in mm; the SVG viewBox is `0 0 width height`. For triangles and diamonds see SignShape. */
  width: number;
  height: number;
  /** Corner radius of the outer outline in mm (triangles, rectangles, squares, plates, octagons). */
  cornerRadius?: number;
  /** A hairline on the very edge (the grey edge of white plates), drawn over everything else. */
  outline?: SignBand;
  /** Outermost band (the white rim of blue signs). */
  rim?: SignBand;
  /** The coloured band inside the rim (the red border of warning and prohibition signs). */
  border?: SignBand;
  /** Colour of the face inside the border. */
  face: Paint;
  /** Content, painted in order over the face. */
  layers: readonly SignLayer[];
  /** Shown as the SVG <title> (e.g. "C 55 Lokal hastighedsbegrænsning"). */
  title?: string;
}

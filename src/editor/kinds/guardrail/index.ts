/**
 * The editor side of a guardrail (autoværn): the rail as a line and its posts as ticks on its right-hand
 * side (seen in drawing direction: drawn along the right road edge in the direction of traffic, the posts
 * stand behind the rail, away from traffic), one every post spacing on the ground. Only its colour can change.
 */
import type { FeatureLike } from "ol/Feature";
import type LineString from "ol/geom/LineString";
import MultiLineString from "ol/geom/MultiLineString";
import Stroke from "ol/style/Stroke";
import Style from "ol/style/Style";
import { derivedFromLine, groundSize, mapUnitsPerMetre, ticksAlong } from "../along-line";
import { lineStringOf, positionsOfLineString } from "../geometry";
import { selectionHalo, strokePixels } from "../style-cache";
import type { EditorElement } from "../types";
import { LEGEND_TEXT_FIELD, legendTextFrom, lookOf } from "../legend";
import type { GuardrailElement } from "@/lib/elements/guardrail";
import { SIGN_PLAN_SITES } from "@/sites/site-ids";

export const GUARDRAIL_GREY = "#555555";
/**
 * Post spacing in metres: the common steel W-profile guardrail on Danish roads stands on posts every
 * 2 m (Vejdirektoratet's rules for autoværn; systems with 4 m and 1 m spacing exist; check).
 */
export const POST_SPACING_M = 2;
/** The rail seen from above (a W-profile is about 0.1 m deep with its spacer); at least 2 px on the screen. */
const RAIL_M = 0.1;
const MIN_RAIL_PX = 2;
/** A post's tick: 0.5 m out from the rail (a symbol: the post itself is 0.1 m), at least 5 px. */
const TICK_M = 0.5;
const MIN_TICK_PX = 5;
/** A guardrail longer than this many posts (20 km) draws its rail only: a tick per post would stall the map. */
const MAX_POSTS = 10_000;
/**
 * Ticks closer than this many CSS pixels merge into a grey comb (at 2.7 m a pixel the posts are 0.74 px
 * apart, 270 ticks on a 200 m rail): zoomed out that far, every second, fourth, … post is drawn, so the
 * ticks stay this far apart and still say "guardrail". Every post is drawn from 0.5 m a pixel in.
 */
export const MIN_POST_GAP_PX = 4;

/** Which posts get a tick at a scale: every one, or every 2nd, 4th, … so ticks stay MIN_POST_GAP_PX apart. */
export function postsPerTick(metresPerPixel: number): number {
  const gapPx = POST_SPACING_M / metresPerPixel;
  return gapPx >= MIN_POST_GAP_PX ? 1 : 2 ** Math.ceil(Math.log2(MIN_POST_GAP_PX / gapPx));
}

/** The ticks of a line's posts, `tick` metres long, one for every `every`th post, in map coordinates. */
export const postTicks = derivedFromLine((coordinates, { tick, every }: { tick: number; every: number }) => {
  const y = (coordinates[0]![1]! + coordinates[coordinates.length - 1]![1]!) / 2;
  const k = mapUnitsPerMetre(y);
  const ticks = ticksAlong(coordinates, POST_SPACING_M * every * k, tick * k, MAX_POSTS + 1);
  return new MultiLineString(ticks.length > MAX_POSTS ? [] : ticks);
});

const cache = new Map<string, Style[]>();

export const guardrailEditor: EditorElement<"guardrail"> = {
  kind: "guardrail",
  // A rail on three posts.
  icon: "M2 8h20v2.5H2z M4 10.5h2V17H4z M11 10.5h2V17h-2z M18 10.5h2V17h-2z",
  shortcut: "K",
  // A road-works device: the sewer site's toolbar leaves it out.
  sites: SIGN_PLAN_SITES,
  drawType: "LineString",
  styleFields: [{ key: "colour", type: "colour", default: GUARDRAIL_GREY }, LEGEND_TEXT_FIELD],
  legend: (element) => ({ look: lookOf(element.colour ?? GUARDRAIL_GREY), detail: null }),
  toGeometry: (element) => lineStringOf(element.coordinates),
  withGeometry: (element, geometry) => ({ ...element, coordinates: positionsOfLineString(geometry as LineString) }),
  create: (id, geometry, style): GuardrailElement => ({
    id,
    coordinates: positionsOfLineString(geometry as LineString),
    ...(style.colour ? { colour: style.colour } : {}),
    ...legendTextFrom(style),
  }),
  style(element, { metresPerPixel, selected, print }) {
    const colour = element.colour ?? GUARDRAIL_GREY;
    const rail = strokePixels(RAIL_M, metresPerPixel, { print, minPx: MIN_RAIL_PX });
    const tick = groundSize(TICK_M, MIN_TICK_PX, metresPerPixel);
    const every = postsPerTick(metresPerPixel);
    const key = `${colour}|${rail}|${tick}|${every}|${selected ? 1 : 0}`;
    let styles = cache.get(key);
    if (!styles) {
      // One parameter object per cached style: the ticks' cache compares it by identity.
      const parameter = { tick, every };
      const posts = (feature: FeatureLike) => postTicks(feature.getGeometry() as LineString, parameter);
      styles = [
        new Style({ stroke: new Stroke({ color: colour, width: rail, lineCap: "butt", lineJoin: "round" }) }),
        new Style({ geometry: posts, stroke: new Stroke({ color: colour, width: rail / 2, lineCap: "butt" }) }),
      ];
      if (selected) styles.unshift(selectionHalo(rail));
      if (cache.size > 2000) cache.clear(); // a bounded cache: sizes vary with zoom
      cache.set(key, styles);
    }
    return styles;
  },
};

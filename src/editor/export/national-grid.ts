/**
 * The national grid a site's exports give coordinates in (DESIGN.md, "Printing"): ETRS89 / UTM zone 32N
 * (EPSG:25832) in Denmark, the grid of Dataforsyningen's maps; SWEREF 99 TM (EPSG:3006) in Sweden.
 * Both are transverse Mercator on GRS80, which proj4 computes; registered with OpenLayers so its
 * transforms know them too.
 */
import proj4 from "proj4";
import { register } from "ol/proj/proj4";
import { toLonLat } from "ol/proj";
import type { Coordinate } from "ol/coordinate";
import type { SiteId } from "@/sites/site-ids";

export interface NationalGrid {
  code: "EPSG:25832" | "EPSG:3006";
  /** The name printed on the page. */
  name: string;
}

const DEFINITIONS = {
  "EPSG:25832": "+proj=utm +zone=32 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs +type=crs",
  "EPSG:3006": "+proj=utm +zone=33 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs +type=crs",
} as const;

let registered = false;
function ensureRegistered(): void {
  if (registered) return;
  for (const [code, definition] of Object.entries(DEFINITIONS)) proj4.defs(code, definition);
  register(proj4);
  registered = true;
}

export function nationalGridOf(site: SiteId): NationalGrid {
  return site === "ta-planen" ? { code: "EPSG:3006", name: "SWEREF 99 TM" } : { code: "EPSG:25832", name: "ETRS89 / UTM 32N" };
}

/** A Web Mercator coordinate as easting and northing in the grid, in metres. */
export function toNationalGrid(coordinate: Coordinate, grid: NationalGrid): [number, number] {
  ensureRegistered();
  const [east, north] = proj4("EPSG:4326", grid.code, toLonLat(coordinate));
  return [east!, north!];
}

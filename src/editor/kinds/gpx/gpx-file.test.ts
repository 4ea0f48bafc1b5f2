import { DOMImplementation, DOMParser, Node, XMLSerializer } from "@xmldom/xmldom";
import Feature from "ol/Feature";
import LineString from "ol/geom/LineString";
import type Point from "ol/geom/Point";
import type Style from "ol/style/Style";
import { registerDocument, registerXMLSerializer } from "ol/xml";
import { beforeAll, describe, expect, it } from "vitest";
import { gpxEditor } from ".";
import { readGpx, splitPositions, writeGpx } from "./gpx-file";
import { MAX_POSITIONS, type Position } from "@/lib/elements/common";
import type { GpxElement } from "@/lib/elements/gpx";
import { parsePlanContent, defaultPlanContent } from "@/lib/elements/plan-content";

// The browser's XML parser and serializer, in Node. xmldom lacks the element-only traversal OpenLayers
// walks (firstElementChild, nextElementSibling), which every browser has: added here.
function isElement(node: Node | null): boolean {
  return node?.nodeType === Node.ELEMENT_NODE;
}
function nextElement(node: Node | null): Node | null {
  while (node && !isElement(node)) node = node.nextSibling;
  return node;
}
beforeAll(() => {
  Object.defineProperty(Node.prototype, "firstElementChild", {
    get(this: Node) {
      return nextElement(this.firstChild);
    },
  });
  Object.defineProperty(Node.prototype, "nextElementSibling", {
    get(this: Node) {
      return nextElement(this.nextSibling);
    },
  });
  globalThis.DOMParser = DOMParser as unknown as typeof globalThis.DOMParser;
  globalThis.Node = Node as unknown as typeof globalThis.Node;
  registerDocument(new DOMImplementation().createDocument(null, "") as unknown as Document);
  registerXMLSerializer(new XMLSerializer() as unknown as globalThis.XMLSerializer);
});

let counter = 0;
const newId = () => `g${++counter}`;

/** As a Garmin device writes a recorded activity: BOM, TrackPointExtension, several segments, an empty one. */
const GARMIN = `\uFEFF<?xml version="1.0" encoding="UTF-8"?>
<gpx creator="Garmin Connect" version="1.1"
  xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/11.xsd"
  xmlns:ns3="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"
  xmlns="http://www.topografix.com/GPX/1/1"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:ns2="http://www.garmin.com/xmlschemas/GpxExtensions/v3">
  <metadata><link href="connect.garmin.com"><text>Garmin Connect</text></link><time>2024-05-02T06:12:09.000Z</time></metadata>
  <trk>
    <name>Odense Løb</name>
    <type>running</type>
    <trkseg>
      <trkpt lat="55.4017800" lon="10.3855100"><ele>14.6</ele><time>2024-05-02T06:12:09.000Z</time>
        <extensions><ns3:TrackPointExtension><ns3:hr>112</ns3:hr><ns3:cad>80</ns3:cad></ns3:TrackPointExtension></extensions>
      </trkpt>
      <trkpt lat="55.4018912" lon="10.3857004"><ele>14.8</ele><time>2024-05-02T06:12:10.000Z</time>
        <extensions><ns3:TrackPointExtension><ns3:hr>114</ns3:hr></ns3:TrackPointExtension></extensions>
      </trkpt>
      <trkpt lat="55.4020001" lon="10.3859999"><ele>15.0</ele><time>2024-05-02T06:12:11.000Z</time></trkpt>
    </trkseg>
    <trkseg></trkseg>
    <trkseg>
      <trkpt lat="55.4030000" lon="10.3870000"><ele>15.2</ele></trkpt>
      <trkpt lat="55.4031000" lon="10.3871000"><ele>15.4</ele></trkpt>
    </trkseg>
  </trk>
  <trk>
    <name>Ét punkt</name>
    <trkseg><trkpt lat="55.41" lon="10.39"><ele>10</ele></trkpt></trkseg>
  </trk>
</gpx>`;

/** As route planners write them: GPX 1.0, a route of rtept, waypoints, a foreign namespace. */
const PLANNER = `<?xml version="1.0"?>
<gpx version="1.0" creator="RoutePlanner" xmlns="http://www.topografix.com/GPX/1/0" xmlns:rp="http://example.com/rp">
  <wpt lat="55.40" lon="10.38"><name>Start</name></wpt>
  <wpt lat="55.41" lon="10.39"><name>Mål</name></wpt>
  <rte>
    <name>Omkørsel via Vestre Stationsvej</name>
    <rp:colour>red</rp:colour>
    <rtept lat="55.4000000" lon="10.3800000"><name>1</name></rtept>
    <rtept lat="55.4050000" lon="10.3850000"/>
    <rtept lat="55.4100000" lon="10.3900000"/>
  </rte>
  <rte><rtept lat="55.42" lon="10.40"/><rtept lat="55.43" lon="10.41"/></rte>
</gpx>`;

describe("readGpx", () => {
  it("reads a Garmin track: each non-empty segment one route, extensions and elevation dropped, a one-point track skipped", () => {
    const result = readGpx(GARMIN, newId, "aktivitet.gpx");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.elements.map((e) => e.name)).toEqual(["Odense Løb (1)", "Odense Løb (2)"]);
    expect(result.elements[0]!.coordinates).toEqual([
      [10.38551, 55.40178],
      [10.3857004, 55.4018912],
      [10.3859999, 55.4020001],
    ]);
    expect(result.elements[1]!.coordinates).toEqual([
      [10.387, 55.403],
      [10.3871, 55.4031],
    ]);
    // The empty segment and the single-point track.
    expect(result.skipped).toBe(2);
    expect(result.split).toBe(0);
    expect(new Set(result.elements.map((e) => e.id)).size).toBe(2);
  });

  it("reads a route planner's GPX 1.0 routes, skipping waypoints and naming an unnamed route after the file", () => {
    const result = readGpx(PLANNER, newId, "Omkørsel.GPX");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.elements.map((e) => e.name)).toEqual(["Omkørsel via Vestre Stationsvej", "Omkørsel"]);
    expect(result.elements[0]!.coordinates).toEqual([
      [10.38, 55.4],
      [10.385, 55.405],
      [10.39, 55.41],
    ]);
    expect(result.skipped).toBe(2);
  });

  it("refuses what is not GPX, and GPX with nothing to draw", () => {
    expect(readGpx("Dette er ikke en GPX-fil\n", newId, "x.gpx")).toEqual({ ok: false, reason: "notFormat" });
    expect(readGpx("<kml xmlns='http://www.opengis.net/kml/2.2'><Document/></kml>", newId, "x.gpx")).toEqual({
      ok: false,
      reason: "notFormat",
    });
    expect(readGpx("<gpx><trk><trkseg>", newId, "x.gpx")).toEqual({ ok: false, reason: "notFormat" });
    expect(readGpx("", newId, "x.gpx")).toEqual({ ok: false, reason: "notFormat" });
    const onlyWaypoints = `<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="55" lon="10"/><trk><trkseg/></trk></gpx>`;
    expect(readGpx(onlyWaypoints, newId, "x.gpx")).toEqual({ ok: false, reason: "empty" });
  });

  it("splits a line longer than the bound on positions into pieces that share their joints", () => {
    const positions: Position[] = Array.from({ length: 2 * MAX_POSITIONS }, (_, i) => [10 + i * 1e-6, 55]);
    const pieces = splitPositions(positions);
    expect(pieces.map((p) => p.length)).toEqual([MAX_POSITIONS, MAX_POSITIONS, 2]);
    expect(pieces[1]![0]).toEqual(pieces[0]!.at(-1));
    expect(pieces.flat().length - (pieces.length - 1)).toBe(positions.length);
    expect(splitPositions(positions.slice(0, 5))).toEqual([positions.slice(0, 5)]);
  });
});

describe("writeGpx", () => {
  const routes: GpxElement[] = [
    {
      id: "a",
      name: "Omkørsel <nord> & syd",
      coordinates: [
        [10.3855123, 55.4017891],
        [10.3861234, 55.4021987],
        [10.3900001, 55.4100009],
      ],
    },
    {
      id: "b",
      name: "",
      coordinates: [
        [-0.1234567, 51.5000001],
        [-0.1200001, 51.5100002],
      ],
    },
  ];

  it("writes GPX 1.1 with its creator and namespaces, one route each", () => {
    const xml = writeGpx(routes, "Plan Ø");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('xmlns="http://www.topografix.com/GPX/1/1"');
    expect(xml).toContain('version="1.1"');
    expect(xml).toContain('creator="Skilteplanen"');
    expect(xml).toContain("<metadata><name>Plan Ø</name></metadata>");
    expect(xml.match(/<rte>/g)).toHaveLength(2);
    // Well-formed: it parses back.
    expect(new DOMParser().parseFromString(xml, "application/xml").documentElement!.localName).toBe("gpx");
  });

  it("round-trips: export then import gives the same positions to 1e-7 and the names", () => {
    const result = readGpx(writeGpx(routes, "Plan"), newId, "plan.gpx");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.elements).toHaveLength(2);
    result.elements.forEach((element, i) => {
      expect(element.coordinates).toHaveLength(routes[i]!.coordinates.length);
      element.coordinates.forEach(([lon, lat], j) => {
        expect(Math.abs(lon - routes[i]!.coordinates[j]![0])).toBeLessThanOrEqual(1e-7);
        expect(Math.abs(lat - routes[i]!.coordinates[j]![1])).toBeLessThanOrEqual(1e-7);
      });
    });
    expect(result.elements[0]!.name).toBe("Omkørsel <nord> & syd");
    expect(result.elements[1]!.name).toBe("plan");
  });
});

describe("gpxEditor", () => {
  const route: GpxElement = {
    id: "r",
    name: "Rute",
    coordinates: [
      [10.38551, 55.40178],
      [10.386, 55.402],
    ],
  };

  it("turns its line into a geometry and back, and creates one from a drawing", () => {
    const geometry = gpxEditor.toGeometry(route);
    expect(gpxEditor.withGeometry(route, geometry)).toEqual(route);
    expect(gpxEditor.create("n", geometry, {})).toEqual({ id: "n", name: "", coordinates: route.coordinates });
  });

  it("draws a magenta line of the same screen width at every scale, with its name from 1 m a pixel in, and caches it", () => {
    const near = gpxEditor.style(route, { metresPerPixel: 0.05, selected: false }) as Style[];
    expect(gpxEditor.style(route, { metresPerPixel: 1, selected: false })).toBe(near);
    const far = gpxEditor.style(route, { metresPerPixel: 5, selected: false }) as Style[];
    expect(far).toEqual([near[0]]);
    expect(near[0]!.getStroke()!.getWidth()).toBe(4);
    expect(near[0]!.getStroke()!.getColor()).toBe("#d4008f");
    expect(near[1]!.getText()!.getText()).toBe("Rute");
    // The name sits at the middle of the longest segment, level.
    const feature = new Feature(
      new LineString([
        [0, 0],
        [10, 0],
        [10, 100],
        [12, 100],
      ]),
    );
    expect((near[1]!.getGeometryFunction()(feature) as Point).getCoordinates()).toEqual([10, 50]);
    expect(near[1]!.getText()!.getRotateWithView()).toBeFalsy();
    const selected = gpxEditor.style(route, { metresPerPixel: 0.05, selected: true }) as Style[];
    expect(selected).toHaveLength(3);
  });

  it("round-trips through the plan's schema", () => {
    const content = { ...defaultPlanContent(), gpx: [route] };
    expect(parsePlanContent(JSON.parse(JSON.stringify(content))).data?.gpx).toEqual([route]);
  });
});

import { DOMImplementation, DOMParser, Node, XMLSerializer } from "@xmldom/xmldom";
import Feature from "ol/Feature";
import LineString from "ol/geom/LineString";
import type Point from "ol/geom/Point";
import type Style from "ol/style/Style";
import { registerDocument, registerXMLSerializer } from "ol/xml";
import { beforeAll, describe, expect, it } from "vitest";
import { gpxEditor, withCoordinates } from ".";
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
  it("reads a Garmin track: each non-empty segment one track with its elevations and times, extensions dropped, a one-point track skipped", () => {
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
    expect(result.elements.map((e) => e.form)).toEqual(["track", "track"]);
    expect(result.elements[0]!.elevations).toEqual([14.6, 14.8, 15]);
    expect(result.elements[0]!.times).toEqual(["2024-05-02T06:12:09Z", "2024-05-02T06:12:10Z", "2024-05-02T06:12:11Z"]);
    // The second segment has elevations and no times.
    expect(result.elements[1]!.elevations).toEqual([15.2, 15.4]);
    expect(result.elements[1]!.times).toBeUndefined();
    expect(result.elements.every((e) => e.form === "track")).toBe(true);
    expect(result.companions).toEqual([]);
    // The empty segment and the single-point track.
    expect(result.skipped).toBe(2);
    expect(result.split).toBe(0);
    expect(new Set(result.elements.map((e) => e.id)).size).toBe(2);
  });

  it("reads a route planner's GPX 1.0 routes as routes, its waypoints as named points, and names an unnamed route after the file", () => {
    const result = readGpx(PLANNER, newId, "Omkørsel.GPX");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.elements.map((e) => e.name)).toEqual(["Omkørsel via Vestre Stationsvej", "Omkørsel"]);
    expect(result.elements[0]!.coordinates).toEqual([
      [10.38, 55.4],
      [10.385, 55.405],
      [10.39, 55.41],
    ]);
    expect(result.elements.map((e) => e.form)).toEqual(["route", "route"]);
    expect(result.elements[0]!.elevations).toBeUndefined();
    expect(result.companions.map((p) => [p.label, p.position])).toEqual([
      ["Start", [10.38, 55.4]],
      ["Mål", [10.39, 55.41]],
    ]);
    expect(result.skipped).toBe(0);
  });

  it("refuses what is not GPX, and GPX with nothing to draw", () => {
    expect(readGpx("Dette er ikke en GPX-fil\n", newId, "x.gpx")).toEqual({ ok: false, reason: "notFormat" });
    expect(readGpx("<kml xmlns='http://www.opengis.net/kml/2.2'><Document/></kml>", newId, "x.gpx")).toEqual({
      ok: false,
      reason: "notFormat",
    });
    expect(readGpx("<gpx><trk><trkseg>", newId, "x.gpx")).toEqual({ ok: false, reason: "notFormat" });
    expect(readGpx("", newId, "x.gpx")).toEqual({ ok: false, reason: "notFormat" });
    const nothing = `<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><metadata/><trk><trkseg/></trk></gpx>`;
    expect(readGpx(nothing, newId, "x.gpx")).toEqual({ ok: false, reason: "empty" });
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
    const xml = writeGpx(routes, { title: "Plan Ø", creator: "Skilteplanen", companions: [] });
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
    const result = readGpx(writeGpx(routes, { title: "Plan", creator: "Skilteplanen", companions: [] }), newId, "plan.gpx");
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

/** GPX 1.1 as a planner exports a surveyed job: BOM, waypoints with elevation, time, description and comment, a route and a track. */
const SURVEY_11 = `\uFEFF<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="Planner" xmlns="http://www.topografix.com/GPX/1/1">
  <wpt lat="55.3951234" lon="10.3881234"><ele>12.5</ele><time>2024-06-01T07:30:00Z</time><name>Skab A</name><cmt>Nøgle hos vagten</cmt><desc>Fordelerskab ved &lt;indkørsel&gt;</desc></wpt>
  <wpt lat="55.3960000" lon="10.3890000"><name>Brønd 2</name></wpt>
  <rte>
    <name>Omkørsel</name><cmt>Kun dagtimer</cmt><desc>Via Vestergade</desc>
    <rtept lat="55.3950000" lon="10.3880000"><ele>11</ele><time>2024-06-01T08:00:00Z</time></rtept>
    <rtept lat="55.3955000" lon="10.3885000"><ele>11.5</ele><time>2024-06-01T08:01:00Z</time></rtept>
  </rte>
  <trk>
    <name>Opmåling</name><desc>Kantsten</desc>
    <trkseg>
      <trkpt lat="55.3970000" lon="10.3900000"><ele>13.25</ele><time>2024-06-01T09:00:00Z</time></trkpt>
      <trkpt lat="55.3971000" lon="10.3901000"><ele>13.5</ele><time>2024-06-01T09:00:05Z</time></trkpt>
      <trkpt lat="55.3972000" lon="10.3902000"><ele>13.75</ele><time>2024-06-01T09:00:10Z</time></trkpt>
    </trkseg>
  </trk>
</gpx>`;

/** GPX 1.0 as older Garmin and Magellan units write it: BOM, waypoints with elevation and time, a track with times only. */
const DEVICE_10 = `\uFEFF<?xml version="1.0" encoding="ISO-8859-1"?>
<gpx version="1.0" creator="eTrex" xmlns="http://www.topografix.com/GPX/1/0">
  <time>2010-04-10T10:00:00Z</time>
  <wpt lat="59.3293000" lon="18.0686000"><ele>28.3</ele><time>2010-04-10T10:05:00Z</time><name>Avstängning</name><desc>Slussen norr</desc></wpt>
  <trk><name>Spår 1</name>
    <trkseg>
      <trkpt lat="59.3290000" lon="18.0680000"><time>2010-04-10T10:10:00Z</time></trkpt>
      <trkpt lat="59.3291000" lon="18.0681000"><time>2010-04-10T10:10:01Z</time></trkpt>
    </trkseg>
  </trk>
</gpx>`;

/** What an element holds without its id, which every import gives anew. */
const withoutId = ({ id: _id, ...rest }: { id: string }) => rest;

describe("GPX keeps what the customer's file holds (issue 33)", () => {
  it("reads GPX 1.1 with a BOM: waypoints as named points with elevation, time, description and comment; a route and a track with theirs", () => {
    const result = readGpx(SURVEY_11, newId, "job.gpx");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.companions.map(withoutId)).toEqual([
      {
        position: [10.3881234, 55.3951234],
        colour: "#d4008f",
        sizeInMeters: 2,
        label: "Skab A",
        elevation: 12.5,
        time: "2024-06-01T07:30:00Z",
        description: "Fordelerskab ved <indkørsel>",
        comment: "Nøgle hos vagten",
      },
      { position: [10.389, 55.396], colour: "#d4008f", sizeInMeters: 2, label: "Brønd 2" },
    ]);
    expect(result.elements.map(withoutId)).toEqual([
      {
        name: "Omkørsel",
        form: "route",
        description: "Via Vestergade",
        comment: "Kun dagtimer",
        coordinates: [
          [10.388, 55.395],
          [10.3885, 55.3955],
        ],
        elevations: [11, 11.5],
        times: ["2024-06-01T08:00:00Z", "2024-06-01T08:01:00Z"],
      },
      {
        name: "Opmåling",
        form: "track",
        description: "Kantsten",
        coordinates: [
          [10.39, 55.397],
          [10.3901, 55.3971],
          [10.3902, 55.3972],
        ],
        elevations: [13.25, 13.5, 13.75],
        times: ["2024-06-01T09:00:00Z", "2024-06-01T09:00:05Z", "2024-06-01T09:00:10Z"],
      },
    ]);
    // Everything read is a valid plan element.
    const content = { ...defaultPlanContent(), gpx: result.elements, points: result.companions };
    expect(parsePlanContent(JSON.parse(JSON.stringify(content))).success).toBe(true);
  });

  it("reads GPX 1.0 with a BOM: a waypoint with elevation and time, a track with times and no elevations", () => {
    const result = readGpx(DEVICE_10, newId, "etrex.gpx");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.companions.map(withoutId)).toEqual([
      {
        position: [18.0686, 59.3293],
        colour: "#d4008f",
        sizeInMeters: 2,
        label: "Avstängning",
        elevation: 28.3,
        time: "2010-04-10T10:05:00Z",
        description: "Slussen norr",
      },
    ]);
    expect(result.elements).toHaveLength(1);
    expect(withoutId(result.elements[0]!)).toEqual({
      name: "Spår 1",
      form: "track",
      coordinates: [
        [18.068, 59.329],
        [18.0681, 59.3291],
      ],
      times: ["2010-04-10T10:10:00Z", "2010-04-10T10:10:01Z"],
    });
  });

  it("gives a track's segment without elevations none, though OpenLayers reads it as 0 m beside one with them", () => {
    const file = `<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>T</name>
      <trkseg><trkpt lat="55" lon="10"><ele>3</ele></trkpt><trkpt lat="55.1" lon="10.1"><ele>4</ele></trkpt></trkseg>
      <trkseg><trkpt lat="55.2" lon="10.2"/><trkpt lat="55.3" lon="10.3"/></trkseg></trk></gpx>`;
    const result = readGpx(file, newId, "t.gpx");
    expect(result.ok && result.elements.map((e) => e.elevations)).toEqual([[3, 4], undefined]);
  });

  it("imports a file of waypoints only instead of refusing it", () => {
    const onlyWaypoints = `\uFEFF<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="55" lon="10"><name>P1</name></wpt><trk><trkseg/></trk></gpx>`;
    const result = readGpx(onlyWaypoints, newId, "x.gpx");
    expect(result.ok && { elements: result.elements, labels: result.companions.map((p) => p.label), skipped: result.skipped }).toEqual({
      elements: [],
      labels: ["P1"],
      skipped: 1,
    });
  });

  it.each([
    ["GPX 1.1", SURVEY_11],
    ["GPX 1.0", DEVICE_10],
  ])("%s round-trips: export as GPX 1.1 (waypoints as wpt, routes as rte, tracks as trk) and import gives the same elements", (_, file) => {
    const first = readGpx(file, newId, "fil.gpx");
    if (!first.ok) throw new Error("not read");
    const xml = writeGpx(first.elements, { title: "Plan", creator: "TA-planen", companions: first.companions });
    expect(xml).toContain('version="1.1"');
    expect(xml).toContain('creator="TA-planen"');
    const document = new DOMParser().parseFromString(xml, "application/xml");
    const count = (tag: string) => document.getElementsByTagName(tag).length;
    expect(count("wpt")).toBe(first.companions.length);
    expect(count("rte")).toBe(first.elements.filter((e) => e.form === "route").length);
    expect(count("trk")).toBe(first.elements.filter((e) => e.form === "track").length);
    // GPX 1.1's order: waypoints, routes, tracks.
    const order = [...xml.matchAll(/<(wpt|rte|trk)\b/g)].map((m) => m[1]);
    expect(order).toEqual([...order].sort((a, b) => ["wpt", "rte", "trk"].indexOf(a!) - ["wpt", "rte", "trk"].indexOf(b!)));
    const second = readGpx(xml, newId, "fil.gpx");
    if (!second.ok) throw new Error("not read back");
    expect(second.companions.map(withoutId)).toEqual(first.companions.map(withoutId));
    expect(second.elements.map(withoutId)).toEqual(first.elements.map(withoutId));
  });

  it("exports a drawn element (no form) as a route, and escapes the creator", () => {
    const xml = writeGpx(
      [
        {
          id: "d",
          name: "Tegnet",
          coordinates: [
            [10, 55],
            [10.1, 55.1],
          ],
        },
      ],
      { title: "", creator: "A&B", companions: [] },
    );
    expect(xml).toContain("<rte>");
    expect(xml).not.toContain("<trk>");
    expect(xml).toContain('creator="A&#38;B"');
  });
});

describe("withCoordinates", () => {
  const track: GpxElement = {
    id: "t",
    name: "Spor",
    form: "track",
    coordinates: [
      [10, 55],
      [10.1, 55.1],
      [10.2, 55.2],
    ],
    elevations: [1, 2, 3],
    times: ["2024-01-01T00:00:00Z", "2024-01-01T00:00:01Z", null],
  };

  it("keeps each point's elevation and time by index when the line is moved", () => {
    const moved = withCoordinates(track, [
      [11, 56],
      [11.1, 56.1],
      [11.2, 56.2],
    ]);
    expect(moved.elevations).toEqual([1, 2, 3]);
    expect(moved.times).toEqual(track.times);
    expect(moved.form).toBe("track");
  });

  it("keeps them by position when a point is inserted or removed; a new point has none", () => {
    const inserted = withCoordinates(track, [
      [10, 55],
      [10.05, 55.05],
      [10.1, 55.1],
      [10.2, 55.2],
    ]);
    expect(inserted.elevations).toEqual([1, null, 2, 3]);
    expect(inserted.times).toEqual(["2024-01-01T00:00:00Z", null, "2024-01-01T00:00:01Z", null]);
    const removed = withCoordinates(track, [
      [10, 55],
      [10.2, 55.2],
    ]);
    expect(removed.elevations).toEqual([1, 3]);
    // Only the point without a time is left of the timed ones' line: no times at all.
    expect(
      withCoordinates(track, [
        [10.2, 55.2],
        [10.3, 55.3],
      ]).times,
    ).toBeUndefined();
  });

  it("is kept consistent by the plan's schema: one elevation and one time a point", () => {
    const parse = (element: GpxElement) => parsePlanContent({ ...defaultPlanContent(), gpx: [element] }).success;
    expect(parse(track)).toBe(true);
    expect(parse({ ...track, elevations: [1, 2] })).toBe(false);
    expect(parse({ ...track, times: [null, null, null, null] })).toBe(false);
    expect(parse({ ...track, times: ["i går", null, null] })).toBe(false);
  });

  it("is what the editor does with an edited geometry", () => {
    expect(gpxEditor.withGeometry(track, gpxEditor.toGeometry(track))).toEqual(track);
  });
});

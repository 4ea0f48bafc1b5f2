import { describe, expect, it } from "vitest";
import { MAX_PLAN_FILE_BYTES, PLAN_FILE_FORMAT, parsePlanFile, planFileName, serializePlanFile, utf8ByteLength } from "./plan-file";
import { EXAMPLE_ELEMENTS } from "@/lib/elements/examples";
import { defaultPlanContent, planContentSchema, type PlanContent } from "@/lib/elements/plan-content";
import { ELEMENT_DEFINITIONS } from "@/lib/elements/registry";
import { MAX_PLAN_CONTENT_BYTES } from "@/lib/schemas/signplan";

/** One element of every kind, a moved map view and a key from a newer client. */
function fullContent(): PlanContent {
  const lists = Object.fromEntries(ELEMENT_DEFINITIONS.map((definition) => [definition.listKey, [EXAMPLE_ELEMENTS[definition.kind]]]));
  return planContentSchema.parse({
    ...lists,
    mapView: { center: [12.5683, 55.6761], zoom: 17.25, rotation: 35, activeMapLayerId: "orto" },
    supportsMapRotation: false,
    futureKey: { kept: true },
  });
}

describe("serializePlanFile / parsePlanFile", () => {
  it("round-trips a plan with every kind of element exactly", () => {
    const content = fullContent();
    const text = serializePlanFile({
      name: "Vejarbejde Vestergade",
      site: "skilteplanen",
      content,
      savedAt: new Date("2025-03-01T10:00:00Z"),
    });
    const wrapper = JSON.parse(text) as Record<string, unknown>;
    expect(wrapper).toMatchObject({
      format: PLAN_FILE_FORMAT,
      formatVersion: 1,
      name: "Vejarbejde Vestergade",
      site: "skilteplanen",
      savedAt: "2025-03-01T10:00:00.000Z",
    });

    const result = parsePlanFile(text);
    expect(result).toEqual({
      ok: true,
      content,
      name: "Vejarbejde Vestergade",
      site: "skilteplanen",
      savedAt: "2025-03-01T10:00:00.000Z",
      elementCount: ELEMENT_DEFINITIONS.length,
    });
  });

  it("accepts a bare content object (no wrapper), with a byte-order mark too", () => {
    const content = fullContent();
    const result = parsePlanFile(`\uFEFF${JSON.stringify(content)}`);
    expect(result).toMatchObject({ ok: true, name: null, site: null, savedAt: null });
    expect(result.ok && result.content).toEqual(content);
  });

  it("fills defaults for lists a file leaves out, as the server does", () => {
    const result = parsePlanFile(JSON.stringify({ lines: [EXAMPLE_ELEMENTS.line] }));
    expect(result.ok && result.content).toEqual({ ...defaultPlanContent(), lines: [EXAMPLE_ELEMENTS.line] });
  });

  it("refuses a file that is not JSON", () => {
    expect(parsePlanFile("{ this is not json")).toEqual({ ok: false, reason: "notJson" });
    expect(parsePlanFile("")).toEqual({ ok: false, reason: "notJson" });
    expect(parsePlanFile("%PDF-1.7 …")).toEqual({ ok: false, reason: "notJson" });
  });

  it("refuses JSON that is not a plan instead of loading it as an empty plan", () => {
    for (const text of [
      "[]",
      "42",
      "null",
      '"plan"',
      "{}",
      '{"type":"FeatureCollection","features":[]}',
      '{"format":"something-else","content":{}}',
      '{"format":"plan-document"}',
      '{"format":"plan-document","content":[1]}',
    ]) {
      expect(parsePlanFile(text), text).toEqual({ ok: false, reason: "notPlan" });
    }
  });

  it("names the first invalid field with its path inside the content", () => {
    const content = { ...defaultPlanContent(), lines: [{ ...EXAMPLE_ELEMENTS.line, width: 500 }] };
    expect(parsePlanFile(serializePlanFile({ name: "x", site: "skilteplanen", content }))).toEqual({
      ok: false,
      reason: "invalid",
      field: "lines.0.width",
      issue: "drawingWidth",
    });
    const sign = { ...EXAMPLE_ELEMENTS.sign, position: [10, 95] };
    expect(parsePlanFile(JSON.stringify({ signs: [EXAMPLE_ELEMENTS.sign, sign] }))).toMatchObject({
      ok: false,
      reason: "invalid",
      field: "signs.1.position.1",
    });
    expect(parsePlanFile(JSON.stringify({ lines: "none" }))).toMatchObject({ ok: false, reason: "invalid", field: "lines" });
  });

  it("refuses a file from a newer version of the format", () => {
    const text = JSON.stringify({ format: PLAN_FILE_FORMAT, formatVersion: 2, name: "x", content: defaultPlanContent() });
    expect(parsePlanFile(text)).toEqual({ ok: false, reason: "newerFormat" });
  });

  it("refuses a file larger than the server accepts, before parsing it", () => {
    const padding = "x".repeat(MAX_PLAN_FILE_BYTES);
    const text = JSON.stringify({ ...defaultPlanContent(), lines: [{ ...EXAMPLE_ELEMENTS.line, note: padding }] });
    expect(parsePlanFile(text)).toEqual({ ok: false, reason: "tooLarge" });
  });

  it("refuses content over the limit hidden in a file just under the file limit", () => {
    const padding = "x".repeat(MAX_PLAN_CONTENT_BYTES + 1000);
    const text = JSON.stringify({ ...defaultPlanContent(), lines: [{ ...EXAMPLE_ELEMENTS.line, note: padding }] });
    expect(utf8ByteLength(text)).toBeLessThan(MAX_PLAN_FILE_BYTES);
    expect(parsePlanFile(text)).toEqual({ ok: false, reason: "tooLarge" });
  });
});

describe("utf8ByteLength", () => {
  it("counts like TextEncoder, surrogate pairs included", () => {
    for (const text of ["", "abc", "Ærø Å ø", "Fald 10‰", "🚧 vejarbejde 🚧", "\ud800 lone surrogate"]) {
      expect(utf8ByteLength(text), text).toBe(new TextEncoder().encode(text).length);
    }
  });
});

describe("planFileName", () => {
  it("keeps readable names and removes what file systems refuse", () => {
    expect(planFileName("Vejarbejde Vestergade 12")).toBe("Vejarbejde Vestergade 12.json");
    expect(planFileName('Etape 1/2: "Nord" <A>')).toBe("Etape 1 2 Nord A.json");
    expect(planFileName("...")).toBe("plan.json");
    expect(planFileName("  ")).toBe("plan.json");
  });

  it("takes another extension (an exported .gpx file)", () => {
    expect(planFileName("Omkørsel: nord", "gpx")).toBe("Omkørsel nord.gpx");
  });
});

import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { sanitizeSvg, type SvgRefusal } from "./svg-sanitizer";

const svg = (body: string, attrs = "") =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"${attrs}>${body}</svg>`;

describe("sanitizeSvg", () => {
  it("keeps a clean drawing and its internal references", async () => {
    const input = svg(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient><clipPath id="c"><rect width="5" height="5"/></clipPath></defs>' +
        '<g clip-path="url(#c)" style="fill:url(\'#g\');stroke:#000"><path id="p" d="M0 0L10 10"/><use xlink:href="#p"/><use href="#p"/></g>' +
        '<text x="1" y="9" font-family="Arial">Ø 50 &amp; å</text>',
    );
    const result = await sanitizeSvg(input);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.svg).toContain('<use xlink:href="#p"/>');
    expect(result.svg).toContain("Ø 50 &amp; å");
    expect(result.svg).toContain("url(#c)");
    expect(result.svg.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  it("strips editor baggage: comments, metadata, foreign namespaces, a plain DOCTYPE, processing instructions", async () => {
    const input =
      '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<!-- Created with Inkscape -->\n' +
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n' +
      '<?xml-stylesheet href="http://example.com/x.css"?>' +
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" inkscape:version="1.0" width="10" height="10">' +
      '<metadata><rdf:RDF><rdf:Description rdf:about="http://example.com/"/></rdf:RDF></metadata>' +
      '<sodipodi:namedview pagecolor="#fff"/><!-- a note --><g inkscape:label="Lag 1" xml:space="preserve" xml:base="http://example.com/"><rect width="10" height="10" fill="#ff0"/></g><flowRoot><flowPara>x</flowPara></flowRoot></svg>';
    const result = await sanitizeSvg(input);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.svg).not.toMatch(/inkscape|sodipodi|rdf|metadata|<!--|DOCTYPE|stylesheet|flowRoot|xml:base|example\.com/);
    expect(result.svg).toContain('<g xml:space="preserve"><rect width="10" height="10" fill="#ff0"/></g>');
    expect(result.stripped).toBeGreaterThan(5);
  });

  it("gives an SVG without xmlns its namespace", async () => {
    const result = await sanitizeSvg("<svg><rect width='1' height='1'/></svg>");
    expect(result).toMatchObject({ ok: true });
    if (result.ok) expect(result.svg).toContain('xmlns="http://www.w3.org/2000/svg"');
  });

  const hostile: [string, string, SvgRefusal][] = [
    ["<script>", svg("<script>alert(1)</script>"), "script"],
    ["<SCRIPT> in another case", svg("<SCRIPT>alert(1)</SCRIPT>"), "script"],
    ["<script> with CDATA", svg("<script><![CDATA[alert(1)]]></script>"), "script"],
    ["a script root", '<script xmlns="http://www.w3.org/2000/svg">alert(1)</script>', "script"],
    ["onload on the root", svg("", ' onload="alert(1)"'), "eventAttribute"],
    ["onclick on a child", svg('<rect width="1" height="1" onclick="alert(1)"/>'), "eventAttribute"],
    ["ONMOUSEOVER upper case", svg('<rect width="1" height="1" ONMOUSEOVER="alert(1)"/>'), "eventAttribute"],
    ["a namespaced on-attribute", svg('<rect xmlns:e="urn:x" e:onload="alert(1)"/>'), "eventAttribute"],
    ["foreignObject", svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>'), "foreignObject"],
    ["an XHTML element", svg('<div xmlns="http://www.w3.org/1999/xhtml"><img src="x"/></div>'), "html"],
    ["an iframe", svg('<iframe src="http://example.com"/>'), "embed"],
    ["animation that rewrites an href", svg('<use href="#a"><set attributeName="href" to="javascript:alert(1)"/></use>'), "animation"],
    ["<animate>", svg('<rect><animate attributeName="x" values="0;1"/></rect>'), "animation"],
    ["a link", svg('<a href="#x"><rect width="1" height="1"/></a>'), "link"],
    ["an external xlink:href on <use>", svg('<use xlink:href="http://example.com/sprite.svg#a"/>'), "externalReference"],
    ["an external href on <image>", svg('<image href="https://example.com/x.png" width="1" height="1"/>'), "externalReference"],
    ["a relative file href", svg('<use href="other.svg#a"/>'), "externalReference"],
    [
      "xlink:href under another prefix",
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:q="http://www.w3.org/1999/xlink"><use q:href="http://example.com/x.svg#a"/></svg>',
      "externalReference",
    ],
    ["javascript: in an href", svg('<use href="javascript:alert(1)"/>'), "externalReference"],
    ["a data:image/svg+xml href", svg('<image href="data:image/svg+xml;base64,PHN2Zy8+" width="1" height="1"/>'), "externalReference"],
    ["a data: PNG on <use>", svg('<use href="data:image/png;base64,iVBORw0KGgo="/>'), "externalReference"],
    ["url(http…) in a style attribute", svg('<rect style="fill:url(http://example.com/x.svg#g)"/>'), "externalReference"],
    ["url with quotes in a presentation attribute", svg("<rect fill=\"url('https://example.com/a#b')\"/>"), "externalReference"],
    ["@import in <style>", svg("<style>@import url(#x); rect{fill:red}</style>"), "externalReference"],
    ["url() in <style>", svg("<style>rect{background:url(//example.com/x.png)}</style>"), "externalReference"],
    ["@import split by a comment", svg("<style>@imp<!-- x -->ort 'http://example.com/x.css';</style>"), "externalReference"],
    ["@import split across CDATA", svg("<style>@imp<![CDATA[ort 'http://example.com/x.css';]]></style>"), "externalReference"],
    ["a CSS escape in <style>", svg("<style>rect{fill:\\75 rl(http://example.com)}</style>"), "externalReference"],
    ["image-set()", svg('<rect style="fill:image-set(&quot;http://example.com/a.png&quot; 1x)"/>'), "externalReference"],
    ["javascript: with a tab inside", svg('<rect style="x:java&#9;script:alert(1)"/>'), "script"],
    [
      "an ENTITY declaration",
      '<!DOCTYPE svg [<!ENTITY a "aaaaaaaa">]><svg xmlns="http://www.w3.org/2000/svg"><text>&a;</text></svg>',
      "entities",
    ],
    [
      "an internal subset without entities",
      '<!DOCTYPE svg [<!ATTLIST svg x CDATA "1">]><svg xmlns="http://www.w3.org/2000/svg"/>',
      "entities",
    ],
    ["HTML", "<html><body><script>alert(1)</script></body></html>", "notSvg"],
    ["not XML", "<svg xmlns='http://www.w3.org/2000/svg'><g></svg>", "notXml"],
    ["an undeclared entity", svg("<text>&nbsp;</text>"), "notXml"],
    ["plain text", "hello", "notXml"],
    ["an empty file", "", "notXml"],
    ["Latin-1 declared", '<?xml version="1.0" encoding="ISO-8859-1"?><svg xmlns="http://www.w3.org/2000/svg"/>', "encoding"],
    ["deep nesting", svg("<g>".repeat(150) + "</g>".repeat(150)), "tooComplex"],
  ];
  for (const [name, input, reason] of hostile) {
    it(`refuses ${name}`, async () => {
      const result = await sanitizeSvg(input);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).toBe(reason);
    });
  }

  it("refuses bytes that are not UTF-8, and files over the size limit", async () => {
    expect(await sanitizeSvg(new Uint8Array([0x3c, 0x73, 0x76, 0x67, 0xff, 0xfe, 0x3e]))).toMatchObject({ ok: false, reason: "encoding" });
    const huge = svg(`<path d="${"M0 0 ".repeat(1_100_000)}"/>`);
    expect(await sanitizeSvg(huge)).toMatchObject({ ok: false, reason: "tooLarge" });
  });

  it("accepts an embedded PNG on <image> and <feImage>", async () => {
    const png = (await tinyPng(40, 30)).toString("base64");
    const result = await sanitizeSvg(
      svg(
        `<image href="data:image/png;base64,${png}" width="4" height="3"/><filter id="f"><feImage href="data:image/png;base64,${png}"/></filter>`,
      ),
    );
    expect(result).toMatchObject({ ok: true });
  });
});

/** A white PNG, and one whose header is rewritten to claim `width` × `height`: what a decoder would allocate. */
async function tinyPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#fff" } })
    .png()
    .toBuffer();
}
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = await tinyPng(1, 1);
  // IHDR is the first chunk: width at 16, height at 20, CRC over type and data at 29.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** `levels` nested groups of `fanOut` <use> each, over one path: fanOut ** levels paths when drawn. */
function useFanOut(levels: number, fanOut: number): string {
  let body = '<path id="l0" d="M0 0h1v1z"/>';
  for (let level = 1; level <= levels; level++)
    body += `<g id="l${level}">${Array.from({ length: fanOut }, () => `<use href="#l${level - 1}"/>`).join("")}</g>`;
  return svg(`<defs>${body}</defs><use href="#l${levels}"/>`);
}

describe("sanitizeSvg: what is too costly to draw", () => {
  it("refuses the probe's fan-out: 10¹² copies through nested <use>, wide or deep", async () => {
    const wide = useFanOut(6, 100);
    expect(wide.length).toBeLessThan(15_000);
    expect(await sanitizeSvg(wide)).toMatchObject({ ok: false, reason: "references" });
    const deep = useFanOut(12, 10);
    expect(deep.length).toBeLessThan(3_000);
    // Refused for whichever bound it reaches first (here the count: 10⁵ copies five levels down).
    expect(await sanitizeSvg(deep)).toMatchObject({ ok: false, reason: expect.stringMatching(/^reference/) });
  });

  it("counts the fan-out however it is built: width instead of depth, masks, markers per vertex, <style> rules", async () => {
    // Eight levels are within the depth limit: refused for the count alone.
    expect(await sanitizeSvg(useFanOut(2, 400))).toMatchObject({ ok: false, reason: "references" });
    const rects = (n: number) => '<rect width="1" height="1"/>'.repeat(n);
    const masked = `<defs><mask id="m">${rects(1_000)}</mask></defs>${'<rect mask="url(#m)" width="1" height="1"/>'.repeat(200)}`;
    expect(await sanitizeSvg(svg(masked))).toMatchObject({ ok: false, reason: "references" });
    const vertices = Array.from({ length: 2_000 }, (_, i) => `L${i} ${i}`).join("");
    const markers = `<defs><marker id="k">${rects(100)}</marker></defs><path d="M0 0${vertices}" style="marker-mid: url(#k)"/>`;
    expect(await sanitizeSvg(svg(markers))).toMatchObject({ ok: false, reason: "references" });
    const styled = (rule: string) =>
      svg(`<style>${rule} { fill: url(#p) }</style><defs><pattern id="p">${rects(500)}</pattern></defs>${'<rect class="f"/>'.repeat(500)}`);
    expect(await sanitizeSvg(styled(".f"))).toMatchObject({ ok: false, reason: "references" });
    expect(await sanitizeSvg(styled("svg .f"))).toMatchObject({ ok: false, reason: "references" });
    expect(await sanitizeSvg(styled("rect"))).toMatchObject({ ok: false, reason: "references" });
  });

  it("refuses references nested more than eight deep, and references in a cycle", async () => {
    // The outer <use> is the first reference: n levels are n + 1 deep.
    expect(await sanitizeSvg(useFanOut(8, 1))).toMatchObject({ ok: false, reason: "referenceDepth" });
    expect((await sanitizeSvg(useFanOut(7, 1))).ok).toBe(true);
    expect(await sanitizeSvg(svg('<g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g>'))).toMatchObject({
      ok: false,
      reason: "referenceDepth",
    });
    expect(await sanitizeSvg(svg('<g id="a"><rect width="1" height="1" clip-path="url(#a)"/></g>'))).toMatchObject({
      ok: false,
      reason: "referenceDepth",
    });
  });

  it("keeps a drawing with a few <use>, a symbol, gradients that inherit and markers", async () => {
    const drawing = svg(
      '<defs><symbol id="s" viewBox="0 0 2 2"><circle cx="1" cy="1" r="1"/></symbol><linearGradient id="g0"><stop offset="0"/><stop offset="1"/></linearGradient>' +
        '<linearGradient id="g" href="#g0" x2="0"/><marker id="arrow"><path d="M0 0L2 1L0 2z"/></marker></defs>' +
        '<use href="#s" x="1"/><use href="#s" x="4"/><use href="#s" x="7"/><path d="M0 5L5 5L9 9" fill="url(#g)" marker-end="url(#arrow)" marker-mid="url(#arrow)"/>',
    );
    expect(await sanitizeSvg(drawing)).toMatchObject({ ok: true });
    expect((await sanitizeSvg(useFanOut(4, 10))).ok).toBe(true);
    // What Illustrator writes: classes that fill with gradients and clip, on every shape.
    const illustrator =
      '<defs><style>.cls-1{fill:url(#g)}.cls-2{clip-path:url(#c)}</style><clipPath id="c"><rect width="9" height="9"/></clipPath>' +
      '<linearGradient id="g"><stop offset="0"/><stop offset="1"/></linearGradient></defs>' +
      '<path class="cls-1 cls-2" d="M0 0h1v1z"/>'.repeat(20_000);
    expect((await sanitizeSvg(svg(illustrator))).ok).toBe(true);
    // A gradient draws nothing of its own: 40,000 shapes filled with one cost 40,000, not three times that.
    const filled = '<rect width="1" height="1" fill="url(#g)"/>'.repeat(40_000);
    expect((await sanitizeSvg(svg(`<linearGradient id="g"><stop offset="0"/><stop offset="1"/></linearGradient>${filled}`))).ok).toBe(true);
  });

  it("refuses the probe's embedded 20,000 × 20,000 PNG, images over 2048 × 2048 together, and an image that is not what it claims", async () => {
    const image = (type: string, bytes: Buffer) => `<image href="data:${type};base64,${bytes.toString("base64")}" width="1" height="1"/>`;
    expect(await sanitizeSvg(svg(image("image/png", await pngClaiming(20_000, 20_000))))).toMatchObject({
      ok: false,
      reason: "imageTooLarge",
      detail: "20000 × 20000 px",
    });
    const filterImage = `<filter id="f"><feImage xlink:href="data:image/png;base64,${(await pngClaiming(20_000, 20_000)).toString("base64")}"/></filter>`;
    expect(await sanitizeSvg(svg(filterImage))).toMatchObject({ ok: false, reason: "imageTooLarge" });
    const half = await pngClaiming(2048, 1100);
    expect(await sanitizeSvg(svg(image("image/png", half) + image("image/png", half)))).toMatchObject({
      ok: false,
      reason: "imageTooLarge",
    });
    expect((await sanitizeSvg(svg(image("image/png", await pngClaiming(2048, 2048))))).ok).toBe(true);
    expect(await sanitizeSvg(svg(image("image/jpeg", await tinyPng(4, 4))))).toMatchObject({ ok: false, reason: "imageUnreadable" });
    expect(await sanitizeSvg(svg(image("image/png", Buffer.from("<svg/>"))))).toMatchObject({ ok: false, reason: "imageUnreadable" });
  });

  it("refuses a size of more pixels than a raster upload may have, and filters whose cost the file sets", async () => {
    expect(await sanitizeSvg(svg("", ' width="1000000" height="1000000"'))).toMatchObject({ ok: false, reason: "canvasTooLarge" });
    expect(await sanitizeSvg('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1e9 1e9"/>')).toMatchObject({
      ok: false,
      reason: "canvasTooLarge",
    });
    expect(await sanitizeSvg(svg("", ' width="200in" height="200in"'))).toMatchObject({ ok: false, reason: "canvasTooLarge" });
    expect((await sanitizeSvg(svg("", ' width="841mm" height="1189mm"'))).ok).toBe(true);
    expect((await sanitizeSvg(svg("", ' width="100%" height="100%"'))).ok).toBe(true);
    const filter = (primitive: string) => svg(`<filter id="f">${primitive}</filter><rect filter="url(#f)" width="1" height="1"/>`);
    expect(await sanitizeSvg(filter('<feTurbulence baseFrequency="0.05" numOctaves="1000"/>'))).toMatchObject({
      ok: false,
      reason: "costlyFilter",
    });
    expect(await sanitizeSvg(filter(`<feConvolveMatrix order="99" kernelMatrix="${"1 ".repeat(99 * 99)}"/>`))).toMatchObject({
      ok: false,
      reason: "costlyFilter",
    });
    expect((await sanitizeSvg(filter('<feTurbulence baseFrequency="0.05" numOctaves="4"/><feGaussianBlur stdDeviation="3"/>'))).ok).toBe(
      true,
    );
  });

  it("accepts every sign drawing the catalogue generates (public/signs)", { timeout: 60_000 }, async () => {
    const root = path.resolve(import.meta.dirname, "../../../public/signs");
    const files = (await readdir(root, { recursive: true })).filter((file) => file.endsWith(".svg"));
    expect(files.length).toBeGreaterThan(500);
    const refused: string[] = [];
    for (const file of files) {
      const result = await sanitizeSvg(await readFile(path.join(root, file)));
      if (!result.ok) refused.push(`${file}: ${result.reason} ${result.detail}`);
    }
    expect(refused).toEqual([]);
  });
});

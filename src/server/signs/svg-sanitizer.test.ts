import { describe, expect, it } from "vitest";
import { sanitizeSvg, type SvgRefusal } from "./svg-sanitizer";

const svg = (body: string, attrs = "") =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"${attrs}>${body}</svg>`;

describe("sanitizeSvg", () => {
  it("keeps a clean drawing and its internal references", () => {
    const input = svg(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient><clipPath id="c"><rect width="5" height="5"/></clipPath></defs>' +
        '<g clip-path="url(#c)" style="fill:url(\'#g\');stroke:#000"><path id="p" d="M0 0L10 10"/><use xlink:href="#p"/><use href="#p"/></g>' +
        '<text x="1" y="9" font-family="Arial">Ø 50 &amp; å</text>',
    );
    const result = sanitizeSvg(input);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.svg).toContain('<use xlink:href="#p"/>');
    expect(result.svg).toContain("Ø 50 &amp; å");
    expect(result.svg).toContain("url(#c)");
    expect(result.svg.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  it("strips editor baggage: comments, metadata, foreign namespaces, a plain DOCTYPE, processing instructions", () => {
    const input =
      '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<!-- Created with Inkscape -->\n' +
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n' +
      '<?xml-stylesheet href="http://example.com/x.css"?>' +
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" inkscape:version="1.0" width="10" height="10">' +
      '<metadata><rdf:RDF><rdf:Description rdf:about="http://example.com/"/></rdf:RDF></metadata>' +
      '<sodipodi:namedview pagecolor="#fff"/><!-- a note --><g inkscape:label="Lag 1" xml:space="preserve" xml:base="http://example.com/"><rect width="10" height="10" fill="#ff0"/></g><flowRoot><flowPara>x</flowPara></flowRoot></svg>';
    const result = sanitizeSvg(input);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.svg).not.toMatch(/inkscape|sodipodi|rdf|metadata|<!--|DOCTYPE|stylesheet|flowRoot|xml:base|example\.com/);
    expect(result.svg).toContain('<g xml:space="preserve"><rect width="10" height="10" fill="#ff0"/></g>');
    expect(result.stripped).toBeGreaterThan(5);
  });

  it("gives an SVG without xmlns its namespace", () => {
    const result = sanitizeSvg("<svg><rect width='1' height='1'/></svg>");
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
    it(`refuses ${name}`, () => {
      const result = sanitizeSvg(input);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).toBe(reason);
    });
  }

  it("refuses bytes that are not UTF-8, and files over the size limit", () => {
    expect(sanitizeSvg(new Uint8Array([0x3c, 0x73, 0x76, 0x67, 0xff, 0xfe, 0x3e]))).toMatchObject({ ok: false, reason: "encoding" });
    const huge = svg(`<path d="${"M0 0 ".repeat(1_100_000)}"/>`);
    expect(sanitizeSvg(huge)).toMatchObject({ ok: false, reason: "tooLarge" });
  });

  it("accepts an embedded PNG on <image>", () => {
    expect(sanitizeSvg(svg('<image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>')).ok).toBe(true);
  });
});

/** Reading invoice documents back in the billing API tests: a PDF's text with pdftotext, a UBL file's elements. */
import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Element as XmlElement } from "@xmldom/xmldom";

const run = promisify(execFile);
const UBL_CBC = "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2";
const UBL_CAC = "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2";

/** The PDF's text as `pdftotext -layout` reads it, no-break spaces as spaces. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "invoice-pdf-"));
  const file = path.join(dir, "invoice.pdf");
  await writeFile(file, bytes);
  const { stdout } = await run("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"]);
  return stdout.replace(/\u00a0/g, " ");
}

/** The element at a path of UBL names under `from` ("cac:Party/cbc:EndpointID"); fails when missing. */
export function at(from: XmlElement, pathText: string): XmlElement {
  let node = from;
  for (const step of pathText.split("/")) {
    const [prefix, local] = step.split(":");
    const ns = prefix === "cbc" ? UBL_CBC : UBL_CAC;
    const next = Array.from(node.childNodes).find(
      (c): c is XmlElement => c.nodeType === 1 && (c as XmlElement).localName === local && (c as XmlElement).namespaceURI === ns,
    );
    if (!next) throw new Error(`no ${step} in ${pathText}`);
    node = next;
  }
  return node;
}

export const text = (from: XmlElement, pathText: string) => at(from, pathText).textContent?.trim() ?? "";

export const all = (from: XmlElement, local: string) =>
  Array.from(from.childNodes).filter((c): c is XmlElement => c.nodeType === 1 && (c as XmlElement).localName === local);

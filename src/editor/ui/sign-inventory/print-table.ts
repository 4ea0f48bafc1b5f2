/**
 * Prints a table alone, in a clean layout of its own, without the page around it: a hidden same-origin
 * iframe gets a document built with DOM calls (so a plan's name is text, never markup), then the
 * browser's print dialog for that frame. Nothing is loaded or run in the frame: it inherits the page's
 * Content-Security-Policy and needs nothing it forbids (an inline style, images from our origin or
 * data: URLs).
 */

export interface PrintableTable {
  /** The document's title: what the browser offers as the PDF's file name. */
  title: string;
  /** The sheet's heading (the plan's name) and the line under it (product, what this is, the date). */
  heading: string;
  subheading: string;
  lang: string;
  /** The header row; the first column holds each row's picture. */
  columns: readonly { label: string; numeric?: boolean }[];
  /** Each row's picture and its cells after the picture; a cell of several lines is an array. */
  rows: readonly { imageUrl: string; imageAlt: string; cells: readonly (string | readonly string[])[] }[];
  /** The last row (the total), its cells after the picture's column. */
  footer: readonly string[];
}

/** The frame's data-testid; there is at most one, the last printed. */
export const PRINT_FRAME_TEST_ID = "print-table-frame";

const STYLE = `
@page { size: A4 portrait; margin: 15mm; }
* { box-sizing: border-box; }
body { margin: 0; color: #1a1a1a; font: 10pt/1.35 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
h1 { font-size: 16pt; margin: 0 0 2pt; }
p.sub { margin: 0 0 10pt; color: #555; }
table { width: 100%; border-collapse: collapse; }
thead { display: table-header-group; }
tr { break-inside: avoid; }
th { text-align: left; font-weight: 700; border-bottom: 1.5pt solid #1a1a1a; padding: 4pt 6pt; }
td { border-bottom: 0.5pt solid #bbb; padding: 4pt 6pt; vertical-align: middle; }
td.picture { width: 16mm; text-align: center; }
td.picture img { max-width: 13mm; max-height: 13mm; object-fit: contain; }
.numeric { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.secondary { color: #555; font-size: 9pt; }
tfoot td { border-bottom: none; border-top: 1.5pt solid #1a1a1a; font-weight: 700; }
`;

function fill(doc: Document, table: PrintableTable): Promise<void>[] {
  const element = <K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string) => {
    const node = doc.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (className) node.className = className;
    return node;
  };
  doc.documentElement.lang = table.lang;
  doc.title = table.title;
  doc.head.append(element("style", STYLE));
  doc.body.append(element("h1", table.heading), element("p", table.subheading, "sub"));

  const sheet = element("table");
  const headRow = element("tr");
  for (const column of table.columns) headRow.append(element("th", column.label, column.numeric ? "numeric" : undefined));
  sheet.appendChild(element("thead")).append(headRow);

  const body = sheet.appendChild(element("tbody"));
  const loads: Promise<void>[] = [];
  for (const row of table.rows) {
    const tr = body.appendChild(element("tr"));
    const picture = tr.appendChild(element("td", undefined, "picture"));
    const img = picture.appendChild(element("img"));
    img.alt = row.imageAlt;
    img.src = row.imageUrl;
    // A picture that fails leaves its alt text; the print does not wait for it.
    loads.push(img.decode().catch(() => {}));
    row.cells.forEach((cell, index) => {
      const td = tr.appendChild(element("td", undefined, table.columns[index + 1]?.numeric ? "numeric" : undefined));
      const [first, ...more] = typeof cell === "string" ? [cell] : cell;
      td.append(first ?? "");
      for (const line of more) td.append(element("br"), element("span", line, "secondary"));
    });
  }
  const footRow = element("tr");
  footRow.append(element("td"));
  table.footer.forEach((cell, index) => footRow.append(element("td", cell, table.columns[index + 1]?.numeric ? "numeric" : undefined)));
  sheet.appendChild(element("tfoot")).append(footRow);
  doc.body.append(sheet);
  return loads;
}

/**
 * Opens the print dialog for the table. Resolves once the dialog was asked for (after the pictures
 * have loaded, so none prints blank). The frame stays until the next print or `removePrintFrame`, as
 * some browsers print asynchronously after print() returns.
 */
export async function printTable(table: PrintableTable): Promise<void> {
  removePrintFrame();
  const frame = document.createElement("iframe");
  frame.dataset.testid = PRINT_FRAME_TEST_ID;
  frame.setAttribute("aria-hidden", "true");
  frame.tabIndex = -1;
  // Out of sight but laid out: a frame with display:none prints blank in some browsers.
  Object.assign(frame.style, { position: "fixed", right: "0", bottom: "0", width: "0", height: "0", border: "0" });
  document.body.append(frame);
  const doc = frame.contentDocument;
  const win = frame.contentWindow;
  if (!doc || !win) throw new Error("print frame unavailable");
  await Promise.all(fill(doc, table));
  // One frame for the layout of what was just built.
  await new Promise((resolve) => requestAnimationFrame(resolve));
  win.focus();
  win.print();
}

/** Removes the print frame, if any (a dialog that printed closes). */
export function removePrintFrame(): void {
  for (const frame of document.querySelectorAll(`iframe[data-testid="${PRINT_FRAME_TEST_ID}"]`)) frame.remove();
}

import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import {
  drag,
  drawWith,
  editorUser,
  newPlan,
  openEditor,
  putContent,
  savedPlan,
  storeContent,
  viewPath,
  type EditorUser,
} from "./editor-support";
import { siteTexts, siteUrl } from "./support";

// The text kind (placed by a click and a dialog, edited by a double-click or Edit, level on a rotated
// map) and the gpx kind (drawn, imported from and exported to .gpx files), issue 17.

const site = "skilteplanen";
const t = siteTexts(site);
let user: EditorUser;
// Each test takes 10–20 s alone; on the shared two-core machine under load they take up to twice that.
test.describe.configure({ timeout: 60_000 });

test.beforeAll(async ({ browser }) => {
  user = await editorUser(browser, site);
});

const texts = async (page: Page) => (await storeContent(page)).texts;
const routes = async (page: Page) => (await storeContent(page)).gpx;
const pixelOf = async (page: Page, position: [number, number]) => (await page.evaluate((p) => window.__planEditor!.pixelOf(p), position))!;
const save = (page: Page) => page.getByRole("button", { name: t("editor.styleDialog.save") }).click();

/** Reloads the editor and answers the content it opened with; then the read-only view shows every element. */
async function reloadAndView(page: Page, planId: number, kind: "texts" | "gpx", also: "points"[] = []) {
  const server = await savedPlan(page, user, planId);
  await page.reload();
  await expect(page.getByTestId("map")).toHaveAttribute("data-ready", "true");
  for (const key of [kind, ...also]) expect((await storeContent(page))[key]).toEqual(server[key]);
  await page.goto(siteUrl(site, await viewPath(user, planId)));
  await expect(page.getByTestId("plan-editor")).toHaveAttribute("data-mode", "view");
  await expect(page.getByTestId("map")).toHaveAttribute("data-ready", "true");
  await expect(page.getByTestId("view-only-badge")).toBeVisible();
  await expect(page.getByTestId("editor-toolbar")).toHaveCount(0);
  expect(await page.evaluate(() => window.__planEditor!.featureCount())).toBe(
    [kind, ...also].reduce((sum, key) => sum + server[key].length, 0),
  );
  return server;
}

test("a text is placed by a click and its dialog, edited by a double-click and by Edit, styled, copied, deleted and undone", async ({
  page,
}) => {
  const planId = await newPlan(user, "Tekster");
  const { cx, cy } = await openEditor(page, user, planId);
  const dialog = page.getByTestId("entry-dialog");

  // Cancelling the dialog adds nothing; an empty text is refused with a message.
  await page.getByTestId("tool-text").click();
  await page.mouse.click(cx, cy);
  await expect(dialog).toContainText(t("editor.entryDialog.add", { kind: "tekst" }));
  await save(page);
  await expect(dialog.getByText(t("validation.textRequired"))).toBeVisible();
  await dialog.getByRole("button", { name: t("editor.styleDialog.cancel") }).click();
  await expect(dialog).toBeHidden();
  expect(await texts(page)).toEqual([]);

  // Add: text, bold, white box.
  await page.getByTestId("tool-text").click();
  await page.mouse.click(cx, cy);
  await dialog.getByTestId("style-text").fill("Vejarbejde");
  await dialog.getByRole("combobox", { name: t("editor.styleDialog.fields.fontWeight") }).click();
  await page.getByTestId("style-fontWeight-bold").click();
  await dialog.getByTestId("style-whiteBackground").check();
  await save(page);
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await texts(page)).length).toBe(1);
  const added = (await texts(page))[0]!;
  expect(added).toMatchObject({
    text: "Vejarbejde",
    colour: "#000000",
    size: 16,
    fontWeight: "bold",
    letterSpacing: 0,
    whiteBackground: true,
  });
  const [ax, ay] = await pixelOf(page, added.position);
  expect(Math.abs(ax - cx)).toBeLessThan(1.5);
  expect(Math.abs(ay - cy)).toBeLessThan(1.5);
  await expect(page.getByTestId("edit-element")).toBeEnabled();

  // Move: drag the text 80 px right.
  await drag(page, [cx, cy], [cx + 80, cy]);
  await expect.poll(async () => (await texts(page))[0]!.position[0]).toBeGreaterThan(added.position[0]);
  const moved = (await texts(page))[0]!;

  // Edit by a double-click: two lines, above its point.
  await page.mouse.dblclick(cx + 80, cy);
  await expect(dialog).toContainText(t("editor.entryDialog.edit", { kind: "tekst" }));
  await expect(dialog.getByTestId("style-text")).toHaveValue("Vejarbejde");
  await dialog.getByTestId("style-text").fill("Vejarbejde\nKør langsomt");
  await dialog.getByRole("combobox", { name: t("editor.styleDialog.fields.relativePosition") }).click();
  await page.getByTestId("style-relativePosition-top").click();
  await save(page);
  await expect(dialog).toBeHidden();
  expect((await texts(page))[0]).toEqual({ ...moved, text: "Vejarbejde\nKør langsomt", relativePosition: "top" });
  // The double-click edited; it did not zoom the map.
  expect(await page.evaluate(() => window.__planEditor!.getZoom())).toBeCloseTo(18, 5);

  // Edit through the toolbar: a bigger, red text; then the style dialog: letter spacing.
  await page.getByTestId("edit-element").click();
  await dialog.getByTestId("style-size").fill("24");
  await dialog.getByTestId("style-colour").fill("#cc0000");
  await save(page);
  await expect(dialog).toBeHidden();
  await page.getByTestId("style").click();
  await page.getByTestId("style-dialog").getByTestId("style-letterSpacing").fill("3");
  await save(page);
  await expect.poll(async () => (await texts(page))[0]).toMatchObject({ size: 24, colour: "#cc0000", letterSpacing: 3 });
  const styled = (await texts(page))[0]!;

  // Copy and paste, delete the copy, undo the delete, delete it again.
  await page.keyboard.press("Control+c");
  await page.keyboard.press("Control+v");
  await expect.poll(async () => (await texts(page)).length).toBe(2);
  const pasted = (await texts(page))[1]!;
  expect({ ...pasted, id: "", position: [0, 0] }).toEqual({ ...styled, id: "", position: [0, 0] });
  expect(pasted.id).not.toBe(styled.id);
  await page.keyboard.press("Delete");
  expect(await texts(page)).toEqual([styled]);
  await page.getByTestId("undo").click();
  expect((await texts(page)).length).toBe(2);
  await page.getByTestId("redo").click();
  expect(await texts(page)).toEqual([styled]);

  const server = await reloadAndView(page, planId, "texts");
  expect(server.texts).toEqual([styled]);
  await page.screenshot({ path: "/tmp/h-k4-text-view.png" });
});

test("a text stays level and selectable on a rotated map", async ({ page }) => {
  const planId = await newPlan(user, "Drejet kort");
  const position: [number, number] = [10.38551, 55.40178];
  const text = {
    id: "tekst-1",
    text: "Vejarbejde\nKør langsomt",
    position,
    colour: "#cc0000",
    size: 24,
    fontWeight: "bold" as const,
    letterSpacing: 3,
    whiteBackground: true,
    relativePosition: "top" as const,
  };
  await putContent(user, planId, (content) => ({ ...content, texts: [text] }));
  await openEditor(page, user, planId);
  for (let i = 0; i < 2; i++) await page.getByTestId("rotate-map-right").click();
  await expect(page.getByTestId("rotation-control")).not.toHaveAttribute("data-rotation", "0");
  await page.evaluate(() => window.__planEditor!.rendered());
  const [sx, sy] = await pixelOf(page, position);
  await page.screenshot({ path: "/tmp/h-k4-text-rotated-z18.png", clip: { x: sx - 160, y: sy - 110, width: 320, height: 160 } });
  await page.evaluate(() => window.__planEditor!.setZoom(20));
  await page.evaluate(() => window.__planEditor!.rendered());
  const [zx, zy] = await pixelOf(page, position);
  const shot = await page.screenshot({
    path: "/tmp/h-k4-text-rotated-z20.png",
    clip: { x: zx - 400, y: zy - 280, width: 800, height: 320 },
  });
  // Level: the white box's top edge is at the same height 150 px left and right of the point (on a map
  // turned 30°, a text turned with it would differ by about 170 px there).
  const { data, info } = await sharp(shot).raw().toBuffer({ resolveWithObject: true });
  const topOfWhite = (x: number) => {
    for (let y = 0; y < info.height; y++) {
      const i = (y * info.width + x) * info.channels;
      if (data[i] === 255 && data[i + 1] === 255 && data[i + 2] === 255) return y;
    }
    return -1;
  };
  expect(topOfWhite(250)).toBeGreaterThan(0);
  expect(Math.abs(topOfWhite(250) - topOfWhite(550))).toBeLessThanOrEqual(1);
  // The text is drawn above its point, level: a click there, straight above the point, selects it.
  await page.mouse.click(zx, zy - 60);
  await expect(page.getByTestId("edit-element")).toBeEnabled();
  expect((await texts(page))[0]).toEqual(text);
});

/**
 * As a Garmin device writes an activity (BOM, TrackPointExtension, two segments with elevations and times
 * and an empty one), with a route planner's route and a waypoint with its elevation and description.
 */
const GPX_FILE = `\uFEFF<?xml version="1.0" encoding="UTF-8"?>
<gpx creator="Garmin Connect" version="1.1" xmlns="http://www.topografix.com/GPX/1/1"
  xmlns:ns3="http://www.garmin.com/xmlschemas/TrackPointExtension/v1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <wpt lat="55.4012" lon="10.3850"><ele>13.2</ele><name>Mødested</name><desc>Ved porten</desc></wpt>
  <trk><name>Gåtur</name>
    <trkseg>
      <trkpt lat="55.4017800" lon="10.3850000"><ele>14.6</ele><time>2024-05-02T06:12:09Z</time><extensions><ns3:TrackPointExtension><ns3:hr>112</ns3:hr></ns3:TrackPointExtension></extensions></trkpt>
      <trkpt lat="55.4019000" lon="10.3855100"><ele>14.8</ele><time>2024-05-02T06:12:10Z</time></trkpt>
      <trkpt lat="55.4021000" lon="10.3860000"><ele>15.0</ele><time>2024-05-02T06:12:11Z</time></trkpt>
    </trkseg>
    <trkseg/>
    <trkseg>
      <trkpt lat="55.4014000" lon="10.3852000"/>
      <trkpt lat="55.4013000" lon="10.3858000"/>
    </trkseg>
  </trk>
  <rte><name>Omkørsel</name>
    <rtept lat="55.4016000" lon="10.3846000"/><rtept lat="55.4016500" lon="10.3864000"/>
  </rte>
</gpx>`;

async function importGpx(page: Page, file: { name: string; text: string }) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByTestId("editor-more").click();
  await page.getByTestId("editor-action-import-gpx").click();
  await (await chooser).setFiles({ name: file.name, mimeType: "application/gpx+xml", buffer: Buffer.from(file.text) });
}

async function exportGpx(page: Page): Promise<string> {
  await page.getByTestId("editor-more").click();
  await page.getByTestId("editor-action-export-gpx").click();
  const download = page.waitForEvent("download");
  await page.getByTestId("kind-file-export-download").click();
  const file = await download;
  await expect(page.getByTestId("kind-file-export-dialog")).toHaveCount(0);
  expect(file.suggestedFilename()).toBe("GPX-ruter.gpx");
  return readFileSync((await file.path())!, "utf8");
}

/** The [lon, lat] of every point of an exported file's routes (`<rte>`) and tracks (`<trk>`), per line. */
const routesOfFile = (xml: string) =>
  [...xml.matchAll(/<(rte|trk)>([\s\S]*?)<\/\1>/g)].map(([, , body]) =>
    [...body!.matchAll(/<(?:rtept|trkpt) lat="([-\d.]+)" lon="([-\d.]+)"/g)].map(([, lat, lon]) => [Number(lon), Number(lat)]),
  );

test("GPX routes are imported from a file, exported to one and read back; a file that is not GPX changes nothing", async ({ page }) => {
  const planId = await newPlan(user, "GPX-ruter");
  await openEditor(page, user, planId);
  // Nothing to export yet.
  await page.getByTestId("editor-more").click();
  await expect(page.getByTestId("editor-action-export-gpx")).toHaveAttribute("aria-disabled", "true");
  await page.keyboard.press("Escape");
  const drawing = async () => ({ ...(await storeContent(page)), mapView: null });
  const before = await drawing();

  // Not GPX: a message in Danish, and the plan stays as it was.
  await importGpx(page, { name: "noter.gpx", text: "Husk kegler og afspærring\n" });
  await expect(page.getByTestId("kind-file-import-error")).toHaveText(
    t("editorSync.file.import.errors.notFormat", { format: "GPX", extension: "gpx" }),
  );
  await page
    .getByTestId("kind-file-import-dialog")
    .getByRole("button", { name: t("editorSync.file.import.cancel") })
    .click();
  expect(await drawing()).toEqual(before);

  // GPX with nothing to draw.
  await importGpx(page, {
    name: "tom.gpx",
    text: `<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg/></trk></gpx>`,
  });
  await expect(page.getByTestId("kind-file-import-error")).toHaveText(t("editorSync.file.import.errors.empty"));
  await page
    .getByTestId("kind-file-import-dialog")
    .getByRole("button", { name: t("editorSync.file.import.cancel") })
    .click();
  expect(await drawing()).toEqual(before);

  // A Garmin-style file: each segment a track, the route a route, the waypoint a named point (issue 33);
  // the empty segment is skipped.
  await importGpx(page, { name: "tur.gpx", text: GPX_FILE });
  await expect(page.getByTestId("kind-file-import-summary")).toHaveText(
    t("editorSync.file.import.summaryBoth", {
      count: 3,
      kind: t("editor.kinds.gpx"),
      companions: 1,
      companionKind: t("editor.kinds.point"),
    }),
  );
  await expect(page.getByText(t("editorSync.file.import.skipped", { count: 1 }))).toBeVisible();
  await page.getByTestId("kind-file-import-confirm").click();
  await expect.poll(async () => (await routes(page)).length).toBe(3);
  const imported = await routes(page);
  expect(imported.map((r) => [r.name, r.form])).toEqual([
    ["Gåtur (1)", "track"],
    ["Gåtur (2)", "track"],
    ["Omkørsel", "route"],
  ]);
  expect(imported[0]!.elevations).toEqual([14.6, 14.8, 15]);
  expect(imported[0]!.times).toEqual(["2024-05-02T06:12:09Z", "2024-05-02T06:12:10Z", "2024-05-02T06:12:11Z"]);
  const [waypoint] = (await storeContent(page)).points;
  expect(waypoint).toMatchObject({ position: [10.385, 55.4012], label: "Mødested", elevation: 13.2, description: "Ved porten" });
  expect(imported[0]!.coordinates).toEqual([
    [10.385, 55.40178],
    [10.38551, 55.4019],
    [10.386, 55.4021],
  ]);
  expect(imported[2]!.coordinates).toEqual([
    [10.3846, 55.4016],
    [10.3864, 55.40165],
  ]);
  // One step: undo removes them all, redo brings them back.
  await page.getByTestId("undo").click();
  expect(await routes(page)).toEqual([]);
  expect((await storeContent(page)).points).toEqual([]);
  await page.getByTestId("redo").click();
  const byName = (list: typeof imported) => [...list].sort((a, b) => a.name.localeCompare(b.name));
  expect(byName(await routes(page))).toEqual(imported);

  // Export all (nothing selected): one GPX 1.1 file with the waypoint, the route and the two tracks at the same positions.
  await page.keyboard.press("Escape");
  await page.waitForTimeout(400); // the view's fit to the imported routes
  await page.evaluate(() => window.__planEditor!.rendered());
  const all = await exportGpx(page);
  expect(all).toContain('xmlns="http://www.topografix.com/GPX/1/1"');
  expect(all).toContain('creator="Skilteplanen"');
  expect(all.match(/<wpt /g)).toHaveLength(1);
  expect(all).toMatch(/<wpt lat="55.4012" lon="10.385"><ele>13.2<\/ele><name>Mødested<\/name><desc>Ved porten<\/desc><\/wpt>/);
  expect(all.match(/<rte>/g)).toHaveLength(1);
  expect(all.match(/<trk>/g)).toHaveLength(2);
  expect(all).toContain("<ele>14.6</ele><time>2024-05-02T06:12:09Z</time>");
  // The same routes (undo and redo may have changed their order in the plan).
  const unordered = (lines: number[][][]) => lines.map((line) => JSON.stringify(line)).sort();
  expect(unordered(routesOfFile(all))).toEqual(unordered(imported.map((r) => r.coordinates)));

  // Export the selected one: a click on the route selects it.
  const [a, b] = imported[2]!.coordinates as [[number, number], [number, number]];
  const [mx, my] = await pixelOf(page, [(a[0] + b[0]) / 2 + 0.0002, (a[1] + b[1]) / 2]);
  await page.mouse.click(mx, my);
  await expect(page.getByTestId("delete")).toBeEnabled();
  const one = await exportGpx(page);
  expect(routesOfFile(one)).toEqual([imported[2]!.coordinates]);
  expect(one).toContain("<name>Omkørsel</name>");
  expect(one).not.toContain("<wpt");

  // Read back: the exported file imported into the plan adds the same three lines and the waypoint again, with what they held.
  await importGpx(page, { name: "GPX-ruter.gpx", text: all });
  await page.getByTestId("kind-file-import-confirm").click();
  await expect.poll(async () => (await routes(page)).length).toBe(6);
  const withoutIds = (list: typeof imported) => list.map(({ id: _id, ...rest }) => JSON.stringify(rest)).sort();
  expect(withoutIds((await routes(page)).slice(3))).toEqual(withoutIds(imported));
  const points = (await storeContent(page)).points;
  expect(points).toHaveLength(2);
  expect({ ...points[1], id: waypoint!.id }).toEqual(waypoint);

  await page.screenshot({ path: "/tmp/h-k4-gpx-imported.png" });
  const server = await reloadAndView(page, planId, "gpx", ["points"]);
  expect(server.gpx).toHaveLength(6);
});

test("a GPX route is drawn by clicks, named, moved, copied, deleted and undone, and kept on reload", async ({ page }) => {
  const planId = await newPlan(user, "Tegnet rute");
  const { cx, cy } = await openEditor(page, user, planId);
  await drawWith(page, "gpx", [
    [cx - 150, cy + 40],
    [cx - 20, cy - 40],
    [cx + 150, cy - 40],
  ]);
  await expect.poll(async () => (await routes(page)).length).toBe(1);
  const drawn = (await routes(page))[0]!;
  expect(drawn).toMatchObject({ name: "" });
  expect(drawn.coordinates).toHaveLength(3);

  // Name it through the style dialog.
  await page.getByTestId("style").click();
  await page.getByTestId("style-dialog").getByTestId("style-name").fill("Omkørsel nord");
  await save(page);
  await expect.poll(async () => (await routes(page))[0]!.name).toBe("Omkørsel nord");

  // Move it 40 px down by its last segment.
  await drag(page, [cx + 60, cy - 40], [cx + 60, cy]);
  await expect.poll(async () => (await routes(page))[0]!.coordinates[0]![1]).toBeLessThan(drawn.coordinates[0]![1]);
  const moved = (await routes(page))[0]!;

  await page.keyboard.press("Control+c");
  await page.keyboard.press("Control+v");
  await expect.poll(async () => (await routes(page)).length).toBe(2);
  expect((await routes(page))[1]!.name).toBe("Omkørsel nord");
  await page.keyboard.press("Delete");
  expect(await routes(page)).toEqual([moved]);
  await page.keyboard.press("Control+z");
  expect((await routes(page)).length).toBe(2);
  await page.keyboard.press("Control+Shift+z");
  expect(await routes(page)).toEqual([moved]);

  await page.screenshot({ path: "/tmp/h-k4-gpx-z18.png" });
  await page.evaluate(() => window.__planEditor!.setZoom(20));
  await page.evaluate(() => window.__planEditor!.rendered());
  await page.screenshot({ path: "/tmp/h-k4-gpx-z20.png" });

  const server = await reloadAndView(page, planId, "gpx");
  expect(server.gpx).toEqual([moved]);
});

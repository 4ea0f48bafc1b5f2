/**
 * The archive's uploads (issue 35) in a real browser: a folder tree through the Upload Folder input and
 * by drag and drop (parents made before children, existing folders reused, every batch of a directory
 * read), the overlay, a failure shown as "Upload failed" and gone after 3 s, a resumable (tus) upload
 * above the threshold with its progress, another user's project, and the phone layout.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { archiveItem, archiveLoaded, archiveUser, openArchive, serverContents, textFile } from "./archive-support";
import { expect, test } from "./fixtures";
import { axeViolations } from "./organisation-support";
import { siteTexts, siteUrl, waitForHydration } from "./support";
import { ARCHIVE_RESUMABLE_FROM_BYTES, ARCHIVE_TUS_PATH } from "@/lib/schemas/archive";

const t = siteTexts("skilteplanen");

test("a folder tree uploads through Upload Folder, parents first, into the current folder", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const user = await archiveUser(browser, "skilteplanen");
  const root = mkdtempSync(path.join(tmpdir(), "archive-tree-"));
  const top = path.join(root, "Sag 42");
  mkdirSync(path.join(top, "Fotos", "Dag 1"), { recursive: true });
  writeFileSync(path.join(top, "tilladelse.txt"), "tilladelse");
  writeFileSync(path.join(top, "Fotos", "oversigt.txt"), "oversigt");
  writeFileSync(path.join(top, "Fotos", "Dag 1", "a.txt"), "a");
  writeFileSync(path.join(top, "Fotos", "Dag 1", "b.txt"), "b");

  await openArchive(page, user);
  await page.getByTestId("archive-folder-input").setInputFiles(top);
  await expect(archiveItem(page, "Sag 42")).toBeVisible();
  await expect.poll(async () => (await serverContents(user)).files.length).toBe(4);
  const contents = await serverContents(user);
  const folder = (name: string) => contents.folders.find((f) => f.name === name)!;
  expect(folder("Sag 42").parentId).toBeNull();
  expect(folder("Fotos").parentId).toBe(folder("Sag 42").id);
  expect(folder("Dag 1").parentId).toBe(folder("Fotos").id);
  const fileFolder = (name: string) => contents.files.find((f) => f.name === name)?.folderId;
  expect(fileFolder("tilladelse.txt")).toBe(folder("Sag 42").id);
  expect(fileFolder("oversigt.txt")).toBe(folder("Fotos").id);
  expect(fileFolder("a.txt")).toBe(folder("Dag 1").id);

  // The same tree again: the folders are reused (no second "Sag 42"), the files get a second version.
  await page.getByTestId("archive-folder-input").setInputFiles(top);
  await expect.poll(async () => (await serverContents(user)).files.every((f) => f.versions.length === 2)).toBe(true);
  expect((await serverContents(user)).folders).toHaveLength(3);
});

test("files and a folder tree dropped onto the archive upload; the overlay shows while dragging", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const user = await archiveUser(browser, "skilteplanen");
  await openArchive(page, user);
  const main = page.getByTestId("archive-main");

  // Dragging files over the area shows the overlay; leaving hides it.
  await main.evaluate((el) => {
    const data = new DataTransfer();
    data.items.add(new File(["x"], "x.txt"));
    el.dispatchEvent(new DragEvent("dragenter", { bubbles: true, cancelable: true, dataTransfer: data }));
  });
  await expect(page.getByTestId("archive-drop-overlay")).toHaveText(t("archive.dropHere"));
  await main.evaluate((el) => {
    const data = new DataTransfer();
    data.items.add(new File(["x"], "x.txt"));
    el.dispatchEvent(new DragEvent("dragleave", { bubbles: true, cancelable: true, dataTransfer: data }));
  });
  await expect(page.getByTestId("archive-drop-overlay")).toBeHidden();

  // Plain files, as a DataTransfer built in the page carries them.
  await main.evaluate((el) => {
    const data = new DataTransfer();
    data.items.add(new File(["one"], "drop-1.txt", { type: "text/plain" }));
    data.items.add(new File(["two"], "drop-2.txt", { type: "text/plain" }));
    el.dispatchEvent(new DragEvent("drop", { bubbles: true, cancelable: true, dataTransfer: data }));
  });
  await expect(archiveItem(page, "drop-1.txt")).toBeVisible();
  await expect(archiveItem(page, "drop-2.txt")).toBeVisible();

  // A dropped folder: the browser hands directory entries (webkitGetAsEntry), which a test cannot make,
  // so the page gets stand-ins of the same interface. The folder's reader answers in batches of two, as a
  // real one answers in batches of 100: every batch must be read.
  await main.evaluate((el) => {
    type Node = { name: string; children?: Node[]; text?: string };
    const tree: Node = {
      name: "Drop-mappe",
      children: [
        { name: "1.txt", text: "1" },
        { name: "2.txt", text: "2" },
        { name: "3.txt", text: "3" },
        { name: "Under", children: [{ name: "u.txt", text: "u" }] },
        { name: "4.txt", text: "4" },
      ],
    };
    const entry = (node: Node): unknown =>
      node.children
        ? {
            isFile: false,
            isDirectory: true,
            name: node.name,
            createReader: () => {
              let at = 0;
              return {
                readEntries: (done: (entries: unknown[]) => void) => {
                  const batch = node.children!.slice(at, at + 2).map(entry);
                  at += 2;
                  setTimeout(() => done(batch), 0);
                },
              };
            },
          }
        : {
            isFile: true,
            isDirectory: false,
            name: node.name,
            file: (done: (f: File) => void) => done(new File([node.text!], node.name, { type: "text/plain" })),
          };
    const event = new Event("drop", { bubbles: true, cancelable: true });
    const item = { kind: "file", type: "", webkitGetAsEntry: () => entry(tree) };
    Object.defineProperty(event, "dataTransfer", {
      value: { items: [item], files: [], types: ["Files"], dropEffect: "copy" },
    });
    el.dispatchEvent(event);
  });
  await expect(archiveItem(page, "Drop-mappe")).toBeVisible();
  await expect.poll(async () => (await serverContents(user)).files.length).toBe(2 + 5);
  const contents = await serverContents(user);
  const dropFolder = contents.folders.find((f) => f.name === "Drop-mappe")!;
  const under = contents.folders.find((f) => f.name === "Under")!;
  expect(under.parentId).toBe(dropFolder.id);
  expect(
    contents.files
      .filter((f) => f.folderId === dropFolder.id)
      .map((f) => f.name)
      .sort(),
  ).toEqual(["1.txt", "2.txt", "3.txt", "4.txt"]);
  expect(contents.files.find((f) => f.name === "u.txt")?.folderId).toBe(under.id);
});

test("a failed upload shows Upload failed, which goes by itself after 3 s", async ({ page, browser }) => {
  test.setTimeout(60_000);
  const user = await archiveUser(browser, "skilteplanen");
  await openArchive(page, user);
  await page.route("**/api/archive/files/**", (route) =>
    route.request().method() === "POST" ? route.fulfill({ status: 500, contentType: "application/json", body: "{}" }) : route.fallback(),
  );
  await page.getByTestId("archive-files-input").setInputFiles([textFile("fejler.txt", "x")]);
  const failed = page.getByTestId("archive-upload-failed");
  await expect(failed).toHaveText(t("archive.panel.failed"));
  const shownAt = Date.now();
  await expect(page.getByTestId("archive-upload-panel")).toBeHidden({ timeout: 6000 });
  expect(Date.now() - shownAt).toBeGreaterThan(2000);
  await expect(archiveItem(page, "fejler.txt")).toHaveCount(0);

  // Dismissed at once by its button.
  await page.getByTestId("archive-files-input").setInputFiles([textFile("fejler-igen.txt", "x")]);
  await page.getByRole("button", { name: t("archive.panel.dismiss", { name: "fejler-igen.txt" }) }).click();
  await expect(page.getByTestId("archive-upload-panel")).toBeHidden({ timeout: 1000 });
});

test("a file above the threshold uploads resumably over tus, with its progress shown", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const user = await archiveUser(browser, "skilteplanen");
  await openArchive(page, user);
  const size = ARCHIVE_RESUMABLE_FROM_BYTES + 4 * 1024 * 1024;
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i += 4096) bytes.writeUInt32LE(i, i);
  // Each chunk is held back a moment, so the progress can be seen between them.
  let patches = 0;
  await page.route(`**${ARCHIVE_TUS_PATH}/**`, async (route) => {
    if (route.request().method() === "PATCH") {
      patches++;
      await new Promise((resolve) => setTimeout(resolve, 700));
    }
    await route.fallback();
  });
  await page.getByTestId("archive-files-input").setInputFiles([{ name: "stort.bin", mimeType: "application/octet-stream", buffer: bytes }]);
  await expect(page.getByTestId("archive-upload-panel")).toContainText(t("archive.panel.title", { count: 1 }));
  await expect(page.getByTestId("archive-upload-files")).toHaveText(t("archive.uploading", { count: 1 }));
  await expect(page.getByTestId("archive-upload-files")).toBeDisabled();
  await expect(page.getByTestId("archive-upload-percent")).toHaveText(/^\d+%$/);
  await expect(archiveItem(page, "stort.bin")).toBeVisible({ timeout: 60_000 });
  expect(patches).toBeGreaterThanOrEqual(2);
  const stored = (await serverContents(user)).files.find((f) => f.name === "stort.bin")!;
  expect(stored.versions[0]!.size).toBe(size);
  // The stored bytes are the sent ones.
  const downloaded = page.waitForEvent("download");
  await archiveItem(page, "stort.bin").getByTestId("archive-download").click();
  // The browser's own download from the app (the session cookie), not a copy the page fetched into memory.
  expect((await downloaded).url()).toMatch(/\/api\/archive\/files\/\d+\/versions\/\d+$/);
  expect(readFileSync((await (await downloaded).path())!).equals(bytes)).toBe(true);
});

test("a resumable upload survives a dropped connection and a reload, continuing from the server's offset", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const user = await archiveUser(browser, "skilteplanen");
  await openArchive(page, user);
  const size = ARCHIVE_RESUMABLE_FROM_BYTES + 6 * 1024 * 1024; // three chunks
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i += 4096) bytes.writeUInt32LE(i ^ 0x5a5a5a5a, i);
  // A file on disk, as a user picks one: its modification time (part of the upload's fingerprint) is the
  // same when it is picked again; a buffer handed to setInputFiles would be "modified" at each pick.
  const file = path.join(mkdtempSync(path.join(tmpdir(), "archive-tus-")), "felt.bin");
  writeFileSync(file, bytes);

  // First visit: the first chunk goes through, the second's connection drops once (tus tries it again),
  // then the third never gets an answer: the laptop is closed (the page reloaded) meanwhile.
  const offsets: number[] = [];
  let patches = 0;
  let dropped = false;
  let cut = true;
  await page.route(`**${ARCHIVE_TUS_PATH}**`, async (route) => {
    const request = route.request();
    if (request.method() !== "PATCH" || !cut) return route.fallback();
    patches++;
    offsets.push(Number(request.headers()["upload-offset"]));
    if (patches === 2 && !dropped) {
      dropped = true;
      return route.abort("connectionreset");
    }
    if (patches >= 4) return; // left hanging
    return route.fallback();
  });
  await page.getByTestId("archive-files-input").setInputFiles([file]);
  await expect.poll(() => patches, { timeout: 30_000 }).toBe(4);
  // The dropped chunk was sent again from the same offset.
  expect(offsets.slice(0, 3)).toEqual([0, offsets[1], offsets[1]]);
  expect(offsets[1]).toBeGreaterThan(0);

  // After the reload the same file resumes where the server stopped: no new upload, no byte sent twice.
  await page.reload();
  cut = false;
  await waitForHydration(page.getByTestId("archive-main"));
  await archiveLoaded(page);
  const resumed: { method: string; offset: string | undefined }[] = [];
  page.on("request", (request) => {
    if (request.url().includes(ARCHIVE_TUS_PATH)) resumed.push({ method: request.method(), offset: request.headers()["upload-offset"] });
  });
  await page.getByTestId("archive-files-input").setInputFiles([file]);
  await expect(archiveItem(page, "felt.bin")).toBeVisible({ timeout: 60_000 });
  expect(resumed[0]?.method).toBe("HEAD");
  expect(resumed.some((r) => r.method === "POST")).toBe(false);
  expect(Number(resumed.find((r) => r.method === "PATCH")?.offset)).toBeGreaterThanOrEqual(offsets[3]!);
  const stored = (await serverContents(user)).files.filter((f) => f.name === "felt.bin");
  expect(stored).toHaveLength(1);
  expect(stored[0]!.versions).toHaveLength(1);
  const downloaded = page.waitForEvent("download");
  await archiveItem(page, "felt.bin").getByTestId("archive-download").click();
  expect(readFileSync((await (await downloaded).path())!).equals(bytes)).toBe(true);
});

test("another user's project is not found: nothing of it is shown and nothing can be uploaded into it", async ({ page, browser }) => {
  test.setTimeout(60_000);
  const owner = await archiveUser(browser, "skilteplanen");
  const other = await archiveUser(browser, "skilteplanen");
  await openArchive(page, other, `?project=${owner.projectId}`);
  await expect(page.getByTestId("archive-not-found")).toHaveText(t("archive.notFound"));
  await expect(page.getByTestId("archive-item")).toHaveCount(0);
  await expect(page.getByTestId("archive-upload-files")).toHaveCount(0);
});

test("the archive on a phone: the projects as a select, two cards a row, all by keyboard; axe finds nothing serious", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const user = await archiveUser(browser, "skilteplanen");
  await page.setViewportSize({ width: 390, height: 844 });
  await openArchive(page, user, "");
  await expect(page.getByTestId("archive-projects")).toBeHidden();
  await expect(page.getByTestId("archive-project-select")).toBeVisible();
  await page.getByTestId("archive-files-input").setInputFiles([textFile("a.txt", "a"), textFile("b.txt", "b"), textFile("c.txt", "c")]);
  await expect(page.getByTestId("archive-item")).toHaveCount(3);
  const boxes = await page.getByTestId("archive-item").evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
  expect(boxes[0]).toBe(boxes[1]);
  expect(boxes[2]).toBeGreaterThan(boxes[0]!);
  expect(
    await page
      .getByTestId("archive-item")
      .first()
      .evaluate((el) => el.getBoundingClientRect().height),
  ).toBe(180);
  expect(await axeViolations(page)).toEqual([]);

  // The New Folder button by Tab and Enter; the dialog's field takes the name and Enter makes it.
  await page.getByTestId("archive-new-folder").focus();
  await page.keyboard.press("Enter");
  await page.keyboard.type("Tastatur");
  await page.keyboard.press("Enter");
  await expect(archiveItem(page, "Tastatur")).toBeVisible();
  // The user menu leads here too.
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.getByTestId("user-menu-button").click();
  await expect(page.getByTestId("user-menu-archive")).toHaveAttribute("href", "/order-control");
  await page.keyboard.press("Escape");

  // And the projects dialog of the plan tool, per project.
  await page.goto(siteUrl("skilteplanen", "/app"));
  const modal = page.getByTestId("project-modal");
  const row = modal.getByTestId("project-row").first();
  await row.getByRole("button", { name: t("projects.actions.menu", { name: "Standardprojekt" }) }).click();
  await page.getByRole("menuitem", { name: t("archive.openInArchive") }).click();
  await expect(page).toHaveURL(new RegExp(`/order-control\\?project=${user.projectId}$`));
  await expect(archiveItem(page, "Tastatur")).toBeVisible();
});

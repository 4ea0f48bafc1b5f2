/**
 * The export's title block prints the user's organisation by default (issue 30): its name and CVR as the
 * contractor when the plan information names none, and its logo, ticked as soon as there is one. Read
 * back from the PDF's text and images.
 */
import sharp from "sharp";
import { test, expect } from "./fixtures";
import { apiCall } from "./api";
import { editorUser, newPlan, openEditor, putContent } from "./editor-support";
import { openExportPanel, pdfImages, pdfText, saveDownload } from "./export-support";

const logoPng = () =>
  sharp({ create: { width: 240, height: 80, channels: 3, background: { r: 20, g: 90, b: 170 } } })
    .png()
    .toBuffer();

/** POST /api/users/upload-logo (multipart, the file in the part named logo), as the account page sends it. */
async function uploadLogo(token: string) {
  const boundary = "----logo-boundary";
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`),
    await logoPng(),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return apiCall("skilteplanen", "POST", "/api/users/upload-logo", body, token, {
    "content-type": `multipart/form-data; boundary=${boundary}`,
  });
}

test("an organisation's name, CVR and logo are on the title block without being asked for", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const user = await editorUser(browser);
  const created = await apiCall(
    "skilteplanen",
    "POST",
    "/api/users/createOrganization",
    { name: "Skilte & Søn ApS", cvr_number: "24256790" },
    user.token,
  );
  expect(created.status).toBe(201);
  expect((await uploadLogo(user.token)).status).toBe(200);
  const planId = await newPlan(user, "Organisationens plan");
  await putContent(user, planId, (content) => ({ ...content, planInfo: { client: "Odense Kommune" } }));
  await openEditor(page, user, planId, 17);

  // The plan information's empty contractor field says what the title block will print instead.
  await page.getByTestId("editor-more").click();
  await page.getByTestId("editor-action-plan-info").click();
  const info = page.getByTestId("plan-info-dialog");
  await expect(info.getByTestId("plan-info-contractor")).toHaveAttribute("placeholder", "Skilte & Søn ApS, CVR-nr. 24256790");
  await expect(info).toContainText("Tom: organisationen skrives i tegningshovedet.");
  await info.getByRole("button", { name: "Annuller" }).click();
  await expect(info).toBeHidden();

  await openExportPanel(page);

  // The organisation has a logo (set on its account page): ticked without being asked for.
  await expect(page.getByTestId("export-company-logo")).toBeChecked();
  await expect(page.getByTestId("company-logo-image")).toBeVisible();

  const downloading = page.waitForEvent("download", { timeout: 60_000 });
  await page.getByTestId("export-submit").click();
  const pdf = await saveDownload(await downloading);
  const text = pdfText(pdf).replace(/\s+/g, " ");
  expect(text).toContain("Entreprenør Skilte & Søn ApS, CVR-nr. 24256790");
  expect(text).toContain("Odense Kommune");
  expect(pdfImages(pdf)).toContainEqual({ width: 240, height: 80 });
});

test("a contractor typed in the plan information wins over the organisation; an unticked logo stays off", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const user = await editorUser(browser);
  const created = await apiCall(
    "skilteplanen",
    "POST",
    "/api/users/createOrganization",
    { name: "Vejfirma ApS", cvr_number: "24256790" },
    user.token,
  );
  expect(created.status).toBe(201);
  const planId = await newPlan(user, "Egen entreprenør");
  await putContent(user, planId, (content) => ({ ...content, planInfo: { contractor: "Underentreprenør A/S" } }));
  await openEditor(page, user, planId, 17);
  await openExportPanel(page);
  // Without a logo the box starts unticked; the user ticks it, uploads one, and unticks it again: off it stays.
  const logoBox = page.getByTestId("export-company-logo");
  await expect(logoBox).not.toBeChecked();
  await logoBox.check();
  await page.getByTestId("company-logo-file").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: await logoPng() });
  await expect(page.getByTestId("company-logo-image")).toBeVisible();
  await logoBox.uncheck();
  await expect(logoBox).not.toBeChecked();

  const downloading = page.waitForEvent("download", { timeout: 60_000 });
  await page.getByTestId("export-submit").click();
  const pdf = await saveDownload(await downloading);
  const text = pdfText(pdf).replace(/\s+/g, " ");
  expect(text).toContain("Entreprenør Underentreprenør A/S");
  expect(text).not.toContain("Vejfirma ApS");
  expect(pdfImages(pdf)).not.toContainEqual({ width: 240, height: 80 });
});

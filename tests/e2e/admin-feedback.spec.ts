import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { apiCall } from "./api";
import { staffUser, testDb } from "./admin-support";
import { expect, test } from "./fixtures";
import { axeViolations, screenshotSizes } from "./organisation-support";
import { outboxDir, siteTexts, siteUrl, uniqueEmail, waitForHydration } from "./support";

// The admin area's feedback (issue 32): staff answer a message sent from TA-planen (the answer shows
// under it, and the sender's Swedish mail is in the outbox), mark another handled and find it under the
// handled filter, with the audit rows of both; axe on the list and the dialog. Screenshots at two sizes
// go to /tmp/admin-feedback-shots for a look.

const SHOTS = "/tmp/admin-feedback-shots";

async function sendFeedback(site: "skilteplanen" | "ta-planen", body: Record<string, string>) {
  const res = await apiCall(site, "POST", "/api/contact/feedback", body);
  expect(res.status).toBe(201);
  const db = testDb();
  try {
    return (db.prepare("SELECT id FROM feedback WHERE message = ?").get(body.message) as { id: number }).id;
  } finally {
    db.close();
  }
}

function auditRows(targetId: number) {
  const db = testDb();
  try {
    return db
      .prepare("SELECT admin_id, action, after FROM admin_audit_log WHERE target_type = 'feedback' AND target_id = ? ORDER BY id")
      .all(targetId) as { admin_id: number; action: string; after: string }[];
  } finally {
    db.close();
  }
}

async function mailTo(email: string) {
  for (let i = 0; i < 50; i++) {
    for (const name of readdirSync(outboxDir()).filter((n) => n.endsWith(".json"))) {
      const mail = JSON.parse(readFileSync(path.join(outboxDir(), name), "utf8")) as { to: string; subject: string; text: string };
      if (mail.to === email) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${email}`);
}

test("staff answer a feedback message and mark another handled, each with its audit row", async ({ page }) => {
  const site = "skilteplanen";
  const t = siteTexts(site);
  const senderEmail = uniqueEmail("sender");
  const stamp = Date.now();
  const answered = await sendFeedback("ta-planen", {
    message: `Kan ni lägga till vägmärke X1? (${stamp})`,
    name: "Sven Svensson",
    email: senderEmail,
    page: "ta-planen.localhost/projects",
  });
  const handled = await sendFeedback("skilteplanen", { message: `Eksporten er langsom (${stamp})`, page: "skilteplanen.localhost/app" });
  const staff = await staffUser(page, site);

  await page.goto(siteUrl(site, "/admin?tab=feedback"));
  const list = page.getByTestId("feedback-list");
  const first = list.locator(`[data-id="${answered}"]`);
  await expect(first).toBeVisible();
  await expect(first.getByTestId("feedback-site")).toContainText("TA-planen");
  await expect(first.getByTestId("feedback-page").getByRole("link")).toHaveAttribute("href", "//ta-planen.localhost/projects");
  await expect(first.getByRole("heading", { name: /Sven Svensson/ })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await screenshotSizes(page, SHOTS, "feedback-list");

  await waitForHydration(first.getByTestId("feedback-answer-button"));
  await first.getByRole("button", { name: t("admin.feedback.answer") }).click();
  const dialog = page.getByTestId("feedback-answer-dialog");
  await expect(dialog.getByRole("heading", { name: t("admin.feedback.answerTitle", { name: "Sven Svensson" }) })).toBeVisible();
  await expect(dialog).toContainText("svensk");
  await dialog.getByRole("button", { name: t("admin.feedback.send") }).click();
  await expect(dialog.getByRole("alert")).toHaveText(t("admin.feedback.answerEmpty"));
  await dialog.getByRole("textbox", { name: t("admin.feedback.answerLabel") }).fill("Hej Sven!\n\nDet kommer i nästa version.");
  expect(await axeViolations(page)).toEqual([]);
  await screenshotSizes(page, SHOTS, "feedback-answer-dialog");
  await page.setViewportSize({ width: 1400, height: 900 });
  await dialog.getByRole("button", { name: t("admin.feedback.send") }).click();
  await expect(dialog).toBeHidden();

  const answer = first.getByTestId("feedback-answer");
  await expect(answer).toContainText("Det kommer i nästa version.");
  await expect(answer).toContainText(staff.email);
  await expect(first).toHaveAttribute("data-handled", "true");
  await expect(first.getByTestId("feedback-answer-button")).toHaveCount(0);
  const mail = await mailTo(senderEmail);
  expect(mail.subject).toBe("Svar på din feedback till TA-planen");
  expect(mail.text).toContain("Det kommer i nästa version.");
  expect(mail.text).toContain(`Kan ni lägga till vägmärke X1? (${stamp})`);
  expect(auditRows(answered).map((r) => [r.admin_id, r.action, JSON.parse(r.after).to])).toEqual([
    [staff.id, "feedback.answer", senderEmail],
  ]);

  // Anonymous feedback has no address to answer: it can only be marked handled.
  const second = list.locator(`[data-id="${handled}"]`);
  await expect(second).toContainText(t("admin.feedback.noAddress"));
  await second.getByRole("button", { name: t("admin.feedback.markHandled") }).click();
  await expect(second.getByTestId("feedback-state")).toHaveText(t("admin.feedback.handled"));
  await expect(second.getByRole("button", { name: t("admin.feedback.markOpen") })).toBeVisible();
  expect(auditRows(handled).map((r) => [r.admin_id, r.action, JSON.parse(r.after)])).toEqual([
    [staff.id, "feedback.handled", { handled: true }],
  ]);
  await screenshotSizes(page, SHOTS, "feedback-after");

  // The filter is in the address: handled messages, the answered one with its answer after a reload.
  await page.getByTestId("feedback-filter-handled").click();
  await expect(page).toHaveURL(/[?&]status=handled/);
  await page.reload();
  await expect(page.getByTestId("feedback-filter-handled")).toHaveAttribute("aria-pressed", "true");
  await expect(list.locator(`[data-id="${handled}"]`)).toBeVisible();
  await expect(list.locator(`[data-id="${answered}"]`).getByTestId("feedback-answer")).toContainText("Det kommer i nästa version.");
  await page.getByTestId("feedback-filter-open").click();
  await expect(list.locator(`[data-id="${handled}"]`)).toHaveCount(0);
});

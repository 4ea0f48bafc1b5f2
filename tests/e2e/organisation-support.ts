/**
 * What the organisation's browser tests share: a user's id from their token, verified users and
 * organisations made through the API with members added straight into the database (for tests whose
 * subject is not the invitation), and axe-core's findings on a page.
 */
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, type Page } from "@playwright/test";
import { apiCall } from "./api";
import { createVerifiedUser, type TestUser } from "./support";
import type { SiteId } from "@/sites/site-ids";

/** The user id a (test-made) access token carries. */
export const userIdOf = (token: string) => (JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as { id: number }).id;

/** Makes users members of an organisation in the test server's database, as the API tests' support does. */
export function addMembersInDatabase(organisationId: number, members: readonly { id: number; admin?: boolean }[]): void {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, "app.sqlite"));
  try {
    const add = db.prepare("INSERT INTO organisation_members (organisation_id, user_id, is_admin, joined_at) VALUES (?, ?, ?, ?)");
    const now = new Date().toISOString();
    for (const { id, admin } of members) add.run(organisationId, id, admin ? 1 : 0, now);
  } finally {
    db.close();
  }
}

export const VALID_CVR = "24256790";
export const VALID_ORGNR = "5560160680";

export type User = TestUser & { token: string; id: number };

export async function verifiedUser(page: Page, site: SiteId): Promise<User> {
  const user = await createVerifiedUser(page, site);
  return { ...user, id: userIdOf(user.token) };
}

/** An organisation through the API, with members added in the database (their invitations are other tests' subject). */
export async function organisationWith(
  site: SiteId,
  owner: User,
  members: { user: User; admin?: boolean }[] = [],
  name = "Vejfirma ApS",
): Promise<number> {
  const created = await apiCall(
    site,
    "POST",
    "/api/users/createOrganization",
    { name, cvr_number: site === "ta-planen" ? VALID_ORGNR : VALID_CVR },
    owner.token,
  );
  expect(created.status).toBe(201);
  const id = (created.json as { id: number }).id;
  addMembersInDatabase(
    id,
    members.map(({ user, admin }) => ({ id: user.id, admin })),
  );
  return id;
}

let axeSource: string | undefined;

/**
 * axe-core's violations on the page as it is now, as "rule: targets" lines: inside `scope` (a selector)
 * or the whole document; only WCAG rules of `tags` when given; serious and critical ones unless `all`.
 * Evaluated, not added as a script tag: the page's CSP allows no inline script.
 */
export async function axeViolations(page: Page, options: { scope?: string; tags?: string[]; all?: boolean } = {}): Promise<string[]> {
  axeSource ??= readFileSync(path.join(process.cwd(), "node_modules/axe-core/axe.min.js"), "utf8");
  await page.evaluate(axeSource);
  // A dialog still fading in has text at part opacity, which axe reads as too little contrast: wait for
  // the finite animations and transitions running now (a spinner's endless one never ends).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  const found = await page.evaluate(
    async ({ scope, tags }) => {
      type Violation = { id: string; impact: string | null; nodes: { target: string[] }[] };
      const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: Violation[] }> } }).axe;
      const result = await axe.run(scope ? { include: [scope] } : document, {
        resultTypes: ["violations"],
        ...(tags ? { runOnly: { type: "tag", values: tags } } : {}),
      });
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(" ")) }));
    },
    { scope: options.scope ?? null, tags: options.tags ?? null },
  );
  return found
    .filter((v) => options.all || v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.targets.join(", ")}`);
}

/** Full-page screenshots at a desktop, a tablet and a phone size into `dir`, for a look (not compared). */
export async function screenshotSizes(page: Page, dir: string, name: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  for (const [width, height] of [
    [1400, 900],
    [820, 1180],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(dir, `${name}-${width}x${height}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

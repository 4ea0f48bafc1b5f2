import "server-only";
import { isValidatedContent } from "./content-hash";
import { toJson, type SignplanRow } from "./dto";
import { getSignplanOrThrow, planReads } from "./read";
import { readPublicSignplan } from "./share";
import { decodeJwt } from "jose";
import type { CallContext } from "../accounts/service";
import { ApiError } from "../api/errors";
import type { SessionUser } from "../auth/session";
import { siteOrigin } from "../site-url";
import type { PagePlan } from "@/lib/schemas/page-plan";
import type { SiteId } from "@/sites/registry";

/**
 * The plan /app renders with (issue 34): read for the page's cookie user with the service and access
 * rule of GET /signplan/{id} (getSignplanOrThrow, projectAccessibleBy), in the same turns as every plan
 * read. `json` is that route's answer, byte for byte. `validated` says the stored content is what a
 * save validated against today's schema (content-hash.ts), so the browser need not validate it again.
 * A plan the user may not read, or that is gone, is null: the page then leaves it to the client, which
 * asks the API and shows what a 404 shows.
 */
export function readPagePlan(site: SiteId, user: SessionUser, id: number): Promise<PagePlan | null> {
  return readForPage(site, user.id, (ctx) => getSignplanOrThrow(ctx, user, id));
}

/**
 * The plan /view renders with: the one its view token opens, read with the service and checks of
 * GET /signplan/public/{id} (readPublicSignplan). No session is involved: the token in the address is the
 * credential, as it is for the API. Null for any token that opens nothing; the client then asks the API
 * and shows its answer (an invalid link).
 */
export async function readViewPagePlan(site: SiteId, token: string): Promise<PagePlan | null> {
  let id: number;
  try {
    id = Number(decodeJwt(token).signplanId);
  } catch {
    return null;
  }
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  return readForPage(site, null, (ctx) => readPublicSignplan(ctx, id, token));
}

/**
 * A plan read for a page, in the same turns as every plan read, as the page hands it over; a plan the
 * reader may not open, or that is gone, is null.
 */
async function readForPage(
  site: SiteId,
  userId: number | null,
  read: (ctx: CallContext) => Promise<SignplanRow>,
): Promise<PagePlan | null> {
  // No client address is at hand in a render, and a read counts against no limit.
  const ctx: CallContext = { site, ip: "page", origin: siteOrigin(site) };
  try {
    return await planReads.run(async () => {
      const row = await read(ctx);
      return { id: row.id, userId, json: toJson(row), validated: isValidatedContent(row) };
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

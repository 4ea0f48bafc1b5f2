import "server-only";
import { SignJWT, jwtVerify } from "jose";
import type { CallContext } from "../accounts/service";
import { ApiError } from "../api/errors";
import { getJwtSecret } from "../auth/secret";
import type { SessionUser } from "../auth/session";
import { getDb } from "../db";
import { serverTranslator } from "../i18n";
import { toJson, type SignplanRow } from "./dto";
import { getSignplanOrThrow } from "./read";

const VIEW_PURPOSE = "view";

/** POST /signplan/{id}/share: a read-only link. The token names one plan and can do nothing else. */
export async function shareSignplan(ctx: CallContext, user: SessionUser, id: number): Promise<{ token: string; link: string }> {
  const plan = await getSignplanOrThrow(ctx, user, id);
  const token = await new SignJWT({ purpose: VIEW_PURPOSE, signplanId: plan.id, sv: plan.share_version })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt()
    .sign(getJwtSecret());
  return { token, link: `${ctx.origin}/view?token=${token}` };
}

/** The plan a view token opens, or a 404 for any token that is not a valid, current view token for it. */
export async function readPublicSignplan(ctx: CallContext, id: number, token: string | null): Promise<SignplanRow> {
  const invalid = () => new ApiError(404, serverTranslator(ctx.site)("api.plans.invalidShareLink"));
  if (!token) throw invalid();
  let payload: Record<string, unknown>;
  try {
    payload = (await jwtVerify(token, getJwtSecret(), { algorithms: ["HS256"] })).payload;
  } catch {
    throw invalid();
  }
  if (payload.purpose !== VIEW_PURPOSE || payload.signplanId !== id) throw invalid();
  const db = await getDb();
  const plan = await db.selectFrom("signplans").selectAll().where("id", "=", id).executeTakeFirst();
  if (!plan || plan.deleted_at || plan.share_version !== payload.sv) throw invalid();
  return plan;
}

/** GET /signplan/public/{id}: the plan a view token opens, as JSON (see toJson). */
export async function getPublicSignplanJson(ctx: CallContext, id: number, token: string | null): Promise<string> {
  return toJson(await readPublicSignplan(ctx, id, token));
}

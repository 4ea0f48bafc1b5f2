import "server-only";
import { bearerToken, verifyAccessToken } from "./jwt";
import { ApiError } from "../api/errors";
import { getDb } from "../db";
import { serverTranslator } from "../i18n";
import type { SiteId } from "@/sites/registry";

export interface SessionUser {
  id: number;
  email: string;
  name: string;
  isVerified: boolean;
  organizationId: number | null;
  tokenVersion: number;
}

/**
 * The user a bearer token belongs to, checked against the database: a deleted account or a token
 * from before a password change is refused. Returns null for any unacceptable token.
 */
export async function userFromToken(token: string | null): Promise<{ user: SessionUser } | { problem: "missing" | "expired" | "invalid" }> {
  if (!token) return { problem: "missing" };
  const result = await verifyAccessToken(token);
  if ("problem" in result) return result;
  const db = await getDb();
  const row = await db
    .selectFrom("users")
    .leftJoin("organisation_members", "organisation_members.user_id", "users.id")
    .select(["users.id", "users.email", "users.name", "users.is_verified", "users.token_version", "organisation_members.organisation_id"])
    .where("users.id", "=", result.claims.id)
    .executeTakeFirst();
  if (!row || row.token_version !== result.claims.tv) return { problem: "invalid" };
  return {
    user: {
      id: row.id,
      email: row.email,
      name: row.name,
      isVerified: row.is_verified === 1,
      // From the database, not the token: membership may have changed since the token was issued.
      organizationId: row.organisation_id ?? null,
      tokenVersion: row.token_version,
    },
  };
}

/**
 * The caller of an API request, or a 401 in the caller's language. An expired token answers with
 * the message the client recognises ('jwt expired' in it) so it logs the user out with the notice.
 * An unconfirmed e-mail is a 403 (protected features need a confirmed e-mail) unless `allowUnverified`.
 */
export async function requireUser(req: Request, site: SiteId, options: { allowUnverified?: boolean } = {}): Promise<SessionUser> {
  const t = serverTranslator(site);
  const result = await userFromToken(bearerToken(req.headers.get("authorization")));
  if ("problem" in result) {
    throw new ApiError(401, result.problem === "expired" ? t("api.auth.tokenExpired") : t("api.auth.notLoggedIn"));
  }
  if (!options.allowUnverified && !result.user.isVerified) throw new ApiError(403, t("api.auth.emailNotVerified"));
  return result.user;
}

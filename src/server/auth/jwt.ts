import "server-only";
import { SignJWT, errors, jwtVerify } from "jose";
import * as z from "zod";
import { getJwtSecret } from "./secret";
import { accessTokenClaimsSchema, type AccessTokenClaims } from "@/lib/schemas/auth";

/**
 * Access tokens live 7 days: long enough that a contractor is not logged out in the middle of a
 * working week, short enough that a lost token stops working. A password change ends them sooner
 * (the `tv` claim must match the user's token_version).
 */
export const ACCESS_TOKEN_LIFETIME = "7d";

const verifiedClaimsSchema = accessTokenClaimsSchema.extend({ tv: z.number().int().min(0) });
export type VerifiedClaims = z.infer<typeof verifiedClaimsSchema>;

export async function signAccessToken(claims: AccessTokenClaims & { tokenVersion: number }): Promise<string> {
  const { tokenVersion, ...body } = claims;
  return new SignJWT({ ...body, tv: tokenVersion })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(claims.id))
    .setIssuedAt()
    .setExpirationTime(ACCESS_TOKEN_LIFETIME)
    .sign(getJwtSecret());
}

export type TokenProblem = "expired" | "invalid";

/** The token's claims, or why it is not acceptable. Never throws. */
export async function verifyAccessToken(token: string): Promise<{ claims: VerifiedClaims } | { problem: TokenProblem }> {
  try {
    const { payload } = await jwtVerify(token, getJwtSecret(), { algorithms: ["HS256"] });
    const parsed = verifiedClaimsSchema.safeParse(payload);
    return parsed.success ? { claims: parsed.data } : { problem: "invalid" };
  } catch (error) {
    return { problem: error instanceof errors.JWTExpired ? "expired" : "invalid" };
  }
}

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(header: string | null): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  return match?.[1] ?? null;
}

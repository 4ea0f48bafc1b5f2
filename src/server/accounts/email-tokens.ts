import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db";
import type { EmailTokenPurpose } from "../db/schema";

/** How long e-mailed links work: reset 24 hours (core §9); verification a week, as people come back later. */
export const EMAIL_TOKEN_LIFETIME_MS: Record<EmailTokenPurpose, number> = {
  reset: 24 * 60 * 60_000,
  verify: 7 * 24 * 60 * 60_000,
};

/** The SHA-256 a mailed link's token is stored and looked up by: the token itself is never stored. */
export const hashLinkToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new token for a mailed link (256 random bits), with the hash to store. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashLinkToken(token) };
}

/**
 * Creates a single-use link token. Earlier unused tokens of the same purpose stop working, so only the
 * newest e-mail's link is valid. The token itself is returned once and only its hash is stored.
 */
export async function issueEmailToken(db: Kysely<Database>, userId: number, purpose: EmailTokenPurpose, now = new Date()): Promise<string> {
  const { token, hash } = newLinkToken();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("email_tokens")
      .set({ used_at: now.toISOString() })
      .where("user_id", "=", userId)
      .where("purpose", "=", purpose)
      .where("used_at", "is", null)
      .execute();
    await trx
      .insertInto("email_tokens")
      .values({
        user_id: userId,
        purpose,
        token_hash: hash,
        expires_at: new Date(now.getTime() + EMAIL_TOKEN_LIFETIME_MS[purpose]).toISOString(),
        created_at: now.toISOString(),
      })
      .execute();
  });
  return token;
}

/** The user id of a valid (unused, unexpired) token, without using it up. */
export async function findValidEmailToken(db: Kysely<Database>, token: string, purpose: EmailTokenPurpose, now = new Date()) {
  return db
    .selectFrom("email_tokens")
    .select(["id", "user_id"])
    .where("token_hash", "=", hashLinkToken(token))
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
}

/**
 * Uses a token up inside the caller's transaction. The conditional update makes two simultaneous
 * uses impossible: only one of them changes the row. Returns the user id, or null when not valid.
 */
export async function consumeEmailToken(
  trx: Transaction<Database>,
  token: string,
  purpose: EmailTokenPurpose,
  now = new Date(),
): Promise<number | null> {
  const found = await findValidEmailToken(trx, token, purpose, now);
  if (!found) return null;
  const result = await trx
    .updateTable("email_tokens")
    .set({ used_at: now.toISOString() })
    .where("id", "=", found.id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? found.user_id : null;
}

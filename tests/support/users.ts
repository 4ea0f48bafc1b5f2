import { getDb } from "@/server/db";
import { hashPassword } from "@/server/auth/passwords";
import { signAccessToken } from "@/server/auth/jwt";

let counter = 0;

/** A unique e-mail for one test. */
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.dk`;
}

/** Inserts a user directly (for tests of things other than registration) and returns it with a token. */
export async function createUser(options: { email?: string; name?: string; password?: string; verified?: boolean; site?: string } = {}) {
  const db = await getDb();
  const now = new Date().toISOString();
  const email = options.email ?? uniqueEmail();
  const row = await db
    .insertInto("users")
    .values({
      email,
      name: options.name ?? "Test Bruger",
      password_hash: await hashPassword(options.password ?? "hemmelig1"),
      is_verified: options.verified === false ? 0 : 1,
      registered_site: options.site ?? "skilteplanen",
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const token = await signAccessToken({
    id: row.id,
    email: row.email,
    name: row.name,
    isVerified: row.is_verified === 1,
    organizationId: null,
    tokenVersion: row.token_version,
  });
  return { ...row, token };
}

/** An organisation with an owner and members, created directly (its API comes with a later issue). */
export async function createOrganisation(ownerId: number, memberIds: number[] = []): Promise<number> {
  const db = await getDb();
  const now = new Date().toISOString();
  const org = await db
    .insertInto("organisations")
    .values({ name: "Vejfirma ApS", cvr_number: "12345678", owner_id: ownerId, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const userId of [ownerId, ...memberIds]) {
    await db
      .insertInto("organisation_members")
      .values({ organisation_id: org.id, user_id: userId, is_admin: userId === ownerId ? 1 : 0, joined_at: now })
      .execute();
  }
  return org.id;
}

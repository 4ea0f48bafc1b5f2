import "server-only";
import bcrypt from "bcryptjs";
import { getConfig } from "../config";

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, getConfig().BCRYPT_COST);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}

// Compared against when the e-mail is unknown, so a login takes as long whether or not the account
// exists and the answer time reveals nothing.
let dummyHash: Promise<string> | undefined;
export async function spendPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword("not-a-real-password");
  await bcrypt.compare(password, await dummyHash);
}

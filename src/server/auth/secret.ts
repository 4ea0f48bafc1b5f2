import "server-only";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getConfig } from "../config";
import { log } from "../log";

const SECRET_FILE = "jwt-secret";

/**
 * The key that signs access tokens: JWT_SECRET when set (deployments must set it, and the same on every
 * process), otherwise one generated once into DATA_DIR/jwt-secret, so that a local start needs no
 * configuration and tokens survive a restart.
 */
export function getJwtSecret(): Uint8Array {
  const config = getConfig();
  if (config.JWT_SECRET) return new TextEncoder().encode(config.JWT_SECRET);
  const file = path.join(config.dataDir, SECRET_FILE);
  let secret: string;
  try {
    secret = readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(config.dataDir, { recursive: true });
    secret = randomBytes(48).toString("base64url");
    // "wx" fails if another process created it meanwhile; then that one wins and we read it.
    try {
      writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
      log.warn("auth", `No JWT_SECRET set: generated one in ${file}. A deployment sets its own JWT_SECRET.`);
    } catch {
      secret = readFileSync(file, "utf8").trim();
    }
  }
  return new TextEncoder().encode(secret);
}

import "server-only";
import path from "node:path";
import { z } from "zod";

/**
 * The server's settings, read once from the environment. Every variable is documented in .env.example;
 * each has a default that lets `npm start` run with no configuration at all.
 */
const envSchema = z.object({
  /** Where the embedded database, generated secrets, the mail outbox and uploaded files live. */
  DATA_DIR: z.string().min(1).default("data"),
  /** Unset: a SQLite file in DATA_DIR. postgres://…: PostgreSQL. */
  DATABASE_URL: z.string().optional(),
  /** PostgreSQL only: the schema to use (created when missing); defaults to the server's search_path. */
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/, "DATABASE_SCHEMA must be a plain lower-case identifier")
    .optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  SITE_HOSTS: z.string().optional(),
  JWT_SECRET: z.string().min(32, "JWT_SECRET must be at least 32 characters").optional(),
  REDIS_URL: z.string().optional(),
});

export type ServerConfig = z.infer<typeof envSchema> & { dataDir: string };

let cached: ServerConfig | undefined;

export function getConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  if (cached && env === process.env) return cached;
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid configuration: ${issue?.path.join(".")}: ${issue?.message}`);
  }
  const config = { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
  if (env === process.env) cached = config;
  return config;
}

import "server-only";
import { availableParallelism } from "node:os";
import path from "node:path";
import * as z from "zod";

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
  /**
   * SQLite only: how hard a commit waits for the disk. FULL: a save answered 200 survives a power loss.
   * NORMAL (in WAL mode): faster, and the database stays consistent, but the last commits before a
   * power loss or OS crash may be rolled back (README, "Data"); a crash of the process alone loses nothing.
   */
  SQLITE_SYNCHRONOUS: z.enum(["FULL", "NORMAL"]).default("FULL"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  SITE_HOSTS: z.string().optional(),
  JWT_SECRET: z.string().min(32, "JWT_SECRET must be at least 32 characters").optional(),
  /**
   * redis://…: socket.io events travel between several server processes through this Redis (a stream;
   * src/server/realtime/adapter.ts). Unset (or empty): one process, as before.
   */
  REDIS_URL: z.string().optional(),
  /** The prefix of the Redis stream, channels and keys: several apps (or test runs) can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .trim()
    // An empty value (a copied .env.example line left blank) means the default too.
    .transform((v) => v || "plan")
    .pipe(z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, "REDIS_PREFIX must be letters, digits and _ . : -"))
    .default("plan"),
  /**
   * Whether socket.io also accepts long-polling, which needs every request of a connection to reach the
   * same process (sticky sessions at the load balancer). Unset: only without REDIS_URL (one process);
   * with REDIS_URL, WebSocket only unless this says "true".
   */
  SOCKET_POLLING: z
    .enum(["true", "false", ""])
    .optional()
    .transform((v) => (v ? v === "true" : undefined)),
  /** smtp(s)://user:pass@host:port. Unset: every e-mail is written to DATA_DIR/outbox and its link logged. */
  SMTP_URL: z.string().optional(),
  /** Sender address; unset: "<Product> <no-reply@<site's production host>>". */
  MAIL_FROM: z.string().optional(),
  /** Where feedback and staff notices go. */
  STAFF_EMAIL: z.string().default("support@skilteplanen.dk"),
  /** Public origin per site for links in e-mails and share links, e.g. "skilteplanen=https://skilteplanen.dk,…" (site-url.ts). */
  SITE_URLS: z.string().optional(),
  /** Comma-separated e-mails that are made admins at start-up (the first staff accounts). */
  ADMIN_EMAILS: z.string().optional(),
  /**
   * Whether a reverse proxy in front of the server sets X-Forwarded-For, -Proto and -Host. Unset, the
   * X-Forwarded-For a client sends is replaced by the connection's address (nobody dodges a rate limit by
   * inventing one) and its other X-Forwarded-* are dropped (no HSTS on a made-up "https"): applyProxyTrust.
   */
  TRUST_PROXY: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** Multiplies every rate limit, e.g. for an office where many people share one address. */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().max(1000).default(1),
  /** The longest a failed login is held back when its e-mail is under attack (see failedLoginDelayMs). */
  LOGIN_SLOWDOWN_MAX_MS: z.coerce.number().int().min(0).max(60_000).default(4000),
  /** bcrypt cost factor; 12 takes about 0.25 s on one core, slowing down password guessing. */
  BCRYPT_COST: z.coerce.number().int().min(4).max(15).default(12),
  /**
   * Threads that hash and check passwords, off the event loop (src/server/auth/hash-pool.ts): at most
   * this many run at once. Default: half the cores, at least one, so requests keep the others.
   */
  PASSWORD_HASH_THREADS: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(() => Math.max(1, Math.floor(availableParallelism() / 2))),
  /** Password checks that may wait per thread; past that a login is answered 503 "try again shortly". */
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).default(16),
  /**
   * The company look-up of the Danish sites (GET /api/users/cvrLookup): a service shaped like cvrapi.dk,
   * asked `<url>?search=…&country=dk`. A key the service wants goes in the URL's own query
   * (`…/api?token=…`), which is kept. Empty: no look-up; the forms say to fill the fields in by hand.
   */
  CVR_LOOKUP_URL: z.string().default("https://cvrapi.dk/api"),
  /** The same for ta-planen's organisationsnummer (country=se); unset, ta-planen has no look-up. */
  ORG_NUMBER_LOOKUP_URL: z.string().default(""),
  /** How long a look-up waits for the service before telling the user to fill the fields in by hand. */
  COMPANY_LOOKUP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /**
   * Who issues the invoices (src/server/billing/seller.ts): printed on every PDF and in the e-invoice.
   * Unset, the name is the site's product name and the address and CVR are the footer's
   * (NEXT_PUBLIC_COMPANY_ADDRESS, NEXT_PUBLIC_COMPANY_REGISTRATION_NUMBER); a line without a value is left out.
   */
  SELLER_NAME: z.string().trim().default(""),
  SELLER_ADDRESS: z.string().trim().default(""),
  SELLER_ZIP: z.string().trim().default(""),
  SELLER_CITY: z.string().trim().default(""),
  /** ISO 3166 two-letter code. */
  SELLER_COUNTRY: z
    .string()
    .trim()
    .toUpperCase()
    // An empty value (a copied .env.example line left blank) means the default too.
    .transform((v) => v || "DK")
    .pipe(z.string().regex(/^[A-Z]{2}$/, "SELLER_COUNTRY must be a two-letter country code"))
    .default("DK"),
  /** The Danish CVR number, 8 digits: the e-invoice's seller endpoint (scheme 0184) and VAT number (DK + CVR). */
  SELLER_CVR: z
    .string()
    .trim()
    .regex(/^(\d{8})?$/, "SELLER_CVR must be 8 digits")
    .default(""),
  /** Where customers write about an invoice; unset: STAFF_EMAIL. */
  SELLER_EMAIL: z.string().trim().default(""),
  /** The bank account invoices are paid to: Danish reg. no. and account no., and IBAN and BIC for transfers from abroad. */
  SELLER_BANK_REG: z.string().trim().default(""),
  SELLER_BANK_ACCOUNT: z.string().trim().default(""),
  SELLER_IBAN: z
    .string()
    .transform((v) => v.replace(/\s+/g, "").toUpperCase())
    .default(""),
  SELLER_BIC: z.string().trim().toUpperCase().default(""),
  /** The daily billing job (src/server/billing/scheduler.ts): "off" for a process that must not run it (tools, a second site). */
  BILLING_JOB: z.enum(["on", "off"]).default("on"),
  /**
   * Uploaded files go to this S3 bucket instead of DATA_DIR/files (src/server/storage/s3.ts). Empty (the
   * default, or a copied .env.example line left blank): local disk, and the S3_* settings below are unused.
   */
  S3_BUCKET: z.string().trim().default(""),
  /** An S3-compatible store's URL (MinIO, Hetzner, Scaleway, Cloudflare R2, …); empty: Amazon S3 itself. */
  S3_ENDPOINT: z
    .string()
    .trim()
    .refine((v) => v === "" || (/^https?:\/\//i.test(v) && URL.canParse(v)), "S3_ENDPOINT must be a URL such as https://s3.example.com")
    .default(""),
  /**
   * The bucket's region, which requests are signed for. eu-north-1 (Stockholm): Amazon's region nearest
   * to the sites' users that keeps the files in the EU; on Amazon a bucket in another region is still
   * found (the client follows S3's redirect), another store wants its own (R2: auto, MinIO: us-east-1).
   */
  S3_REGION: z.string().trim().min(1).default("eu-north-1"),
  S3_ACCESS_KEY_ID: z.string().trim().default(""),
  S3_SECRET_ACCESS_KEY: z.string().trim().default(""),
  /** Bucket in the path (https://host/bucket/key) instead of the host name: MinIO and most self-hosted stores need it. */
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** A folder inside the bucket for this server's files (a bucket shared with other data); "" (default): the bucket's root. */
  S3_PREFIX: z
    .string()
    .trim()
    .transform((v) => v.replace(/^\/+|\/+$/g, ""))
    .default(""),
});

const configSchema = envSchema.superRefine((env, ctx) => {
  if (!env.S3_BUCKET) return;
  // The storage would only fail at the first upload or download; a server that cannot store files must not start.
  for (const name of ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
    if (!env[name]) ctx.addIssue({ code: "custom", path: [name], message: `${name} is needed when S3_BUCKET is set` });
  }
});

export type ServerConfig = z.infer<typeof envSchema> & { dataDir: string };

let cached: ServerConfig | undefined;

export function getConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  if (cached && env === process.env) return cached;
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid configuration: ${issue?.path.join(".")}: ${issue?.message}`);
  }
  const config = { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
  if (env === process.env) cached = config;
  return config;
}

/** Forgets the settings read, so the next getConfig() reads the environment again (tests that change it). */
export function reloadConfig(): void {
  cached = undefined;
}

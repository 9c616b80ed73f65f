import { z } from 'zod';
import { defaultPort } from '@app/contracts';

/** USER_STORAGE_QUOTA_MB when unset. */
export const defaultStorageQuotaMb = 1024;

const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s.length > 0),
  );

/** `true` or `false` (`fallback` when unset), read as a boolean. */
const trueOrFalse = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false'])
    .default(fallback)
    .transform((v) => v === 'true');

/** A comma-separated list, each entry trimmed, empty entries dropped; unset: undefined. */
const commaList = z
  .string()
  .optional()
  .transform((v) =>
    v === undefined
      ? undefined
      : v
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s.length > 0),
  );

const SettingsSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(defaultPort),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  ADMIN_EMAILS: list,
  /** `dev` (the development sign-in, loopback only) must be set explicitly; otherwise OIDC. */
  AUTH_MODE: z.enum(['dev', 'oidc']).default('oidc'),
  /** OpenID Connect: the issuer URL, the client registered there, and the name on the sign-in button. */
  OIDC_ISSUER: z.string().url().max(2000).optional(),
  OIDC_CLIENT_ID: z.string().min(1).max(500).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).max(2000).optional(),
  OIDC_PROVIDER_NAME: z.string().min(1).max(100).optional(),
  /** `false` only for a provider that omits `email_verified` yet vouches for every address (see the README). */
  OIDC_REQUIRE_VERIFIED_EMAIL: trueOrFalse('true'),
  /** The address users reach the platform at (https in production): its host is the only Host served. */
  PUBLIC_URL: z.string().url().max(2000).optional(),
  /** How long a session lasts without use, and at most, in hours. */
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(24 * 7),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(24 * 30),
  /** Behind a reverse proxy (the split deployment's Caddy): client addresses from X-Forwarded-For. */
  TRUST_PROXY: trueOrFalse('false'),
  /** Bounds on the platform's pooled database connections, in ms (0: none): a statement, a transaction left idle. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(2_147_483_647).default(30_000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).max(2_147_483_647).default(60_000),
  /** How long a command's result (and its Idempotency-Key) is kept, in hours; older ones are pruned. */
  COMMAND_RESULTS_RETENTION_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 3650)
    .default(72),
  /** Lets a scraper read GET /metrics with `Authorization: Bearer <METRICS_TOKEN>`; unset, only admins may. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must hold at least 16 characters').max(500).optional(),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must hold at least 32 characters').optional(),
  /**
   * Worker processes per service (`node:cluster`); unset: one per core (`os.availableParallelism()`).
   * 1 runs the service in one process, without a cluster.
   */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('.data'),
  /** Each user's storage for documents, in MB: an upload past it is refused with the quota and the use. */
  USER_STORAGE_QUOTA_MB: z.coerce.number().positive().max(1_000_000_000).default(defaultStorageQuotaMb),
  WEB_DIST: z.string().optional(),
  /** Documents' bytes: in S3 when S3_BUCKET is set (S3_ENDPOINT for a compatible server such as MinIO), else under DATA_DIR/blobs. */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: z.string().url().max(2000).optional(),
  /** S3_ENDPOINT as browsers reach it (the signed URLs), when the services reach it on an internal address. */
  S3_PUBLIC_ENDPOINT: z.string().url().max(2000).optional(),
  S3_REGION: z.string().min(1).max(100).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).max(500).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).max(2000).optional(),
  /** `true` for servers that take the bucket in the path (MinIO and most compatible servers). */
  S3_FORCE_PATH_STYLE: trueOrFalse('false'),
  /** Signs the filesystem store's upload and download URLs; unset: a random one kept in DATA_DIR/blobs. */
  BLOB_URL_SECRET: z.string().min(32, 'BLOB_URL_SECRET must hold at least 32 characters').max(500).optional(),
  /** Base64 of 32 bytes: wraps every secret's data key. Required by the split services. */
  APP_MASTER_KEY: z.string().optional(),
  /** A file holding APP_MASTER_KEY (a mounted secret); used when APP_MASTER_KEY is unset. */
  APP_MASTER_KEY_FILE: z.string().optional(),
  /** Private hosts or address ranges outbound calls may still reach; unset: none (loopback in the embedded default). */
  OUTBOUND_ALLOW: commaList,
  /**
   * Private hosts or ranges that addresses USERS type (websites, sitemaps) may still reach; unset: none,
   * in every deployment (an admin's model endpoint on this machine is allowed by OUTBOUND_ALLOW, a
   * user's URL never is unless listed here).
   */
  WEBSITE_FETCH_ALLOW: commaList,
  /**
   * The hosts, addresses or ranges MCP servers may be registered at and reached (parsed like
   * OUTBOUND_ALLOW); unset: none, so no MCP server is reached until it is listed.
   */
  MCP_ALLOW: commaList,
});

export type Settings = z.infer<typeof SettingsSchema>;

/** Reads the environment once, with a message naming the variable that is wrong. */
export const loadSettings = (env: NodeJS.ProcessEnv = process.env): Settings => {
  const parsed = SettingsSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid settings: ${issues}`);
  }
  return parsed.data;
};

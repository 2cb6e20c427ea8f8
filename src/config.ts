import os from 'node:os';
import { z } from 'zod';

// The only reader of process.env: every setting is parsed here, once, and a bad
// value stops the process with a message that names it.
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: optionalUrl,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  CASEBOOK_DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: optionalUrl,
  OAUTH_AUTHORIZATION_URL: optionalUrl,
  OAUTH_TOKEN_URL: optionalUrl,
  OAUTH_USERINFO_URL: optionalUrl,
  OAUTH_CLIENT_ID: optionalString,
  OAUTH_CLIENT_SECRET: optionalString,
  OAUTH_SCOPE: z.string().default('openid email profile'),
  ADMIN_EMAILS: z.string().default(''),
  // Who may join at first OAuth login besides the invited: these email domains, into that organization (name or id).
  OAUTH_ALLOWED_DOMAINS: z.string().default(''),
  OAUTH_DEFAULT_ORG: optionalString,
  // Unsafe: take the provider's email as proven even without email_verified: true.
  OAUTH_TRUST_UNVERIFIED_EMAIL: z.enum(['true', 'false'], 'Expected true or false').default('false'),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(168),
  // Report and export renders at once (default: twice the CPU count), and how long the next one waits for a slot.
  RENDER_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(() => 2 * os.availableParallelism()),
  RENDER_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  // Of those, at most this many for one user at once: one user cannot take every slot.
  RENDER_PER_USER: z.coerce.number().int().min(1).max(1000).default(2),
  // A download whose client reads nothing for this long is cut and its slot freed (src/http/send-download.ts); 0: never.
  DOWNLOAD_IDLE_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  // A quiet event stream (GET /run/events) sends a comment line this often, so proxies keep it open.
  EVENT_HEARTBEAT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  // Which proxies' X-Forwarded-For/-Proto are believed (Express's `trust proxy`): names (loopback, uniquelocal),
  // addresses or CIDRs, comma-separated; a number of hops; true or false.
  TRUST_PROXY: z.string().min(1).default('loopback'),
  // At SIGTERM, how long requests in flight may take to finish before their connections are cut.
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  // JUnit imports at once, of one user at once, and how long the next one waits (its body unread) before a 503.
  IMPORT_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(2),
  IMPORT_PER_USER: z.coerce.number().int().min(1).max(1000).default(1),
  IMPORT_WAIT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  // Memory for the hot list pages kept by their ETag (src/http/answer-cache.ts); 0 keeps none.
  ANSWER_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(32),
  // Attachments (src/db/blobs): the largest file one upload takes, and the bytes one organization may keep (0: no quota).
  // A file's size is kept as a PostgreSQL integer: at most 2047 MB.
  ATTACHMENT_MAX_MB: z.coerce.number().int().min(1).max(2047).default(25),
  ATTACHMENT_QUOTA_MB: z.coerce.number().int().min(0).default(0),
  // Requests per minute of one API token or session, counted by all instances together (src/http/rate-limit/); 0: no limit.
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(10_000_000).default(1200),
  // Sign-ins (/auth/token, /auth/login, /auth/callback) and token creations per minute from one client address; 0: no limit.
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(10_000_000).default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // The MCP tool server (`casebook mcp`): the REST server it calls, and how.
  CASEBOOK_URL: optionalUrl,
  CASEBOOK_TOKEN: optionalString,
  CASEBOOK_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  CASEBOOK_TIMEOUT_MS: z.coerce.number().int().min(100).default(30000),
  // Remote MCP (/mcp): requests in flight at once per token, per user and in all (src/mcp/request-limiter.ts).
  MCP_MAX_CONCURRENT_PER_TOKEN: z.coerce.number().int().min(1).max(1000).default(4),
  MCP_MAX_CONCURRENT_PER_USER: z.coerce.number().int().min(1).max(1000).default(8),
  MCP_MAX_CONCURRENT: z.coerce.number().int().min(1).max(10_000).default(32),
  // Memory for the REST answers the MCP tools keep by their ETag, for the whole process (src/mcp/kept-answers.ts); 0 keeps none.
  MCP_ANSWER_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(16),
  // Attachments in an S3-compatible bucket instead of files (src/db/blobs/s3-blob-store.ts); presign: downloads answer
  // a 302 to a short-lived URL. Without the keys, the AWS SDK's own chain (profile, instance or task role) applies.
  ATTACHMENT_S3_BUCKET: optionalString,
  ATTACHMENT_S3_ENDPOINT: optionalUrl,
  ATTACHMENT_S3_REGION: z.string().min(1).default('us-east-1'),
  ATTACHMENT_S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], 'Expected true or false').default('false'),
  ATTACHMENT_S3_PRESIGN: z.enum(['true', 'false'], 'Expected true or false').default('false'),
  AWS_ACCESS_KEY_ID: optionalString,
  AWS_SECRET_ACCESS_KEY: optionalString,
  AWS_SESSION_TOKEN: optionalString,
  // Webhooks (src/domain/webhooks): unsafe outside tests and closed networks: lets them post to
  // loopback, private and link-local addresses, which the SSRF guard refuses otherwise.
  WEBHOOK_ALLOW_PRIVATE_TARGETS: z.enum(['true', 'false'], 'Expected true or false').default('false'),
  // The first retry's delay; each next one doubles it (with jitter), for 24 hours.
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(60_000),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  // How often the job queue's workers look for jobs that became due (new jobs wake them at once).
  JOB_POLL_INTERVAL_MS: z.coerce.number().int().min(500).max(60_000).default(2000),
});

export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
  databasePoolSize: number;
  databaseConnectTimeoutMs: number;
  dataDir: string;
  publicUrl: string;
  oauth?: {
    authorizationUrl: string;
    tokenUrl: string;
    userInfoUrl: string;
    clientId: string;
    clientSecret: string;
    scope: string;
  };
  adminEmails: string[];
  /** Who an OAuth login may admit besides the invited (see src/auth/oauth-identity.ts). */
  oauthAdmission: {
    /** Email domains (lower case) whose verified addresses join `defaultOrg` as Reader at first login. */
    allowedDomains: string[];
    /** Organization name or id. */
    defaultOrg?: string;
    /** Link and admit by email even when the provider does not say it is verified (unsafe). */
    trustUnverifiedEmail: boolean;
  };
  sessionTtlMs: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Renders of reports and exports: at most `concurrency` at once, `perUser` of one user; the next ones wait up to `waitMs`, then 503. */
  render: { concurrency: number; perUser: number; waitMs: number };
  /** A download whose client reads nothing for this long is cut (0: never). */
  downloadIdleTimeoutMs: number;
  /** How often a quiet event stream sends a comment line. */
  eventHeartbeatMs: number;
  /** At shutdown, how long the requests in flight may take to finish before their connections are cut. */
  shutdownGraceMs: number;
  /** Express's `trust proxy`: whose X-Forwarded-* headers say who the client is and how it came. */
  trustProxy: boolean | number | string;
  /** JUnit imports, limited as renders are, in a pool of their own. */
  imports: { concurrency: number; perUser: number; waitMs: number };
  /** Bytes of answers the API may keep by their ETag (0: none). */
  answerCacheBytes: number;
  /**
   * Requests a window lets through (0: no limit): per API token or session (`perCredential`), and per
   * client address on the sign-in and token routes (`perAddress`). The window is a minute; tests shorten it.
   */
  rateLimit: { perCredential: number; perAddress: number; windowMs: number };
  /** Attachments: bytes of one file at most, and of one organization's files in all (0: no quota). */
  attachments: { maxFileBytes: number; quotaBytes: number };
  mcp: {
    /** REST server to call; absent: the MCP server starts the app in its own process. */
    url?: string;
    token?: string;
    maxRetries: number;
    timeoutMs: number;
    /** Requests to /mcp in flight at once, per token, per user and in all; beyond them 429 (503 for `total`). */
    concurrency: { perToken: number; perUser: number; total: number };
    /** Bytes of REST answers the tools keep for revalidation, in all (0: none). */
    keptAnswerBytes: number;
  };
  webhooks: {
    /** Post to loopback, private and link-local addresses too (the SSRF guard off). */
    allowPrivateTargets: boolean;
    /** The first retry's delay; the next ones double it. */
    retryBaseMs: number;
    timeoutMs: number;
  };
  /** The job queue's workers look for due jobs this often. */
  jobPollIntervalMs: number;
  /** Where attachment bytes go when not under `dataDir`: an S3-compatible bucket. */
  attachmentS3?: {
    bucket: string;
    region: string;
    /** Absent: AWS itself. */
    endpoint?: string;
    /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted servers). */
    forcePathStyle: boolean;
    /** Downloads redirect to a presigned URL instead of passing through Casebook. */
    presign: boolean;
    /** Absent: the AWS SDK finds them itself. */
    credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  };
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const oauthVars = {
    OAUTH_AUTHORIZATION_URL: e.OAUTH_AUTHORIZATION_URL,
    OAUTH_TOKEN_URL: e.OAUTH_TOKEN_URL,
    OAUTH_USERINFO_URL: e.OAUTH_USERINFO_URL,
    OAUTH_CLIENT_ID: e.OAUTH_CLIENT_ID,
    OAUTH_CLIENT_SECRET: e.OAUTH_CLIENT_SECRET,
  };
  const missing = Object.entries(oauthVars)
    .filter(([, v]) => !v)
    .map(([k]) => k);
  // OAuth is optional (tokens work without it), but half a configuration is a mistake.
  if (missing.length > 0 && missing.length < Object.keys(oauthVars).length) {
    throw new ConfigError(`Invalid configuration:\n  OAuth login needs all of its settings; missing: ${missing.join(', ')}`);
  }
  const allowedDomains = e.OAUTH_ALLOWED_DOMAINS.split(',')
    .map((s) => s.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);
  if (allowedDomains.length > 0 && !e.OAUTH_DEFAULT_ORG) {
    throw new ConfigError('Invalid configuration:\n  OAUTH_ALLOWED_DOMAINS needs OAUTH_DEFAULT_ORG: the organization those users join');
  }
  if (e.ATTACHMENT_S3_BUCKET && !e.AWS_ACCESS_KEY_ID !== !e.AWS_SECRET_ACCESS_KEY) {
    throw new ConfigError('Invalid configuration:\n  AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together; one is missing');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    dataDir: e.CASEBOOK_DATA_DIR,
    webhooks: {
      allowPrivateTargets: e.WEBHOOK_ALLOW_PRIVATE_TARGETS === 'true',
      retryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
    },
    jobPollIntervalMs: e.JOB_POLL_INTERVAL_MS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    oauth:
      missing.length === 0
        ? {
            authorizationUrl: e.OAUTH_AUTHORIZATION_URL!,
            tokenUrl: e.OAUTH_TOKEN_URL!,
            userInfoUrl: e.OAUTH_USERINFO_URL!,
            clientId: e.OAUTH_CLIENT_ID!,
            clientSecret: e.OAUTH_CLIENT_SECRET!,
            scope: e.OAUTH_SCOPE,
          }
        : undefined,
    adminEmails: e.ADMIN_EMAILS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    oauthAdmission: {
      allowedDomains,
      defaultOrg: e.OAUTH_DEFAULT_ORG?.trim(),
      trustUnverifiedEmail: e.OAUTH_TRUST_UNVERIFIED_EMAIL === 'true',
    },
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    logLevel: e.LOG_LEVEL,
    render: { concurrency: e.RENDER_CONCURRENCY, perUser: e.RENDER_PER_USER, waitMs: e.RENDER_WAIT_MS },
    downloadIdleTimeoutMs: e.DOWNLOAD_IDLE_TIMEOUT_MS,
    eventHeartbeatMs: e.EVENT_HEARTBEAT_MS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    trustProxy:
      e.TRUST_PROXY === 'true'
        ? true
        : e.TRUST_PROXY === 'false'
          ? false
          : /^\d+$/.test(e.TRUST_PROXY)
            ? Number(e.TRUST_PROXY)
            : e.TRUST_PROXY,
    imports: { concurrency: e.IMPORT_CONCURRENCY, perUser: e.IMPORT_PER_USER, waitMs: e.IMPORT_WAIT_MS },
    answerCacheBytes: e.ANSWER_CACHE_MB * 1024 * 1024,
    rateLimit: { perCredential: e.RATE_LIMIT_PER_MINUTE, perAddress: e.LOGIN_RATE_LIMIT_PER_MINUTE, windowMs: 60_000 },
    attachments: { maxFileBytes: e.ATTACHMENT_MAX_MB * 1024 * 1024, quotaBytes: e.ATTACHMENT_QUOTA_MB * 1024 * 1024 },
    mcp: {
      url: e.CASEBOOK_URL,
      token: e.CASEBOOK_TOKEN,
      maxRetries: e.CASEBOOK_MAX_RETRIES,
      timeoutMs: e.CASEBOOK_TIMEOUT_MS,
      concurrency: { perToken: e.MCP_MAX_CONCURRENT_PER_TOKEN, perUser: e.MCP_MAX_CONCURRENT_PER_USER, total: e.MCP_MAX_CONCURRENT },
      keptAnswerBytes: e.MCP_ANSWER_CACHE_MB * 1024 * 1024,
    },
    attachmentS3: e.ATTACHMENT_S3_BUCKET
      ? {
          bucket: e.ATTACHMENT_S3_BUCKET,
          region: e.ATTACHMENT_S3_REGION,
          endpoint: e.ATTACHMENT_S3_ENDPOINT,
          forcePathStyle: e.ATTACHMENT_S3_FORCE_PATH_STYLE === 'true',
          presign: e.ATTACHMENT_S3_PRESIGN === 'true',
          credentials: e.AWS_ACCESS_KEY_ID
            ? { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY!, sessionToken: e.AWS_SESSION_TOKEN }
            : undefined,
        }
      : undefined,
  };
}

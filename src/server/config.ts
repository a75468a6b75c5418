import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PublicConfig } from '../shared/public-config.js';
import type { TermStartMonths } from '../shared/term-calendar.js';
import { envSchema, oidcEnvPrefix, oidcProviderEnvSchema, type Env } from './env-schema.js';

/**
 * The only reader of the environment. Everything is parsed once, here, with zod (the schema is
 * env-schema.ts); a bad value stops start-up with one line naming the variable and what it expects.
 */

export type DatabaseConfig =
  | { dialect: 'sqlite'; file: string }
  | { dialect: 'postgres'; url: string };

export interface S3StorageConfig {
  driver: 's3';
  bucket: string;
  /** Unset = AWS itself; otherwise an S3-compatible server such as MinIO or Garage. */
  endpoint?: string;
  region: string;
  /** Keys are stored under `prefix/`, so one bucket can hold several installs. */
  prefix?: string;
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

/**
 * Files on disk under `root`. `groupReadable` (with FILE_HANDOFF_PREFIX): folders 0750 and files
 * 0640 instead of 0700/0600, so the proxy's workers, in the app user's group, can send them.
 */
export type StorageConfig = { driver: 'local'; root: string; groupReadable?: boolean } | S3StorageConfig;

/** Timeouts and the minimum upload rate (http/slow-requests.ts). */
export interface HttpLimits {
  headersTimeoutMs: number;
  /** A whole request, body included: long enough for a full-size upload on a slow line. */
  requestTimeoutMs: number;
  /** A socket with no traffic either way. */
  idleTimeoutMs: number;
  /** An idle keep-alive connection; above the 60 s of common proxies, so they close first. */
  keepAliveTimeoutMs: number;
  /** A body still arriving must bring at least `bytes` in every `windowMs`. */
  minUploadRate: { bytes: number; windowMs: number };
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 15 * 60_000,
  idleTimeoutMs: 120_000,
  keepAliveTimeoutMs: 72_000,
  minUploadRate: { bytes: 16 * 1024, windowMs: 30_000 },
};

/**
 * The scrypt cost of password hashes. The default is better-auth's own (N 16384, r 16, p 1), used
 * by its hasher unchanged; no variable sets another. Only the API tests lower it
 * (tests/api/helpers/test-app.ts): they make hundreds of accounts, each hash 32 MB of memory
 * work. A hash only verifies at the cost it was made with.
 */
export interface PasswordHashing {
  N: number;
  r: number;
  p: number;
}

export const DEFAULT_PASSWORD_HASHING: PasswordHashing = { N: 16384, r: 16, p: 1 };

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: DatabaseConfig;
  storage: StorageConfig;
  /**
   * Set when a proxy in front sends the file bytes (docs/decisions/021): the file route answers
   * with `X-Accel-Redirect: <prefix><path under the files folder>` and no body. Files on disk only.
   */
  fileHandoffPrefix: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  authSecret: string;
  trustProxy: boolean | string[];
  /** The header a trusted proxy names the client's approximate place in (CLIENT_PLACE_HEADER), if any. */
  clientPlaceHeader: string | undefined;
  maxUploadMb: number;
  maxCrsPerClass: number;
  /** Roles sent to set up two-factor sign-in before anything else (REQUIRE_2FA_FOR, decision 049). */
  require2faFor: ('ADMIN' | 'CR')[];
  /** Academic years offered by upload, filter and requests: the current one and those before it. */
  academicYearsShown: number;
  /**
   * The term calendar (issue 34): the months odd and even semesters start in (TERM_START_MONTHS)
   * and the clock it reads. `today` is the real date, or the fixed TERM_CALENDAR_TODAY, which
   * only a non-production server accepts (the e2e journey of a new term); API tests replace it.
   */
  termCalendar: { startMonths: TermStartMonths; today: () => Date };
  /** Accounts whose e-mail is still unverified this long after sign-up are deleted. */
  unverifiedAccountTtlHours: number;
  /** Below this much free space where files or the SQLite database are written, /readyz says not ready. */
  minFreeDiskBytes: number;
  /** NODE_ENV=production or an https PUBLIC_URL: a server other people can reach. */
  production: boolean;
  /** Seed demo accounts and resources into an empty database. */
  demoData: boolean;
  /** DEMO_DATA=true given explicitly on a production server: seeded, with a loud warning. */
  demoDataForcedInProduction: boolean;
  /** The upload-time PDF check, per file: see docs/decisions/010-pdf-acceptance-and-isolation.md. */
  pdfCheck: { concurrency: number; memoryMb: number; timeoutMs: number };
  /**
   * Batch upload's OCR of a scan's header strip (decision 056): strips read at once, strips
   * waiting (more are guessed from the name alone), and per strip its time and its process's memory.
   * `perUser`: strips read for one uploader in a window; past it, guessed from the name alone.
   */
  headerOcr: {
    enabled: boolean;
    concurrency: number;
    queue: number;
    timeoutMs: number;
    memoryMb: number;
    perUser: { max: number; windowMs: number };
  };
  /**
   * Background processing of each resource (text, OCR, thumbnail, index): resources processed at
   * once, and per resource the worker's time and memory limits. OCR reads one page at a time.
   * A claim's lease is the time limit plus `leaseGraceMs`: how long a job of a process that died
   * waits before another instance (on another host) takes it over. `ocrPagesPerPass`: pages OCR
   * reads of one resource before newer uploads go first; the rest are read in later passes.
   * `pageImagePages`: the first pages rendered as WebP for the preview (PAGE_IMAGE_PAGES, 0 = none).
   */
  processing: {
    ocr: 'auto' | 'off';
    concurrency: number;
    timeoutMs: number;
    memoryMb: number;
    leaseGraceMs: number;
    ocrPagesPerPass: number;
    pageImagePages: number;
  };
  logLevel: string;
  http: HttpLimits;
  passwordHashing: PasswordHashing;
  /** Bearer token for /metrics; unset = /metrics answers loopback requests only. */
  metricsToken: string | undefined;
  /** How long a shutdown waits for requests under way (uploads included) before cutting them. */
  shutdownTimeoutSeconds: number;
  /**
   * Sign-in (decision 052): the OpenID Connect providers (OIDC_PROVIDERS, OIDC_<ID>_*) and whether
   * passwords sign in too (PASSWORD_LOGIN; false only with at least one provider).
   */
  sso: { providers: OidcProviderConfig[]; passwordLogin: boolean };
  /** Where the auth secret came from: AUTH_SECRET, or the file kept in DATA_DIR. */
  authSecretSource: 'env' | 'data-dir';
  public: PublicConfig;
}

/** One OpenID Connect provider: its id is in the callback path, /api/auth/callback/<id>. */
export interface OidcProviderConfig {
  id: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The login page's button: "Sign in with <label>". */
  label: string;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Reads, or creates once, the secret kept in DATA_DIR so restarts keep sessions valid. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    // An install made before DATA_DIR was private (0755, secret 0644) is tightened on start.
    tighten(dataDir, 0o700);
    tighten(file, 0o600);
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  tighten(dataDir, 0o700);
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/** Sets the mode; a folder or file owned by someone else (EPERM) is the operator's choice. */
function tighten(target: string, mode: number): void {
  try {
    chmodSync(target, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
  }
}

/** Secrets are never printed back, even when malformed. */
const NOT_ECHOED = new Set(['AUTH_SECRET', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN']);

function storageConfig(e: Env, dataDir: string): StorageConfig {
  const parsed = e.STORAGE_URL ?? { driver: 'local', root: path.join(dataDir, 'files') };
  if (parsed.driver === 'local') return e.FILE_HANDOFF_PREFIX ? { ...parsed, groupReadable: true } : parsed;
  if (e.FILE_HANDOFF_PREFIX) {
    throw new ConfigError(
      'Invalid configuration: FILE_HANDOFF_PREFIX hands files on disk to the proxy; with STORAGE_URL s3:// the files stream through the app (unset FILE_HANDOFF_PREFIX)',
    );
  }
  if (!e.AWS_ACCESS_KEY_ID || !e.AWS_SECRET_ACCESS_KEY) {
    throw new ConfigError(
      'Invalid configuration: STORAGE_URL s3:// needs AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (the key pair of an account that may read and write the bucket)',
    );
  }
  const credentials = {
    accessKeyId: e.AWS_ACCESS_KEY_ID,
    secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
    ...(e.AWS_SESSION_TOKEN ? { sessionToken: e.AWS_SESSION_TOKEN } : {}),
  };
  return { ...parsed, credentials };
}

/** OIDC_<ID>_ISSUER, _CLIENT_ID, _CLIENT_SECRET and _LABEL of each id in OIDC_PROVIDERS. */
function oidcProviders(ids: string[], env: Record<string, string | undefined>): OidcProviderConfig[] {
  return ids.map((id) => {
    const prefix = oidcEnvPrefix(id);
    const fields = Object.fromEntries(
      Object.keys(oidcProviderEnvSchema.shape).map((name) => [name, env[prefix + name] === '' ? undefined : env[prefix + name]]),
    );
    const parsed = oidcProviderEnvSchema.safeParse(fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const name = String(issue.path[0]);
      const value = fields[name];
      const problem = value === undefined ? `is missing (OIDC_PROVIDERS lists ${id})` : issue.message;
      const shown = value === undefined || name === 'CLIENT_SECRET' ? '' : ` (got "${String(value).slice(0, 80)}")`;
      throw new ConfigError(`Invalid configuration: ${prefix}${name} ${problem}${shown}`);
    }
    const p = parsed.data;
    return { id, issuer: p.ISSUER.replace(/\/+$/, ''), clientId: p.CLIENT_ID, clientSecret: p.CLIENT_SECRET, label: p.LABEL };
  });
}

/** Parses an environment (process.env by default) into a Config, or throws one ConfigError. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "unset", as in most .env tooling.
  const cleaned = Object.fromEntries(
    Object.keys(envSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = String(issue.path[0]);
    const shown =
      cleaned[key] === undefined || NOT_ECHOED.has(key) ? '' : ` (got "${String(cleaned[key]).slice(0, 80)}")`;
    throw new ConfigError(`Invalid configuration: ${key} ${issue.message}${shown}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const hostForUrl = e.HOST === '0.0.0.0' || e.HOST === '::' ? '127.0.0.1' : e.HOST;
  const publicUrl = (e.PUBLIC_URL ?? `http://${hostForUrl}:${e.PORT}`).replace(/\/+$/, '');
  // Demo accounts must never be created on a server others can reach unless asked for by name.
  const production = e.NODE_ENV === 'production' || publicUrl.startsWith('https:');
  if (production && e.TERM_CALENDAR_TODAY)
    throw new ConfigError('Invalid configuration: TERM_CALENDAR_TODAY fixes the date for tests and demos; a production server reads the real date (unset it)');
  const providers = oidcProviders(e.OIDC_PROVIDERS, env);
  if (!e.PASSWORD_LOGIN && providers.length === 0)
    throw new ConfigError('Invalid configuration: PASSWORD_LOGIN=false leaves no way to sign in: set OIDC_PROVIDERS too (or PASSWORD_LOGIN=true)');
  // A header any client could send is only believed from a proxy that sets it (and drops the client's own).
  if (e.CLIENT_PLACE_HEADER && e.TRUST_PROXY === false)
    throw new ConfigError('Invalid configuration: CLIENT_PLACE_HEADER is read from a trusted proxy only: set TRUST_PROXY too (or unset CLIENT_PLACE_HEADER)');
  const fixedToday = e.TERM_CALENDAR_TODAY ? new Date(`${e.TERM_CALENDAR_TODAY}T12:00:00Z`) : undefined;

  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    database: e.DATABASE_URL
      ? { dialect: 'postgres', url: e.DATABASE_URL }
      : { dialect: 'sqlite', file: path.join(dataDir, 'studyshelf.sqlite') },
    storage: storageConfig(e, dataDir),
    fileHandoffPrefix: e.FILE_HANDOFF_PREFIX,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.SMTP_FROM ?? `${e.PRODUCT_NAME} <no-reply@${e.INSTITUTION_EMAIL_DOMAIN}>`,
    authSecret: e.AUTH_SECRET ?? loadOrCreateSecret(dataDir),
    trustProxy: e.TRUST_PROXY,
    clientPlaceHeader: e.CLIENT_PLACE_HEADER,
    maxUploadMb: e.MAX_UPLOAD_MB,
    maxCrsPerClass: e.MAX_CRS_PER_CLASS,
    require2faFor: e.REQUIRE_2FA_FOR,
    academicYearsShown: e.ACADEMIC_YEARS_SHOWN,
    termCalendar: { startMonths: e.TERM_START_MONTHS, today: fixedToday ? () => fixedToday : () => new Date() },
    unverifiedAccountTtlHours: e.UNVERIFIED_ACCOUNT_TTL_HOURS,
    minFreeDiskBytes: e.MIN_FREE_DISK_MB * 1024 * 1024,
    production,
    demoData: e.DEMO_DATA ?? !production,
    demoDataForcedInProduction: production && e.DEMO_DATA === true,
    pdfCheck: { concurrency: e.PDF_CHECK_CONCURRENCY, memoryMb: e.PDF_CHECK_MEMORY_MB, timeoutMs: e.PDF_CHECK_TIMEOUT_S * 1000 },
    headerOcr: {
      enabled: e.HEADER_OCR === 'on',
      concurrency: e.HEADER_OCR_CONCURRENCY,
      // A few strips in line: a batch's rows ask one after another, and a second CR may be at it too.
      queue: 4 * e.HEADER_OCR_CONCURRENCY,
      timeoutMs: e.HEADER_OCR_TIMEOUT_S * 1000,
      memoryMb: e.HEADER_OCR_MEMORY_MB,
      // A semester's papers (~60 scans), each perhaps turned and read again; not a script's flood
      // keeping the one OCR line busy for everyone else.
      perUser: { max: 120, windowMs: 10 * 60_000 },
    },
    processing: {
      ocr: e.OCR,
      concurrency: e.PROCESSING_CONCURRENCY,
      timeoutMs: e.PROCESSING_TIMEOUT_S * 1000,
      memoryMb: e.PROCESSING_MEMORY_MB,
      leaseGraceMs: e.PROCESSING_LEASE_GRACE_S * 1000,
      ocrPagesPerPass: e.OCR_PAGES_PER_PASS,
      pageImagePages: e.PAGE_IMAGE_PAGES,
    },
    logLevel: e.LOG_LEVEL,
    http: DEFAULT_HTTP_LIMITS,
    passwordHashing: DEFAULT_PASSWORD_HASHING,
    metricsToken: e.METRICS_TOKEN,
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    sso: { providers, passwordLogin: e.PASSWORD_LOGIN },
    authSecretSource: e.AUTH_SECRET ? 'env' : 'data-dir',
    public: {
      productName: e.PRODUCT_NAME,
      productTagline: e.PRODUCT_TAGLINE,
      institutionName: e.INSTITUTION_NAME,
      institutionEmailDomain: e.INSTITUTION_EMAIL_DOMAIN,
      maxUploadMb: e.MAX_UPLOAD_MB,
      academicYearsShown: e.ACADEMIC_YEARS_SHOWN,
      firstAcademicYear: e.FIRST_ACADEMIC_YEAR,
      exams: e.EXAMS,
      sso: { providers: providers.map(({ id, label }) => ({ id, label })), passwordLogin: e.PASSWORD_LOGIN },
    },
  };
}

export type StorageLayout = Pick<Config, 'dataDir' | 'database' | 'storage'>;

/**
 * Where the data lives (DATA_DIR, database, file store), read like loadConfig but without its
 * side effect of creating DATA_DIR/auth-secret: backup and restore must not write into the
 * folders they read or fill. The placeholder secret only stops that creation; it is dropped.
 */
export function loadStorageLayout(env: Record<string, string | undefined> = process.env): StorageLayout {
  const { dataDir, database, storage } = loadConfig({ ...env, AUTH_SECRET: env.AUTH_SECRET || 'x'.repeat(32) });
  return { dataDir, database, storage };
}

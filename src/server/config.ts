import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_PUBLIC_CONFIG, type PublicConfig } from '../shared/public-config.js';

/**
 * The only reader of the environment. Everything is parsed once, here, with zod; a bad value
 * stops start-up with one line naming the variable and what it expects.
 */

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

const booleanFlag = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'].includes(v), {
    message: 'expected true or false',
  })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const positiveInt = (max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `expected a whole number between 1 and ${max}`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, `expected a whole number between 1 and ${max}`);

const urlWithProtocols = (protocols: string[], example: string) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, `expected a URL such as ${example}`);

const nonEmptyText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`);

/**
 * TRUST_PROXY: unset/false = ignore forwarded headers; true = trust any peer; or a list of proxy
 * addresses/CIDRs. No hop counts: Fastify 5 treats a number as "trust nothing".
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): boolean | string[] => {
    const lower = value.toLowerCase();
    if (['', 'false', '0', 'no', 'off'].includes(lower)) return false;
    if (['true', 'yes', 'on'].includes(lower)) return true;
    const parts = value.split(',').map((p) => p.trim());
    if (parts.every((p) => /^[0-9a-f.:]+(\/\d{1,3})?$/i.test(p) && /[.:]/.test(p))) return parts;
    ctx.addIssue({
      code: 'custom',
      message: 'expected true, false, or a comma-separated list of proxy addresses such as 10.0.0.1,10.0.0.0/8',
    });
    return z.NEVER;
  });

const envSchema = z.object({
  PORT: positiveInt(65535).default(3000),
  HOST: nonEmptyText(255).default('127.0.0.1'),
  PUBLIC_URL: urlWithProtocols(['http:', 'https:'], 'https://notes.example.edu').optional(),
  DATA_DIR: nonEmptyText(4096).default('./data'),
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:'], 'postgres://user@host:5432/db').optional(),
  STORAGE_URL: z
    .string()
    .trim()
    .refine((v) => !v.startsWith('s3:'), 's3:// storage is not available in this version yet: leave it unset or use file:///path')
    .pipe(urlWithProtocols(['file:'], 'file:///srv/studyshelf/files'))
    .optional(),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:'], 'smtp://user:pass@mail.example.edu:587').optional(),
  SMTP_FROM: nonEmptyText(320).optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUST_PROXY: trustProxy.default(false),
  REDIS_URL: urlWithProtocols(['redis:', 'rediss:'], 'redis://127.0.0.1:6379').optional(),
  PRODUCT_NAME: nonEmptyText(60).default(DEFAULT_PUBLIC_CONFIG.productName),
  PRODUCT_TAGLINE: nonEmptyText(160).default(DEFAULT_PUBLIC_CONFIG.productTagline),
  INSTITUTION_NAME: nonEmptyText(160).default(DEFAULT_PUBLIC_CONFIG.institutionName),
  INSTITUTION_EMAIL_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => DOMAIN.test(v), 'expected a bare e-mail domain such as university.edu (no @, no spaces)')
    .default(DEFAULT_PUBLIC_CONFIG.institutionEmailDomain),
  MAX_UPLOAD_MB: positiveInt(1024).default(20),
  MAX_CRS_PER_CLASS: positiveInt(100).default(2),
  MIN_FREE_DISK_MB: positiveInt(10_000_000).default(200),
  DEMO_DATA: booleanFlag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type DatabaseConfig =
  | { dialect: 'sqlite'; file: string }
  | { dialect: 'postgres'; url: string };

export type StorageConfig = { driver: 'local'; root: string };

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

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: DatabaseConfig;
  storage: StorageConfig;
  smtpUrl: string | undefined;
  mailFrom: string;
  authSecret: string;
  trustProxy: boolean | string[];
  redisUrl: string | undefined;
  maxUploadMb: number;
  maxCrsPerClass: number;
  /** Below this much free space where files or the SQLite database are written, /readyz says not ready. */
  minFreeDiskBytes: number;
  demoData: boolean;
  logLevel: string;
  http: HttpLimits;
  public: PublicConfig;
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
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
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
    const shown = cleaned[key] === undefined ? '' : ` (got "${String(cleaned[key]).slice(0, 80)}")`;
    throw new ConfigError(`Invalid configuration: ${key} ${issue.message}${shown}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const hostForUrl = e.HOST === '0.0.0.0' || e.HOST === '::' ? '127.0.0.1' : e.HOST;
  const publicUrl = (e.PUBLIC_URL ?? `http://${hostForUrl}:${e.PORT}`).replace(/\/+$/, '');

  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    database: e.DATABASE_URL
      ? { dialect: 'postgres', url: e.DATABASE_URL }
      : { dialect: 'sqlite', file: path.join(dataDir, 'studyshelf.sqlite') },
    storage: {
      driver: 'local',
      root: e.STORAGE_URL ? decodeURIComponent(new URL(e.STORAGE_URL).pathname) : path.join(dataDir, 'files'),
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.SMTP_FROM ?? `${e.PRODUCT_NAME} <no-reply@${e.INSTITUTION_EMAIL_DOMAIN}>`,
    authSecret: e.AUTH_SECRET ?? loadOrCreateSecret(dataDir),
    trustProxy: e.TRUST_PROXY,
    redisUrl: e.REDIS_URL,
    maxUploadMb: e.MAX_UPLOAD_MB,
    maxCrsPerClass: e.MAX_CRS_PER_CLASS,
    minFreeDiskBytes: e.MIN_FREE_DISK_MB * 1024 * 1024,
    demoData: e.DEMO_DATA,
    logLevel: e.LOG_LEVEL,
    http: DEFAULT_HTTP_LIMITS,
    public: {
      productName: e.PRODUCT_NAME,
      productTagline: e.PRODUCT_TAGLINE,
      institutionName: e.INSTITUTION_NAME,
      institutionEmailDomain: e.INSTITUTION_EMAIL_DOMAIN,
      maxUploadMb: e.MAX_UPLOAD_MB,
    },
  };
}

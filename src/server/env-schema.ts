import { z } from 'zod';
import { DEFAULT_ACADEMIC_YEARS_SHOWN, MAX_ACADEMIC_YEARS_SHOWN } from '../shared/academic-years.js';
import { DEFAULT_PUBLIC_CONFIG, MAX_EXAMS } from '../shared/public-config.js';
import { parseTermStartMonths } from '../shared/term-calendar.js';

/**
 * The environment variables the server reads and the form each must have, as one zod schema.
 * Only the schema and its validators live here; config.ts alone reads the environment, parses it
 * with `envSchema` and builds the Config from the result.
 */

/** An OpenID Connect provider's id: its OIDC_<ID>_* variables and its callback path. */
const OIDC_ID = /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/;

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** 1/0, true/false, yes/no, on/off, in any case, spaces around allowed. */
const booleanFlag = z
  .string()
  .trim()
  .pipe(z.stringbool({ truthy: ['1', 'true', 'yes', 'on'], falsy: ['0', 'false', 'no', 'off'], error: 'expected true or false' }));

/** 0 to `max`. */
const wholeNumber = (max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `expected a whole number between 0 and ${max}`)
    .transform(Number)
    .refine((n) => n <= max, `expected a whole number between 0 and ${max}`);

const positiveInt = (max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `expected a whole number between 1 and ${max}`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, `expected a whole number between 1 and ${max}`);

/** A URL whose scheme is one of `protocols` (without the colon), spaces around allowed. */
const urlWithProtocols = (protocols: string[], example: string) =>
  z.url({ protocol: new RegExp(`^(?:${protocols.join('|')})$`), error: `expected a URL such as ${example}` });

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

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const S3_EXAMPLE = 's3://bucket?endpoint=http://127.0.0.1:9000&region=us-east-1';

type ParsedStorageUrl =
  | { driver: 'local'; root: string }
  | { driver: 's3'; bucket: string; endpoint?: string; region: string; prefix?: string };

/**
 * STORAGE_URL: file:///path, or s3://bucket[/prefix]?endpoint=...&region=... for an
 * S3-compatible store (endpoint unset = AWS itself). Credentials never go in the URL.
 */
const storageUrl = z
  .string()
  .trim()
  .transform((value, ctx): ParsedStorageUrl => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return fail(`expected file:///path or ${S3_EXAMPLE}`);
    }
    if (url.protocol === 'file:') return { driver: 'local', root: decodeURIComponent(url.pathname) };
    if (url.protocol !== 's3:') return fail(`expected file:///path or ${S3_EXAMPLE}`);
    if (url.username || url.password) return fail('must not hold credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
    if (!BUCKET.test(url.hostname)) return fail(`expected a bucket name (3-63 of a-z 0-9 . -) as in ${S3_EXAMPLE}`);
    const unknown = [...url.searchParams.keys()].filter((k) => k !== 'endpoint' && k !== 'region');
    if (unknown.length) return fail(`has unknown parameter ${unknown[0]}: only endpoint and region are read`);
    const endpoint = url.searchParams.get('endpoint') ?? undefined;
    if (endpoint !== undefined && !/^https?:\/\/[^/?#]+\/?$/.test(endpoint)) {
      return fail('endpoint expected http(s)://host:port with no path, as in ' + S3_EXAMPLE);
    }
    const region = url.searchParams.get('region') ?? 'us-east-1';
    if (!/^[a-z0-9-]{1,40}$/.test(region)) return fail('region expected a name such as us-east-1');
    const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
    if (prefix && !/^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/.test(prefix)) {
      return fail('prefix (the path after the bucket) expected lower-case words separated by /');
    }
    return {
      driver: 's3',
      bucket: url.hostname,
      region,
      ...(endpoint ? { endpoint: endpoint.replace(/\/$/, '') } : {}),
      ...(prefix ? { prefix } : {}),
    };
  });

/** Every variable read, with its default; a value that fails names the variable (config.ts). */
export const envSchema = z.object({
  PORT: positiveInt(65535).default(3000),
  HOST: nonEmptyText(255).default('127.0.0.1'),
  PUBLIC_URL: urlWithProtocols(['http', 'https'], 'https://notes.example.edu').optional(),
  DATA_DIR: nonEmptyText(4096).default('./data'),
  DATABASE_URL: urlWithProtocols(['postgres', 'postgresql'], 'postgres://user@host:5432/db').optional(),
  STORAGE_URL: storageUrl.optional(),
  FILE_HANDOFF_PREFIX: z
    .string()
    .trim()
    .regex(/^\/([A-Za-z0-9_-]+\/)+$/, 'expected a path such as /_files/ (starts and ends with /)')
    .optional(),
  AWS_ACCESS_KEY_ID: nonEmptyText(128).optional(),
  AWS_SECRET_ACCESS_KEY: nonEmptyText(256).optional(),
  AWS_SESSION_TOKEN: nonEmptyText(4096).optional(),
  SMTP_URL: urlWithProtocols(['smtp', 'smtps'], 'smtp://user:pass@mail.example.edu:587').optional(),
  SMTP_FROM: nonEmptyText(320).optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUST_PROXY: trustProxy.default(false),
  // A header the trusted proxy sets to where a client's address is (its GeoIP lookup): shown beside each signed-in device.
  CLIENT_PLACE_HEADER: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]{1,64}$/, 'expected a header name such as cf-ipcountry')
    .optional(),
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
  /** Roles that must set up two-factor sign-in (decision 049): admin, or admin,cr. */
  REQUIRE_2FA_FOR: z
    .enum(['admin', 'admin,cr', 'cr,admin'], { message: 'expected admin or admin,cr' })
    .transform((value): ('ADMIN' | 'CR')[] => (value === 'admin' ? ['ADMIN'] : ['ADMIN', 'CR']))
    .default(['ADMIN']),
  ACADEMIC_YEARS_SHOWN: positiveInt(MAX_ACADEMIC_YEARS_SHOWN).default(DEFAULT_ACADEMIC_YEARS_SHOWN),
  /** Months odd and even semesters start in (issue 34): "7,1" = July and January. */
  TERM_START_MONTHS: z
    .string()
    .trim()
    .transform((value, ctx) => parseTermStartMonths(value) ?? (ctx.addIssue({ code: 'custom', message: 'expected two different months 1-12 such as 7,1 (odd semesters, even semesters)' }), z.NEVER))
    .default([7, 1]),
  /** The day the term calendar takes as today (YYYY-MM-DD); for tests and demos, refused in production. */
  TERM_CALENDAR_TODAY: z.iso.date({ error: 'expected a date such as 2027-01-15' }).optional(),
  /** The institution's first academic year (its first calendar year): uploads accept any year since. */
  FIRST_ACADEMIC_YEAR: z
    .string()
    .trim()
    .regex(/^(19|20)\d{2}$/, 'expected a year such as 2008')
    .transform(Number)
    .default(DEFAULT_PUBLIC_CONFIG.firstAcademicYear),
  /** The exams a past paper may be for, comma-separated, as students name them. */
  EXAMS: z
    .string()
    .transform((value) => [...new Set(value.split(',').map((name) => name.trim().replace(/\s+/g, ' ')).filter(Boolean))])
    .refine((names) => names.length >= 1 && names.length <= MAX_EXAMS && names.every((n) => n.length <= 30), `expected 1 to ${MAX_EXAMS} names of at most 30 characters, comma-separated`)
    .default([...DEFAULT_PUBLIC_CONFIG.exams]),
  UNVERIFIED_ACCOUNT_TTL_HOURS: positiveInt(24 * 365).default(48),
  MIN_FREE_DISK_MB: positiveInt(10_000_000).default(200),
  /** Unset = on for a development install, off in production (see Config.production in config.ts). */
  DEMO_DATA: booleanFlag.optional(),
  NODE_ENV: z.string().trim().optional(),
  PDF_CHECK_CONCURRENCY: positiveInt(64).default(2),
  PDF_CHECK_MEMORY_MB: positiveInt(4096).default(384),
  PDF_CHECK_TIMEOUT_S: positiveInt(600).default(20),
  OCR: z.enum(['auto', 'off'], { message: 'expected auto or off' }).default('auto'),
  /** Batch upload reads a scan's header strip by OCR for its autofill (decision 056). */
  HEADER_OCR: z.enum(['on', 'off'], { message: 'expected on or off' }).default('on'),
  HEADER_OCR_CONCURRENCY: positiveInt(16).default(1),
  HEADER_OCR_TIMEOUT_S: positiveInt(600).default(15),
  HEADER_OCR_MEMORY_MB: positiveInt(4096).default(384),
  PROCESSING_CONCURRENCY: wholeNumber(16).default(1),
  PROCESSING_TIMEOUT_S: positiveInt(24 * 3600).default(300),
  PROCESSING_MEMORY_MB: positiveInt(16_384).default(512),
  PROCESSING_LEASE_GRACE_S: positiveInt(3600).default(60),
  OCR_PAGES_PER_PASS: positiveInt(100_000).default(10),
  /** Pages of each resource rendered as images for the preview (issue 34); 0 = none. */
  PAGE_IMAGE_PAGES: wholeNumber(10_000).default(50),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').max(512, 'must be at most 512 characters').optional(),
  SHUTDOWN_TIMEOUT_SECONDS: positiveInt(600).default(25),
  /** OpenID Connect providers by id (decision 052); each is described by OIDC_<ID>_* (oidcProviderEnvSchema). */
  OIDC_PROVIDERS: z
    .string()
    .transform((value) => [...new Set(value.split(',').map((id) => id.trim().toLowerCase()).filter(Boolean))])
    .refine((ids) => ids.length <= 8 && ids.every((id) => OIDC_ID.test(id)), 'expected up to 8 ids such as google,keycloak (a-z, 0-9, -; at most 32 characters)')
    .default([]),
  /** false = only the OIDC providers sign people in (needs OIDC_PROVIDERS). */
  PASSWORD_LOGIN: booleanFlag.default(true),
});

/**
 * One provider's variables, named without their OIDC_<ID>_ prefix. The issuer is where discovery
 * starts (<issuer>/.well-known/openid-configuration); https, or http on a loopback address for tests.
 */
export const oidcProviderEnvSchema = z.object({
  ISSUER: urlWithProtocols(['http', 'https'], 'https://accounts.google.com').refine(
    (url) => url.startsWith('https:') || /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/.test(url),
    'expected an https URL (http only on 127.0.0.1 or localhost)',
  ),
  CLIENT_ID: nonEmptyText(512),
  CLIENT_SECRET: z.string().trim().min(1, 'must not be empty').max(2048, 'must be at most 2048 characters'),
  LABEL: nonEmptyText(60),
});
export type OidcProviderEnv = z.infer<typeof oidcProviderEnvSchema>;

/** OIDC_<ID>_: "google" -> OIDC_GOOGLE_, "uni-sso" -> OIDC_UNI_SSO_. */
export const oidcEnvPrefix = (id: string) => `OIDC_${id.toUpperCase().replace(/-/g, '_')}_`;

/** The parsed environment, before config.ts turns it into a Config. */
export type Env = z.infer<typeof envSchema>;

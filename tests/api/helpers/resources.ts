import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Role } from '../../../src/shared/account.js';
import { DEFAULT_ACADEMIC_YEARS_SHOWN, academicYearLabel, academicYearsShown } from '../../../src/shared/academic-years.js';
import { makePdf, type PdfFixtureOptions } from '../../support/pdf-fixture.js';
import { PASSWORD, login } from './accounts.js';
import type { TestApp } from './test-app.js';

let counter = 0;

/**
 * A verified user of this role, signed in; returns the Cookie header and the user. A role that
 * must use two-factor sign-in (REQUIRE_2FA_FOR) has enrolled by then (the login helper).
 */
export async function signedIn(
  t: TestApp,
  role: Role,
  name = `${role.toLowerCase()} ${++counter}`,
  klass: { branch: string; semester: number } = { branch: 'cse', semester: 3 },
) {
  const user = await verifiedUser(t, role, name, klass);
  const { cookie } = await login(t.app, user.email);
  return { cookie, user };
}

/** A verified user of this role, not signed in (no two-factor set-up either). */
export async function verifiedUser(
  t: TestApp,
  role: Role,
  name = `${role.toLowerCase()} ${++counter}`,
  klass: { branch: string; semester: number } = { branch: 'cse', semester: 3 },
) {
  const email = `${role.toLowerCase()}${++counter}.${Date.now()}@${t.config.public.institutionEmailDomain}`;
  return t.services.accounts.createVerifiedUser({
    name,
    email,
    password: PASSWORD,
    role,
    branch: klass.branch,
    semester: role === 'ADMIN' ? undefined : klass.semester,
    academicSession: '2024-25',
  });
}

/** The academic years a default server offers today, newest first (the current one first). */
export const OFFERED_YEARS = academicYearsShown(DEFAULT_ACADEMIC_YEARS_SHOWN);
/** The newest year no longer offered: the window's oldest minus one. */
export const YEAR_BEFORE_WINDOW = academicYearLabel(Number(OFFERED_YEARS.at(-1)!.slice(0, 4)) - 1);

export const VALID_FIELDS = {
  course: 'btech',
  branch: 'cse',
  semester: '3',
  subject: 'Data Structures',
  resourceType: 'NOTES',
  academicYear: '2024-25',
} as const;

/** POSTs an upload as the given cookie; fields first, then the file, like the web client. */
export function upload(
  t: TestApp,
  cookie: string | undefined,
  options: {
    fields?: Record<string, string | number | undefined>;
    file?: { name?: string; type?: string; bytes?: Buffer } | null;
    pdf?: PdfFixtureOptions;
  } = {},
) {
  const file =
    options.file === null
      ? undefined
      : {
          name: options.file?.name ?? 'notes.pdf',
          type: options.file?.type,
          bytes: options.file?.bytes ?? makePdf({ text: `doc ${++counter} ${Math.random()}`, ...options.pdf }),
        };
  return t.api.upload('/api/resources', { ...VALID_FIELDS, ...options.fields }, file, { as: cookie });
}

/**
 * Every file under the store's root (including half-written temp files); on S3, every object in
 * the app's bucket and every unfinished multipart upload.
 */
export async function storedFiles(t: TestApp): Promise<string[]> {
  if (t.s3) return (await t.s3.server.storedEntries(t.s3.bucket)).map((key) => path.join(...key.split('/')));
  const root = path.join(t.dataDir, 'files');
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
  } catch {
    return [];
  }
}

/** The file on disk that holds a stored object's bytes, for tests that age it with utimes. */
export function storedFilePath(t: TestApp, key: string): string {
  return t.s3 ? t.s3.server.objectFile(t.s3.bucket, key) : path.join(t.dataDir, 'files', ...key.split('/'));
}

export async function resourceRows(t: TestApp) {
  return t.db.kysely.selectFrom('resource').selectAll().execute();
}

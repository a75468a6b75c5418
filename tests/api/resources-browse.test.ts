import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_MESSAGES } from '../../src/shared/resource.js';
import { OFFERED_YEARS, signedIn, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';
import { testClock } from './helpers/test-clock.js';

type Session = Awaited<ReturnType<typeof signedIn>>;
/** Three offered years, oldest last (2024-25, 2023-24 and 2022-23 in 2026-27). */
const [Y1, Y2, Y3] = OFFERED_YEARS.slice(-3) as [string, string, string];
type Uploader = 'cr' | 'admin';

interface Seed {
  key: string;
  branch: string;
  semester: number;
  resourceType: 'NOTES' | 'PYQ' | 'PRACTICAL';
  academicYear: string;
  subject: string;
  by: Uploader;
  downloads: number;
}

/**
 * The library every test here reads, uploaded in this order (so "newest" is the reverse), with
 * distinct creation times. Download counts B 4, A 2, D 2, G 1 make "most downloaded" checkable,
 * including the tie A/D (the newer one first).
 */
const SEEDS: Seed[] = [
  { key: 'A', branch: 'cse', semester: 3, resourceType: 'NOTES', academicYear: Y1, subject: 'Data Structures', by: 'cr', downloads: 2 },
  { key: 'B', branch: 'cse', semester: 4, resourceType: 'PYQ', academicYear: Y2, subject: 'Database Management Systems', by: 'cr', downloads: 4 },
  { key: 'C', branch: 'it', semester: 3, resourceType: 'NOTES', academicYear: Y1, subject: 'Data Structures', by: 'admin', downloads: 0 },
  { key: 'D', branch: 'ee', semester: 3, resourceType: 'PRACTICAL', academicYear: Y3, subject: 'Digital Electronics', by: 'cr', downloads: 2 },
  { key: 'E', branch: 'cse', semester: 3, resourceType: 'PYQ', academicYear: Y1, subject: 'Data Structures', by: 'admin', downloads: 0 },
  { key: 'F', branch: 'cse', semester: 3, resourceType: 'NOTES', academicYear: Y1, subject: 'Algorithms', by: 'cr', downloads: 0 },
  { key: 'G', branch: 'it', semester: 5, resourceType: 'NOTES', academicYear: Y2, subject: 'Computer Networks', by: 'admin', downloads: 1 },
  { key: 'H', branch: 'cse', semester: 5, resourceType: 'PRACTICAL', academicYear: Y3, subject: 'Object-Oriented Programming (C++)', by: 'cr', downloads: 0 },
];
const NEWEST = SEEDS.map((s) => s.key).reverse();
const MOST_DOWNLOADED = ['B', 'D', 'A', 'G', 'H', 'F', 'E', 'C'];

/** The SPEC.md filter form, all five fields, matching A and F only. */
const SPEC_FORM = { course: 'btech', branch: 'cse', resourceType: 'NOTES', academicYear: Y1, semester: '3' } as const;

/** An independent oracle for equality filters over the seeds (course is always btech). */
function expectedFor(query: Partial<Record<keyof typeof SPEC_FORM, string>>): string[] {
  return NEWEST.filter((key) => {
    const seed = SEEDS.find((s) => s.key === key)!;
    return (
      (!query.course || query.course === 'btech') &&
      (!query.branch || seed.branch === query.branch) &&
      (!query.resourceType || seed.resourceType === query.resourceType) &&
      (!query.academicYear || seed.academicYear === query.academicYear) &&
      (!query.semester || String(seed.semester) === query.semester)
    );
  });
}

describe(`browsing and searching resources (${testDialect})`, () => {
  let t: TestApp;
  let cr: Session;
  let admin: Session;
  let student: Session;
  const idOf: Record<string, string> = {};
  const keyOf: Record<string, string> = {};
  const clock = testClock();

  beforeAll(async () => {
    t = await createTestApp({}, { clock: clock.now });
    cr = await signedIn(t, 'CR', 'Chirag Rep');
    admin = await signedIn(t, 'ADMIN', 'Asha Admin');
    student = await signedIn(t, 'STUDENT', 'Sita Student');
    for (const seed of SEEDS) {
      const res = await upload(t, seed.by === 'cr' ? cr.cookie : admin.cookie, {
        file: { name: `${seed.key}.pdf` },
        fields: {
          branch: seed.branch,
          semester: String(seed.semester),
          resourceType: seed.resourceType,
          academicYear: seed.academicYear,
          subject: seed.subject,
        },
      });
      if (res.statusCode !== 201) throw new Error(`seed upload ${seed.key} failed: ${res.statusCode} ${res.body}`);
      const id = res.json().resource.id as string;
      idOf[seed.key] = id;
      keyOf[id] = seed.key;
      // Distinct creation times, so "newest" has exactly one right order.
      clock.advance();
    }
    // A download counts once per user and day: each count comes from another student.
    const downloaders = await Promise.all(Array.from({ length: Math.max(...SEEDS.map((s) => s.downloads)) }, () => signedIn(t, 'STUDENT')));
    for (const seed of SEEDS) {
      for (let i = 0; i < seed.downloads; i++) {
        const res = await t.api.post(`/api/resources/${idOf[seed.key]}/download`, undefined, { as: downloaders[i]! });
        if (res.statusCode !== 200) throw new Error(`download of ${seed.key} failed: ${res.statusCode} ${res.body}`);
      }
    }
  });
  afterAll(async () => {
    await t.close();
  });

  function list(cookie: string | undefined, query: Record<string, string> = {}) {
    const search = new URLSearchParams(query).toString();
    return t.api.get(`/api/resources${search ? `?${search}` : ''}`, { as: cookie });
  }

  /** The seed letters of a successful list answer, in answer order. */
  async function keys(cookie: string, query: Record<string, string> = {}): Promise<string[]> {
    const res = await list(cookie, query);
    expect(res.statusCode, `${JSON.stringify(query)}: ${res.body}`).toBe(200);
    const body = res.json();
    expect(body.total, JSON.stringify(query)).toBe(body.resources.length);
    return body.resources.map((r: { id: string }) => keyOf[r.id] ?? r.id);
  }

  it('signed out: 401 for the list and for one resource', async () => {
    const all = await list(undefined);
    expect(all.statusCode).toBe(401);
    expect(all.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    expect(all.body).not.toContain(idOf.A);
    const one = await t.api.get(`/api/resources/${idOf.A}`);
    expect(one.statusCode).toBe(401);
    expect(one.body).not.toContain('Data Structures');
  });

  it('every role can list the whole library, newest first by default, with paging info', async () => {
    for (const session of [student, cr, admin]) {
      const res = await list(session.cookie);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ total: SEEDS.length, page: 1, pageSize: 12 });
      expect(body.resources.map((r: { id: string }) => keyOf[r.id])).toEqual(NEWEST);
    }
  });

  it('each resource carries the SPEC fields and its download count', async () => {
    const res = await list(student.cookie, { pageSize: '50' });
    const byKey = new Map(res.json().resources.map((r: { id: string }) => [keyOf[r.id], r]));
    for (const seed of SEEDS) {
      expect(byKey.get(seed.key)).toMatchObject({
        id: idOf[seed.key],
        subject: seed.subject,
        semester: seed.semester,
        resourceType: seed.resourceType,
        course: 'btech',
        branch: seed.branch,
        academicYear: seed.academicYear,
        downloads: seed.downloads,
        originalName: `${seed.key}.pdf`,
        uploadedBy: (seed.by === 'cr' ? cr : admin).user.id,
      });
    }
  });

  it('the SPEC form with all five fields returns exactly the matching resources', async () => {
    expect(await keys(student.cookie, { ...SPEC_FORM })).toEqual(['F', 'A']);
    expect(await keys(student.cookie, { ...SPEC_FORM, semester: '4', resourceType: 'PYQ', academicYear: Y2 })).toEqual(['B']);
    expect(await keys(student.cookie, { ...SPEC_FORM, branch: 'ee', resourceType: 'PRACTICAL', academicYear: Y3 })).toEqual(['D']);
    // A valid combination nobody uploaded: an empty list, not an error.
    expect(await keys(student.cookie, { ...SPEC_FORM, branch: 'me' })).toEqual([]);
    expect(await keys(student.cookie, { ...SPEC_FORM, semester: '8' })).toEqual([]);
  });

  it('every field may be left as Any: omitted, empty or "any" all mean the same', async () => {
    expect(expectedFor({ ...SPEC_FORM, branch: undefined })).toEqual(['F', 'C', 'A']);
    for (const field of Object.keys(SPEC_FORM) as (keyof typeof SPEC_FORM)[]) {
      const rest: Record<string, string> = { ...SPEC_FORM };
      delete rest[field];
      const expected = expectedFor(rest);
      expect(await keys(student.cookie, rest), `${field} omitted`).toEqual(expected);
      expect(await keys(student.cookie, { ...rest, [field]: '' }), `${field}=`).toEqual(expected);
      expect(await keys(student.cookie, { ...rest, [field]: 'any' }), `${field}=any`).toEqual(expected);
      expect(await keys(student.cookie, { ...rest, [field]: ' ANY ' }), `${field}=ANY`).toEqual(expected);
    }
    // All five Any: everything.
    expect(await keys(student.cookie, { course: 'any', branch: '', resourceType: 'any', academicYear: '', semester: 'any' })).toEqual(NEWEST);
    // Single fields on their own.
    expect(await keys(student.cookie, { resourceType: 'NOTES' })).toEqual(['G', 'F', 'C', 'A']);
    expect(await keys(student.cookie, { branch: 'it' })).toEqual(['G', 'C']);
    expect(await keys(student.cookie, { semester: '3' })).toEqual(['F', 'E', 'D', 'C', 'A']);
    expect(await keys(student.cookie, { academicYear: Y3 })).toEqual(['H', 'D']);
  });

  it('matches the branch case-insensitively (as the /filter-resources?branch= link does)', async () => {
    const lower = await keys(student.cookie, { branch: 'cse' });
    expect(lower).toEqual(['H', 'F', 'E', 'B', 'A']);
    expect(await keys(student.cookie, { branch: 'CSE' })).toEqual(lower);
    expect(await keys(student.cookie, { branch: 'Ee' })).toEqual(['D']);
  });

  // Full-text search (issue 13, tests/api/search.test.ts) ranks by relevance unless a sort is
  // given, and only the last word is a prefix: these check the subject side in the browse order.
  it('q matches the subject, every word must match, the last one as a prefix, case and punctuation ignored', async () => {
    const q = (text: string, extra: Record<string, string> = {}) => keys(student.cookie, { q: text, sort: 'newest', ...extra });
    expect(await q('data')).toEqual(['E', 'C', 'B', 'A']);
    expect(await q('struct')).toEqual(['E', 'C', 'A']);
    expect(await q('ures')).toEqual([]);
    expect(await q('tabase')).toEqual([]);
    expect(await q('data struct')).toEqual(['E', 'C', 'A']);
    expect(await q('database manag')).toEqual(['B']);
    expect(await q('data management')).toEqual([]);
    expect(await q('data networks')).toEqual([]);
    expect(await q('DATA')).toEqual(['E', 'C', 'B', 'A']);
    expect(await q('dIgItAl')).toEqual(['D']);
    expect(await q('Data, Structures!')).toEqual(['E', 'C', 'A']);
    expect(await q('object-oriented')).toEqual(['H']);
    expect(await q('(programming)')).toEqual(['H']);
    // Combined with the form's fields; an empty or "any" q is no search at all.
    expect(await q('data', { branch: 'cse', semester: '3' })).toEqual(['E', 'A']);
    expect(await q('')).toEqual(NEWEST);
    // LIKE wildcards typed by a user are not wildcards.
    expect(await q('%')).toEqual(NEWEST);
    expect(await q('d_ta')).toEqual([]);
  });

  it('sorts by newest (the default) or by most downloads', async () => {
    expect(await keys(student.cookie, { sort: 'newest' })).toEqual(NEWEST);
    expect(await keys(student.cookie)).toEqual(NEWEST);
    const byDownloads = await list(student.cookie, { sort: 'downloads' });
    expect(byDownloads.statusCode).toBe(200);
    const resources = byDownloads.json().resources as { id: string; downloads: number }[];
    expect(resources.map((r) => keyOf[r.id])).toEqual(MOST_DOWNLOADED);
    expect(resources.map((r) => r.downloads)).toEqual([4, 2, 2, 1, 0, 0, 0, 0]);
    // Sorting combines with filters.
    expect(await keys(student.cookie, { sort: 'downloads', branch: 'cse' })).toEqual(['B', 'A', 'H', 'F', 'E']);
  });

  it('pages through the results: page, pageSize, total, and an empty page past the end', async () => {
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const res = await list(student.cookie, { page: String(page), pageSize: '3' });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ total: 8, page, pageSize: 3 });
      expect(body.resources.length).toBe(page < 3 ? 3 : 2);
      seen.push(...body.resources.map((r: { id: string }) => keyOf[r.id]));
    }
    expect(seen).toEqual(NEWEST);

    const past = await list(student.cookie, { page: '4', pageSize: '3' });
    expect(past.statusCode).toBe(200);
    expect(past.json()).toEqual({ resources: [], total: 8, page: 4, pageSize: 3 });

    const farPast = await list(student.cookie, { page: '99', branch: 'cse' });
    expect(farPast.json()).toMatchObject({ resources: [], total: 5, page: 99 });

    const sorted = await list(student.cookie, { sort: 'downloads', page: '2', pageSize: '2' });
    expect(sorted.json().resources.map((r: { id: string }) => keyOf[r.id])).toEqual(['A', 'G']);

    const widest = await list(student.cookie, { pageSize: '50' });
    expect(widest.statusCode).toBe(200);
    expect(widest.json().resources.length).toBe(8);
  });

  it('shows the uploader name to admins only', async () => {
    const asAdmin = await list(admin.cookie);
    for (const r of asAdmin.json().resources as { id: string; uploadedByName?: string }[]) {
      const seed = SEEDS.find((s) => s.key === keyOf[r.id])!;
      expect(r.uploadedByName, seed.key).toBe(seed.by === 'cr' ? 'Chirag Rep' : 'Asha Admin');
    }
    const oneAsAdmin = await t.api.get(`/api/resources/${idOf.A}`, { as: admin });
    expect(oneAsAdmin.json().resource.uploadedByName).toBe('Chirag Rep');

    for (const session of [cr, student]) {
      const res = await list(session.cookie);
      expect(res.statusCode).toBe(200);
      for (const r of res.json().resources) expect(r).not.toHaveProperty('uploadedByName');
      expect(res.body).not.toContain('uploadedByName');
      expect(res.body).not.toContain('Asha Admin');
      const one = await t.api.get(`/api/resources/${idOf.C}`, { as: session });
      expect(one.statusCode).toBe(200);
      expect(one.json().resource).not.toHaveProperty('uploadedByName');
      expect(one.body).not.toContain('Asha Admin');
    }
  });

  it('refuses bad query values with 400 in the shared error shape', async () => {
    const cases: Record<string, string>[] = [
      { semester: '9' },
      { semester: '0' },
      { semester: 'three' },
      { resourceType: 'BOOK' },
      { resourceType: 'notes' },
      { academicYear: '2024' },
      { page: '0' },
      { page: '-1' },
      { pageSize: '51' },
      { pageSize: '0' },
      { sort: 'oldest' },
      { branch: 'c s e' },
      { q: 'x'.repeat(101) },
    ];
    for (const query of cases) {
      const res = await list(student.cookie, query);
      expect(res.statusCode, `${JSON.stringify(query)}: ${res.body}`).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(typeof body.message, JSON.stringify(query)).toBe('string');
      expect(body.message.length).toBeGreaterThan(0);
      const field = Object.keys(query)[0]!;
      expect(body.message, JSON.stringify(query)).toContain(field);
      // Never a stack trace or SQL.
      expect(body).not.toHaveProperty('stack');
      expect(res.body).not.toMatch(/\.[jt]s:\d+|SQLITE_|from "resource"/);
    }
  });

  it('GET /api/resources/:id: the resource, 404 for an unknown id, 400 for a malformed one', async () => {
    const res = await t.api.get(`/api/resources/${idOf.B}`, { as: student });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resource).toMatchObject({
      id: idOf.B,
      subject: 'Database Management Systems',
      semester: 4,
      resourceType: 'PYQ',
      branch: 'cse',
      academicYear: Y2,
      downloads: 4,
      fileName: `btech_cse_${Y2}_sem4_database_management_systems_pyq.pdf`,
    });

    const unknown = await t.api.get(`/api/resources/${randomUUID()}`, { as: student });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ statusCode: 404, error: 'Not Found', message: RESOURCE_MESSAGES.notFound });

    for (const bad of ['not-a-uuid', '123', `${idOf.B}x`]) {
      const malformed = await t.api.get(`/api/resources/${bad}`, { as: student });
      expect(malformed.statusCode, bad).toBe(400);
      expect(malformed.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(typeof malformed.json().message).toBe('string');
    }
  });

  it('compressed lists: br or gzip as asked, Vary: accept-encoding, helmet headers, and current after an upload', async () => {
    const decoded = (res: Awaited<ReturnType<typeof list>>) => {
      const raw = res.rawPayload;
      const encoding = res.headers['content-encoding'];
      return JSON.parse((encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString());
    };
    const get = (encoding: string) => t.api.get('/api/resources?branch=cse&pageSize=50', { as: student.cookie, headers: { 'accept-encoding': encoding } });
    const plain = (await list(student.cookie, { branch: 'cse', pageSize: '50' })).json();
    for (const [asked, answered] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip'], ['identity', undefined]] as const) {
      // Twice each: the second answer comes from the compression memo and must be the same.
      for (let i = 0; i < 2; i++) {
        const res = await get(asked);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-encoding'], asked).toBe(answered);
        if (answered) expect(res.headers.vary).toContain('accept-encoding');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['content-security-policy']).toContain("default-src 'self'");
        expect(decoded(res), asked).toEqual(plain);
      }
    }
    // An upload (deleted again at the end, so the library is as the other tests expect it).
    const added = await upload(t, cr.cookie, { file: { name: 'compressed-list.pdf' }, fields: { subject: 'Operating Systems', branch: 'cse' } });
    expect(added.statusCode, added.body).toBe(201);
    for (const encoding of ['br', 'gzip']) {
      const afterUpload = decoded(await get(encoding));
      expect(afterUpload.total, encoding).toBe(plain.total + 1);
      expect(afterUpload.resources[0].id, encoding).toBe(added.json().resource.id);
    }
    const removed = await t.api.delete(`/api/resources/${added.json().resource.id}`, { as: admin });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(decoded(await get('br')).total).toBe(plain.total);
  });

  it('a page read again shows rows changed behind the service at once (this connection, or another: the CLI, a restore)', async () => {
    const titleOfG = async () => {
      // Twice: the second read is the one a memo of the page's rows would answer.
      await list(student.cookie, { branch: 'it' });
      const res = await list(student.cookie, { branch: 'it' });
      return res.json().resources.find((r: { id: string }) => r.id === idOf.G).title as string;
    };
    const setTitleOfG = async (title: string, how: 'app connection' | 'other connection') => {
      const { database } = t.config;
      if (how === 'other connection' && database.dialect === 'sqlite') {
        const other = new SQLite(database.file);
        try {
          other.prepare('update resource set title = ? where id = ?').run(title, idOf.G);
        } finally {
          other.close();
        }
      } else await t.db.kysely.updateTable('resource').set({ title }).where('id', '=', idOf.G!).execute();
    };
    const original = await titleOfG();
    const stored = (await t.db.kysely.selectFrom('resource').select('title').where('id', '=', idOf.G!).executeTakeFirstOrThrow()).title;
    await setTitleOfG('Networks, retitled here', 'app connection');
    expect(await titleOfG()).toBe('Networks, retitled here');
    await setTitleOfG('Networks, retitled elsewhere', 'other connection');
    expect(await titleOfG()).toBe('Networks, retitled elsewhere');
    await setTitleOfG(stored, 'app connection');
    expect(await titleOfG()).toBe(original);
  });

  // Last: it changes the library. Lists are memoised per filter; none of that may show stale data.
  it('a list read again after a download, an upload and a delete is current each time', async () => {
    const searchF = { q: 'algorithms', sort: 'newest' };
    const first = (await list(student.cookie, searchF)).json();
    expect(first.resources.map((r: { id: string }) => keyOf[r.id])).toEqual(['F']);
    const downloaded = await t.api.post(`/api/resources/${idOf.F}/download`, undefined, { as: student });
    expect(downloaded.statusCode).toBe(200);
    expect((await list(student.cookie, searchF)).json().resources[0].downloads).toBe(first.resources[0].downloads + 1);

    const added = await upload(t, cr.cookie, { file: { name: 'algo-2.pdf' }, fields: { subject: 'Advanced Algorithms', branch: 'it' } });
    expect(added.statusCode, added.body).toBe(201);
    const newId = added.json().resource.id as string;
    const afterUpload = (await list(student.cookie, searchF)).json();
    expect(afterUpload.total).toBe(2);
    expect(afterUpload.resources[0].id).toBe(newId);
    expect((await list(student.cookie)).json().total).toBe(SEEDS.length + 1);

    const removed = await t.api.delete(`/api/resources/${newId}`, { as: admin });
    expect(removed.statusCode, removed.body).toBe(200);
    const afterDelete = (await list(student.cookie, searchF)).json();
    expect(afterDelete.total).toBe(1);
    expect(afterDelete.resources.map((r: { id: string }) => r.id)).toEqual([idOf.F]);
    // Its searchable text (page 0: subject, file name, title) went with it.
    const pages = await t.db.kysely.selectFrom('resource_page').select('page').where('resource_id', '=', newId).execute();
    expect(pages).toEqual([]);
  });
});

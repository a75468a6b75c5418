import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/database.js';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate.js';
import { RESOURCE_MESSAGES, TITLE_MAX_LENGTH, titleFromFileName } from '../../src/shared/resource.js';
import { signedIn, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';
import { createEmptyTestDb } from './helpers/test-database.js';

type Session = Awaited<ReturnType<typeof signedIn>>;

describe(`resource titles (${testDialect})`, () => {
  let t: TestApp;
  let cr: Session;
  let otherCr: Session;
  let admin: Session;
  let student: Session;
  let elsewhere: Session;

  beforeAll(async () => {
    t = await createTestApp();
    cr = await signedIn(t, 'CR', 'Chirag Rep');
    otherCr = await signedIn(t, 'CR', 'Omar Rep', { branch: 'it', semester: 5 });
    admin = await signedIn(t, 'ADMIN', 'Asha Admin');
    student = await signedIn(t, 'STUDENT', 'Sita Student');
    elsewhere = await signedIn(t, 'STUDENT', 'Esha Elsewhere', { branch: 'ece', semester: 3 });
  });
  afterAll(() => t?.close());

  const get = (id: string, cookie: string) => t.api.get(`/api/resources/${id}`, { as: cookie });
  const patch = (id: string, cookie: string | undefined, payload: unknown) =>
    t.api.patch(`/api/resources/${id}`, payload as object, { as: cookie });
  const search = async (q: string, cookie = student.cookie) => {
    const res = await t.api.get(`/api/resources?q=${encodeURIComponent(q)}`, { as: cookie });
    expect(res.statusCode).toBe(200);
    return (res.json().resources as Array<{ id: string; title: string }>).map((r) => r.id);
  };

  it('defaults the title to subject, type and year (a paper: its exam and date), not the file name', async () => {
    const res = await upload(t, cr.cookie, { file: { name: 'DBMS_unit-3__normal   forms.pdf' } });
    expect(res.statusCode).toBe(201);
    const { resource } = res.json();
    expect(resource.title).toBe('Data Structures Notes 2024-25');
    expect(resource.originalName).toBe('DBMS_unit-3__normal forms.pdf');
    expect((await get(resource.id, student.cookie)).json().resource.title).toBe('Data Structures Notes 2024-25');

    const paper = await upload(t, cr.cookie, {
      file: { name: 'DBS mid2 2017 s.pdf' },
      fields: { resourceType: 'PYQ', exam: 'End-sem', examMonth: '12', examYear: '2024' },
    });
    expect(paper.statusCode, paper.body).toBe(201);
    expect(paper.json().resource.title).toBe('Data Structures End-sem Dec 2024');
  });

  it('keeps a title given at upload, spaces collapsed, and refuses one over the limit', async () => {
    const res = await upload(t, cr.cookie, { fields: { title: '  Unit 1   — ER diagrams ' }, file: { name: 'scan0001.pdf' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().resource.title).toBe('Unit 1 — ER diagrams');

    const long = await upload(t, cr.cookie, { fields: { title: 'x'.repeat(TITLE_MAX_LENGTH + 1) } });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(`Titles are at most ${TITLE_MAX_LENGTH} characters`);
  });

  it('drops bidirectional controls from a title, at upload and on rename, as from file names', async () => {
    // U+202E would show "Unit 3 \u202Efdp.exe" as "Unit 3 exe.pdf" on every card.
    const res = await upload(t, cr.cookie, { fields: { title: 'Unit 3 \u202Efdp.exe' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().resource.title).toBe('Unit 3 fdp.exe');
    const renamed = await patch(res.json().resource.id, cr.cookie, { title: '\u2066Solved\u2069 \u202Bpapers\u202C\u200F' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().resource.title).toBe('Solved papers');
    const row = await t.db.kysely.selectFrom('resource').select('title').where('id', '=', res.json().resource.id).executeTakeFirstOrThrow();
    expect(row.title).toBe('Solved papers');
  });

  it('lets the uploader and admins rename, and refuses everyone else', async () => {
    const { resource } = (await upload(t, cr.cookie, { file: { name: 'notes_v2.pdf' } })).json();

    const byUploader = await patch(resource.id, cr.cookie, { title: 'Normalisation, with solved questions' });
    expect(byUploader.statusCode).toBe(200);
    expect(byUploader.json().resource.title).toBe('Normalisation, with solved questions');
    expect((await get(resource.id, student.cookie)).json().resource.title).toBe('Normalisation, with solved questions');

    const byAdmin = await patch(resource.id, admin.cookie, { title: 'Normalisation (1NF to BCNF)' });
    expect(byAdmin.statusCode).toBe(200);
    expect((await get(resource.id, student.cookie)).json().resource.title).toBe('Normalisation (1NF to BCNF)');
    // The admin's change is in the audit log with its before and after; the uploader's is not.
    const audit = await t.db.kysely.selectFrom('audit_log').selectAll().where('target_id', '=', resource.id).execute();
    expect(audit.map((e) => [e.action, e.actor_id, JSON.parse(e.before_json!), JSON.parse(e.after_json!)])).toEqual([
      ['resource.retitle', admin.user.id, { title: 'Normalisation, with solved questions' }, { title: 'Normalisation (1NF to BCNF)' }],
    ]);

    for (const someone of [otherCr, student]) {
      const refused = await patch(resource.id, someone.cookie, { title: 'Mine now' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(RESOURCE_MESSAGES.editForbidden);
    }
    expect((await patch(resource.id, undefined, { title: 'Anonymous' })).statusCode).toBe(401);
    expect((await patch(resource.id, cr.cookie, { title: '   ' })).statusCode).toBe(400);
    expect((await patch('00000000-0000-4000-8000-000000000000', admin.cookie, { title: 'Ghost' })).statusCode).toBe(404);
    expect((await get(resource.id, student.cookie)).json().resource.title).toBe('Normalisation (1NF to BCNF)');
  });

  it('is found by its title, and by the new one after a rename', async () => {
    const { resource } = (await upload(t, cr.cookie, { fields: { title: 'Zeppelin revision sheet' }, file: { name: 'a.pdf' } })).json();
    expect(await search('zeppelin')).toEqual([resource.id]);
    // A default title is searchable too (from the file name).
    const named = (await upload(t, cr.cookie, { file: { name: 'quasar_handout.pdf' } })).json().resource;
    expect(await search('quasar handout')).toEqual([named.id]);

    expect((await patch(resource.id, cr.cookie, { title: 'Walrus crib notes' })).statusCode).toBe(200);
    expect(await search('walrus')).toEqual([resource.id]);
    expect(await search('zeppelin')).toEqual([]);
    // A one-letter typo in a title is corrected like one in the text.
    expect(await search('walrvs')).toEqual([resource.id]);
  });

  it('says who uploaded it as the viewer reads it: you, your CR, another CR, an admin', async () => {
    const mine = (await upload(t, cr.cookie)).json().resource;
    expect(mine.uploader).toBe('you');
    expect((await get(mine.id, student.cookie)).json().resource.uploader).toBe('your-cr');
    expect((await get(mine.id, elsewhere.cookie)).json().resource.uploader).toBe('cr');
    const byAdmin = (await upload(t, admin.cookie)).json().resource;
    expect((await get(byAdmin.id, student.cookie)).json().resource.uploader).toBe('admin');
    const listed = await t.api.get('/api/resources?pageSize=50', { as: student });
    const kinds = new Map((listed.json().resources as Array<{ id: string; uploader: string }>).map((r) => [r.id, r.uploader]));
    expect(kinds.get(mine.id)).toBe('your-cr');
    expect(kinds.get(byAdmin.id)).toBe('admin');
  });
});

describe(`migration 014 gives existing resources a title (${testDialect})`, () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ db, cleanup } = await createEmptyTestDb());
  });
  afterAll(async () => {
    await cleanup();
  });

  it('backfills the title from the original name (the subject when the name has no words)', async () => {
    await migrateTo(db, '011-search-page-owner');
    const now = new Date().toISOString();
    const rows = [
      { id: '11111111-1111-4111-8111-111111111111', original_name: 'os_unit-2__scheduling.pdf', sha256: 'a'.repeat(64) },
      { id: '22222222-2222-4222-8222-222222222222', original_name: 'Lab.Manual.v3.pdf', sha256: 'b'.repeat(64) },
      { id: '33333333-3333-4333-8333-333333333333', original_name: '___.pdf', sha256: 'c'.repeat(64) },
    ];
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table as it was before migration 014 (no title yet)
    const k = db.kysely as any;
    for (const row of rows) {
      await k
        .insertInto('resource')
        .values({
          ...row,
          file_key: `resources/${row.id}.pdf`,
          file_name: 'btech_cse_2024-25_sem3_operating_systems_notes.pdf',
          subject: 'Operating Systems',
          semester: 3,
          resource_type: 'NOTES',
          course: 'btech',
          branch: 'cse',
          academic_year: '2024-25',
          downloads: 0,
          file_size_mb: 1,
          size_bytes: 1000,
          page_count: 2,
          uploaded_by: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await k.insertInto('resource_page').values({ resource_id: row.id, page: 0, body: 'Operating Systems' }).execute();
    }
    await migrateToLatest(db);
    const titles = await k.selectFrom('resource').select(['id', 'title']).orderBy('id').execute();
    expect(titles).toEqual([
      { id: rows[0]!.id, title: 'os unit 2 scheduling' },
      { id: rows[1]!.id, title: 'Lab.Manual.v3' },
      { id: rows[2]!.id, title: 'Operating Systems' },
    ]);
    expect(titleFromFileName('Lab.Manual.v3.pdf')).toBe('Lab.Manual.v3');
  });
});

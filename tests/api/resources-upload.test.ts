import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RESOURCE_MESSAGES, fileTooLargeMessage } from '../../src/shared/resource.js';
import { makePdf } from '../support/pdf-fixture.js';
import { academicYearLabel } from '../../src/shared/academic-years.js';
import { OFFERED_YEARS, resourceRows, signedIn, storedFilePath, storedFiles, upload, VALID_FIELDS } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

const MB = 1024 * 1024;
const YEAR_AFTER_CURRENT = academicYearLabel(Number(OFFERED_YEARS[0]!.slice(0, 4)) + 1);

describe(`upload rules (${testDialect})`, () => {
  let t: TestApp;
  let cr: Awaited<ReturnType<typeof signedIn>>;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let student: Awaited<ReturnType<typeof signedIn>>;

  // A fresh app for each test, so no test sees another's rows, files or counts (any order passes).
  beforeEach(async () => {
    t = await createTestApp();
    [cr, admin, student] = [await signedIn(t, 'CR', 'Chirag Rep'), await signedIn(t, 'ADMIN'), await signedIn(t, 'STUDENT')];
  });
  afterEach(async () => {
    await t.close();
  });

  /** Runs a refused upload and checks that nothing at all was kept. */
  async function expectRefused(res: Awaited<ReturnType<typeof upload>>, status: number, message: string) {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toBe(message);
    expect(await storedFiles(t)).toEqual(before.files);
    expect((await resourceRows(t)).length).toBe(before.rows);
  }
  let before: { files: string[]; rows: number };
  const snapshot = async () => {
    before = { files: await storedFiles(t), rows: (await resourceRows(t)).length };
  };

  it('a CR uploads a PDF: record with SPEC fields, exact bytes, SHA-256, pages; file under a generated key', async () => {
    const bytes = makePdf({ pages: 3, text: 'first upload' });
    const res = await upload(t, cr.cookie, { file: { name: 'DS Unit 1.pdf', bytes }, fields: { subject: '  Data   Structures ' } });
    expect(res.statusCode, res.body).toBe(201);
    const { resource } = res.json();
    expect(resource).toMatchObject({
      fileName: 'btech_cse_2024-25_sem3_data_structures_notes.pdf',
      originalName: 'DS Unit 1.pdf',
      subject: 'Data Structures',
      semester: 3,
      resourceType: 'NOTES',
      course: 'btech',
      branch: 'cse',
      academicYear: '2024-25',
      downloads: 0,
      fileSize: 0,
      sizeBytes: bytes.length,
      pageCount: 3,
      uploadedBy: cr.user.id,
    });
    expect(resource.createdAt).toBe(resource.updatedAt);
    expect(resource.uploadedByName).toBeUndefined();
    const [row] = await resourceRows(t);
    expect(row!.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(row!.file_key).toMatch(/^resources\/[0-9a-f-]{36}\.pdf$/);
    const files = await storedFiles(t);
    expect(files).toEqual([row!.file_key]);
    expect(await t.fileStore.stat(row!.file_key)).toMatchObject({ size: bytes.length });
  });

  it('an admin uploads too, and sees the uploader name', async () => {
    const res = await upload(t, admin.cookie, { fields: { resourceType: 'PYQ', semester: '5', subject: 'Computer Networks' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().resource.uploadedByName).toBe(admin.user.name);
  });

  it('file size is kept in whole megabytes, rounded', async () => {
    const res = await upload(t, cr.cookie, { pdf: { exactBytes: Math.round(1.6 * MB) } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().resource).toMatchObject({ fileSize: 2, sizeBytes: Math.round(1.6 * MB) });
  });

  it('a student gets 403 and a visitor 401; nothing is stored', async () => {
    await snapshot();
    await expectRefused(await upload(t, student.cookie), 403, RESOURCE_MESSAGES.uploadForbidden);
    await expectRefused(await upload(t, undefined), 401, RESOURCE_MESSAGES.loginFirst);
  });

  it('a file of exactly 20 MB is accepted; one byte more gets 413 and leaves nothing', async () => {
    const exact = await upload(t, cr.cookie, { pdf: { exactBytes: 20 * MB } });
    expect(exact.statusCode, exact.body).toBe(201);
    expect(exact.json().resource).toMatchObject({ sizeBytes: 20 * MB, fileSize: 20 });
    await snapshot();
    await expectRefused(await upload(t, cr.cookie, { pdf: { exactBytes: 20 * MB + 1 } }), 413, fileTooLargeMessage(20));
  });

  it('content decides, not the name or type: empty, PNG and HTML are not PDFs; PDFs cut short are damaged', async () => {
    await snapshot();
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(500, 1)]);
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const whole = makePdf({ pages: 4, text: 'soon truncated' });
    const notPdfs = [
      { name: 'empty.pdf', bytes: Buffer.alloc(0) },
      { name: 'image.pdf', bytes: png },
      { name: 'page.pdf', bytes: html, type: 'application/pdf' },
    ];
    for (const file of notPdfs) {
      await expectRefused(await upload(t, cr.cookie, { file }), 400, RESOURCE_MESSAGES.notPdf);
    }
    const damaged = [
      { name: 'cut.pdf', bytes: whole.subarray(0, 400) },
      { name: 'fake-end.pdf', bytes: Buffer.concat([whole.subarray(0, 200), Buffer.from('\n%%EOF\n')]) },
    ];
    for (const file of damaged) {
      await expectRefused(await upload(t, cr.cookie, { file }), 422, RESOURCE_MESSAGES.pdfUnreadable);
    }
  });

  it('keeps the original name only as a safe label: folders, quotes, newlines and 300 characters', async () => {
    const name = `../../${'x'.repeat(290)}"quoted"\nline.pdf`;
    const res = await upload(t, cr.cookie, { file: { name } });
    expect(res.statusCode, res.body).toBe(201);
    const { originalName, id } = res.json().resource;
    expect(originalName.length).toBeLessThanOrEqual(200);
    expect(originalName).not.toMatch(/[\r\n/\\]/);
    expect(originalName.endsWith('.pdf')).toBe(true);
    const [row] = (await resourceRows(t)).filter((r) => r.id === id);
    expect(row!.file_key).toMatch(/^resources\/[0-9a-f-]{36}\.pdf$/);
  });

  it('each missing or out-of-range field gets a clear 400 naming the field, and nothing is stored', async () => {
    await snapshot();
    const cases: [Record<string, string | undefined>, string, string][] = [
      [{ branch: undefined }, 'branch', RESOURCE_MESSAGES.fieldsMissing],
      [{ branch: '' }, 'branch', RESOURCE_MESSAGES.fieldsMissing],
      [{ branch: 'xyz' }, 'branch', 'Please choose one of the listed branches'],
      [{ semester: undefined }, 'semester', RESOURCE_MESSAGES.fieldsMissing],
      [{ semester: '9' }, 'semester', 'Please choose a semester between 1 and 8'],
      [{ semester: '0' }, 'semester', 'Please choose a semester between 1 and 8'],
      [{ subject: undefined }, 'subject', RESOURCE_MESSAGES.fieldsMissing],
      [{ subject: ' ' }, 'subject', RESOURCE_MESSAGES.fieldsMissing],
      [{ subject: 'x'.repeat(81) }, 'subject', 'Subject names are at most 80 characters'],
      [{ resourceType: 'BOOK' }, 'resourceType', RESOURCE_MESSAGES.fieldsMissing],
      // Any year from FIRST_ACADEMIC_YEAR (2008 by default) to the current one: not before, not after.
      [{ academicYear: '2007-08' }, 'academicYear', RESOURCE_MESSAGES.fieldsMissing],
      [{ academicYear: YEAR_AFTER_CURRENT }, 'academicYear', RESOURCE_MESSAGES.fieldsMissing],
      [{ course: 'mtech' }, 'course', RESOURCE_MESSAGES.fieldsMissing],
    ];
    for (const [fields, field, message] of cases) {
      const res = await upload(t, cr.cookie, { fields });
      await expectRefused(res, 400, message);
      expect(res.json().field).toBe(field);
    }
    const noFile = await upload(t, cr.cookie, { file: null });
    await expectRefused(noFile, 400, RESOURCE_MESSAGES.fieldsMissing);
    expect(noFile.json().field).toBe('file');
  });

  it('refuses a duplicate (same bytes) naming the existing resource', async () => {
    const bytes = makePdf({ text: 'only once' });
    const first = await upload(t, cr.cookie, { file: { name: 'a.pdf', bytes }, fields: { subject: 'Algorithms', resourceType: 'PYQ' } });
    expect(first.statusCode).toBe(201);
    await snapshot();
    await expectRefused(
      await upload(t, admin.cookie, { file: { name: 'b.pdf', bytes } }),
      409,
      'This file is already in the library as "Algorithms" (Previous Year Papers, sem3, CSE, 2024-25).',
    );
    const notes = makePdf({ text: 'notes only once' });
    expect((await upload(t, cr.cookie, { file: { name: 'c.pdf', bytes: notes }, fields: { subject: 'Graph Theory' } })).statusCode).toBe(201);
    const again = await upload(t, cr.cookie, { file: { name: 'd.pdf', bytes: notes }, fields: { resourceType: 'PRACTICAL' } });
    expect(again.json().message).toBe('This file is already in the library as "Graph Theory" (Notes, sem3, CSE, 2024-25).');
  });

  it('takes the current academic year and the four before it, from the calendar', async () => {
    expect(OFFERED_YEARS).toHaveLength(5);
    for (const academicYear of OFFERED_YEARS) {
      const res = await upload(t, cr.cookie, { fields: { academicYear, subject: `Compilers ${academicYear}` } });
      expect(res.statusCode, `${academicYear}: ${res.body}`).toBe(201);
      expect(res.json().resource).toMatchObject({ academicYear, fileName: `btech_cse_${academicYear}_sem3_compilers_${academicYear}_notes.pdf` });
    }
  });

  it('parallel uploads of one file: exactly one lands, the rest are refused without leftovers', async () => {
    const bytes = makePdf({ pages: 2, text: 'raced' });
    await snapshot();
    const results = await Promise.all(Array.from({ length: 5 }, () => upload(t, cr.cookie, { file: { name: 'r.pdf', bytes } })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect((await storedFiles(t)).length).toBe(before.files.length + 1);
  });

  it('the start-up sweep removes stored files without a record once they are an hour old', async () => {
    const { Readable } = await import('node:stream');
    const { utimes } = await import('node:fs/promises');
    const path = await import('node:path');
    await t.fileStore.put('resources/orphan-old.pdf', Readable.from([makePdf()]));
    await t.fileStore.put('resources/orphan-new.pdf', Readable.from([makePdf()]));
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    await utimes(storedFilePath(t, 'resources/orphan-old.pdf'), twoHoursAgo, twoHoursAgo);
    const referenced = (await resourceRows(t)).map((r) => r.file_key);
    for (const key of referenced) await utimes(storedFilePath(t, key), twoHoursAgo, twoHoursAgo);
    expect(await t.services.resources.sweepOrphans()).toBe(1);
    const files = await storedFiles(t);
    expect(files).toContain(path.join('resources', 'orphan-new.pdf'));
    expect(files).not.toContain(path.join('resources', 'orphan-old.pdf'));
    for (const key of referenced) expect(files).toContain(path.join(...key.split('/')));
  });

  it('inspects PDFs off the request thread: the server keeps its native JSON and arrays', async () => {
    // pdf.js's Node build swaps these for polyfills; they must only ever change in the worker.
    const res = await upload(t, cr.cookie, { file: { name: 'native.pdf', bytes: makePdf({ pages: 2, text: 'native check' }) } });
    expect(res.statusCode, res.body).toBe(201);
    for (const fn of [JSON.stringify, JSON.parse, Array.prototype.push]) expect(Function.prototype.toString.call(fn)).toContain('[native code]');
    expect('pdfjsLib' in globalThis).toBe(false);
  });

  it('documents the upload in OpenAPI', async () => {
    const spec = (await t.api.get('/api/docs/json')).json();
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/resources', '/api/resources/{id}/file']));
    expect(VALID_FIELDS.branch).toBe('cse');
  });

  it('lists each multipart form\'s fields and its file (binary) in OpenAPI, from the schema the fields are checked with', async () => {
    const spec = (await t.api.get('/api/docs/json')).json();
    const form = (path: string) => spec.paths[path].post.requestBody.content['multipart/form-data'].schema;

    const upload = form('/api/resources');
    expect(Object.keys(upload.properties)).toEqual([...Object.keys(VALID_FIELDS), 'title', 'exam', 'examMonth', 'examYear', 'confirmNearDuplicate', 'file']);
    expect(upload.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(upload.properties.resourceType.enum).toEqual(['NOTES', 'PYQ', 'PRACTICAL']);
    expect(upload.required).toEqual(expect.arrayContaining(['branch', 'semester', 'subject', 'resourceType', 'academicYear', 'file']));

    const fulfil = form('/api/requests/{id}/upload');
    expect(Object.keys(fulfil.properties)).toEqual(['resourceType', 'confirmNearDuplicate', 'file']);
    expect(fulfil.required).toEqual(['resourceType', 'file']);

    const report = form('/api/reports');
    expect(Object.keys(report.properties)).toEqual(['issueType', 'title', 'description', 'priority', 'email', 'screenshot']);
    expect(report.properties.screenshot).toMatchObject({ type: 'string', format: 'binary' });
    expect(report.required).not.toContain('screenshot');
  });
});

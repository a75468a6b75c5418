import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORRECTION_MESSAGES } from '../../src/shared/correction.js';
import { RESOURCE_MESSAGES } from '../../src/shared/resource.js';
import { makePdf, multipartBody } from '../support/pdf-fixture.js';
import { storedFiles, upload } from './helpers/resources.js';
import { member } from './helpers/requests.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

type Member = Awaited<ReturnType<typeof member>>;
const CSE3 = { branch: 'cse', semester: 3 };
let n = 0;
const pdf = (pages = 1) => makePdf({ pages, text: `replacement ${++n} ${Math.random()}` });
/** Stored resource PDFs (thumbnails and page images that processing makes are left out). */
const storedPdfs = async (t: TestApp) => (await storedFiles(t)).filter((f) => f.startsWith('resources')).sort();

// Issue 36 (decision 054): "pages missing" and "a better scan exists" are accepted with the new PDF.
describe(`accepting a correction with a replacement file (${testDialect})`, () => {
  let t: TestApp;
  let cr: Member;
  let admin: Member;
  let student: Member;

  beforeAll(async () => {
    t = await createTestApp();
    cr = await member(t, 'CR', CSE3, 'Chirag Rep');
    admin = await member(t, 'ADMIN', CSE3, 'Asha Admin');
    student = await member(t, 'STUDENT', CSE3, 'Sita Student');
  });
  afterAll(() => t?.close());

  const newResource = async (bytes = pdf()) => (await upload(t, cr.cookie, { file: { bytes } })).json().resource as { id: string; pageCount: number };
  const suggest = async (id: string, kind = 'better_scan') => (await t.api.post(`/api/resources/${id}/corrections`, { kind }, { as: student.cookie })).json().correction as { id: string };
  const acceptWith = (id: string, as: Member, file?: { name?: string; type?: string; bytes: Buffer }) =>
    t.api.upload(`/api/corrections/${id}/accept-with-file`, {}, file && { name: 'scan.pdf', ...file }, { as: as.cookie });
  const row = (id: string) => t.db.kysely.selectFrom('resource').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const statusOf = async (id: string) => (await t.db.kysely.selectFrom('resource_correction').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  it('swaps the file under the same id: the new bytes are served, the old ones gone, the correction closed and audited', async () => {
    const resource = await newResource(pdf(1));
    await t.api.get(`/api/resources/${resource.id}/download`, { as: student.cookie });
    const before = await row(resource.id);
    const correction = await suggest(resource.id);
    const bytes = pdf(3);

    const res = await acceptWith(correction.id, cr, { name: 'better.pdf', bytes });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().correction).toMatchObject({ status: 'accepted', decidedByName: 'Chirag Rep' });

    const served = await t.api.get(`/api/resources/${resource.id}/file`, { as: student.cookie });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    const after = await row(resource.id);
    expect([Number(after.page_count), Number(after.size_bytes), Number(after.downloads)]).toEqual([3, bytes.length, Number(before.downloads)]);
    expect(after.file_key).not.toBe(before.file_key);
    const files = await storedPdfs(t);
    expect(files.some((f) => f.includes(after.file_key.split('/').at(-1)!))).toBe(true);
    expect(files.some((f) => f.includes(before.file_key.split('/').at(-1)!))).toBe(false);
    const shown = (await t.api.get(`/api/resources/${resource.id}`, { as: student.cookie })).json().resource;
    expect(shown.pageCount).toBe(3);

    const audit = await t.db.kysely.selectFrom('audit_log').select(['action', 'actor_id', 'after_json']).where('target_id', '=', resource.id).orderBy('id').execute();
    expect(audit.map((e) => [e.action, e.actor_id])).toEqual([
      ['resource.replace_file', cr.user.id],
      ['correction.accept', cr.user.id],
    ]);
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ pageCount: 3, sizeBytes: bytes.length });
    // Processing starts again from page 1 (thumbnail, text, OCR, questions of the new file).
    const job = await t.db.kysely.selectFrom('processing_job').select(['status', 'ocr_from_page']).where('resource_id', '=', resource.id).executeTakeFirstOrThrow();
    expect(Number(job.ocr_from_page)).toBe(1);
    expect(['pending', 'running', 'done']).toContain(job.status);
  });

  it('refuses a file that is not a PDF with 400 and changes nothing, leaving no file behind', async () => {
    const resource = await newResource();
    const correction = await suggest(resource.id, 'pages_missing');
    const before = await row(resource.id);
    const filesBefore = await storedPdfs(t);

    const res = await acceptWith(correction.id, admin, { name: 'scan.pdf', type: 'application/pdf', bytes: Buffer.from('GIF89a not a pdf at all') });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(RESOURCE_MESSAGES.notPdf);
    expect(await row(resource.id)).toEqual(before);
    expect(await statusOf(correction.id)).toBe('open');
    expect(await storedPdfs(t)).toEqual(filesBefore);
    const audit = await t.db.kysely.selectFrom('audit_log').select('action').where('target_id', '=', resource.id).execute();
    expect(audit).toEqual([]);
  });

  it('refuses an exact duplicate of another resource (409) and the resource\'s own file', async () => {
    const otherBytes = pdf();
    await newResource(otherBytes);
    const ownBytes = pdf();
    const resource = await newResource(ownBytes);
    const correction = await suggest(resource.id);
    const filesBefore = await storedPdfs(t);

    const duplicate = await acceptWith(correction.id, cr, { bytes: otherBytes });
    expect(duplicate.statusCode, duplicate.body).toBe(409);
    expect(duplicate.json().code).toBe('DUPLICATE');
    const same = await acceptWith(correction.id, cr, { bytes: ownBytes });
    expect(same.statusCode).toBe(409);
    expect(same.json().code).toBe('SAME_FILE');
    expect(await statusOf(correction.id)).toBe('open');
    expect(await storedPdfs(t)).toEqual(filesBefore);
  });

  it('asks for the file when a file kind is accepted without one, and takes none for a label kind', async () => {
    const resource = await newResource();
    const pages = await suggest(resource.id, 'pages_missing');
    const plain = await t.api.post(`/api/corrections/${pages.id}/accept`, {}, { as: cr.cookie });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().message).toBe(CORRECTION_MESSAGES.fileNeeded);
    const noFile = await acceptWith(pages.id, cr);
    expect(noFile.statusCode).toBe(400);

    const year = (await t.api.post(`/api/resources/${resource.id}/corrections`, { kind: 'wrong_type', resourceType: 'PYQ' }, { as: student.cookie })).json().correction;
    const filesBefore = await storedPdfs(t);
    const refused = await acceptWith(year.id, cr, { bytes: pdf() });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(CORRECTION_MESSAGES.noFileTaken);
    expect(await storedPdfs(t)).toEqual(filesBefore);
    // Another class's CR or a student cannot replace it.
    const other = await member(t, 'CR', { branch: 'it', semester: 5 });
    expect((await acceptWith(pages.id, other, { bytes: pdf() })).statusCode).toBe(404);
    expect((await acceptWith(pages.id, student, { bytes: pdf() })).statusCode).toBe(403);
    expect(await storedPdfs(t)).toEqual(filesBefore);
  });

  it('leaves the row and the old file as they were, and no new file, when the transaction fails', async () => {
    const resource = await newResource();
    const before = await row(resource.id);
    const filesBefore = await storedPdfs(t);
    const replacing = t.services.resourceFiles.replace(cr.user, before, { stream: Readable.from([pdf(2)]), filename: 'new.pdf' }, '', () => {
      throw new Error('the database went away');
    });
    await expect(replacing).rejects.toThrow('the database went away');
    expect(await row(resource.id)).toEqual(before);
    expect(await storedPdfs(t)).toEqual(filesBefore);
    const audit = await t.db.kysely.selectFrom('audit_log').select('action').where('target_id', '=', resource.id).execute();
    expect(audit).toEqual([]);
  });

  it("lets the uploader or an admin replace the file from Edit details, nobody else", async () => {
    const resource = await newResource(pdf(1));
    const filesBefore = await storedPdfs(t);
    const replaceAs = (as: Member, bytes: Buffer) => {
      const { payload, headers } = multipartBody({}, { name: 'new.pdf', bytes });
      return t.api.put(`/api/resources/${resource.id}/file`, payload, { as: as.cookie, headers });
    };
    expect((await replaceAs(student, pdf(2))).statusCode).toBe(403);
    expect(await storedPdfs(t)).toEqual(filesBefore);

    const res = await replaceAs(cr, pdf(2));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resource).toMatchObject({ id: resource.id, pageCount: 2 });
    const again = await replaceAs(admin, pdf(4));
    expect(again.json().resource.pageCount).toBe(4);
    expect((await storedPdfs(t)).length).toBe(filesBefore.length);
    const audit = await t.db.kysely.selectFrom('audit_log').select(['action', 'actor_id']).where('target_id', '=', resource.id).orderBy('id').execute();
    expect(audit.map((e) => [e.action, e.actor_id])).toEqual([
      ['resource.replace_file', cr.user.id],
      ['resource.replace_file', admin.user.id],
    ]);
  });

  it('takes back a running processing claim, so a run of the old file writes nothing', async () => {
    const resource = await newResource();
    await t.db.kysely.updateTable('processing_job').set({ status: 'running', locked_by: 'elsewhere:1', attempts: 1 }).where('resource_id', '=', resource.id).execute();
    const correction = await suggest(resource.id);
    expect((await acceptWith(correction.id, cr, { bytes: pdf(2) })).statusCode).toBe(200);
    const job = await t.db.kysely.selectFrom('processing_job').select('locked_by').where('resource_id', '=', resource.id).executeTakeFirstOrThrow();
    expect(job.locked_by).not.toBe('elsewhere:1');
  });
});

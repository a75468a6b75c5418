import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RESOURCE_MESSAGES } from '../../src/shared/resource.js';
import { HEADER_IMAGE_MAX_BYTES, UPLOAD_GUESS_MESSAGES } from '../../src/shared/upload-guess.js';
import { makePng } from '../support/image-fixtures.js';
import { OFFERED_YEARS, signedIn } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

type Session = Awaited<ReturnType<typeof signedIn>>;

describe(`batch upload's autofill: POST /api/resources/guess (${testDialect})`, () => {
  let t: TestApp;
  let cr: Session;
  let admin: Session;
  let student: Session;
  const examYear = Number(OFFERED_YEARS[1]!.slice(0, 4));

  beforeAll(async () => {
    t = await createTestApp();
    cr = await signedIn(t, 'CR', 'Chirag Rep', { branch: 'cse', semester: 3 });
    admin = await signedIn(t, 'ADMIN', 'Asha Admin');
    student = await signedIn(t, 'STUDENT', 'Sita Student');
  });
  afterAll(() => t?.close());

  const guess = (cookie: string | undefined, body: object) => t.api.post('/api/resources/guess', body, { as: cookie });

  it("guesses from the file name against the class's catalogue", async () => {
    const res = await guess(cr.cookie, { fileName: `DSA_endsem_Dec_${examYear}.pdf`, branch: 'cse', semester: 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().guess).toEqual({
      subject: { value: 'Data Structures', from: 'file name' },
      resourceType: { value: 'PYQ', from: 'file name' },
      exam: { value: 'End-sem', from: 'file name' },
      examMonth: { value: 12, from: 'file name' },
      examYear: { value: examYear, from: 'file name' },
      academicYear: { value: OFFERED_YEARS[1], from: 'file name' },
    });
  });

  it("reads the first page's header, and an abbreviation an admin added", async () => {
    const saved = await t.api.put('/api/admin/aliases', { alias: 'CS302', subject: 'Algorithms' }, { as: admin.cookie });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await guess(cr.cookie, {
      fileName: 'scan_0007.pdf',
      text: `Mid Semester Examination - II, March ${examYear + 1}\nCourse: CS302   Max. Marks: 30`,
      branch: 'cse',
      semester: 3,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().guess).toMatchObject({
      subject: { value: 'Algorithms', from: 'first page' },
      resourceType: { value: 'PYQ', from: 'first page' },
      exam: { value: 'Mid-sem 2', from: 'first page' },
      examMonth: { value: 3, from: 'first page' },
      academicYear: { value: OFFERED_YEARS[1], from: 'first page' },
    });
  });

  it('answers an empty guess for a name and page that say nothing, and only to those who upload', async () => {
    const empty = await guess(cr.cookie, { fileName: 'IMG_0001.pdf', text: 'lorem ipsum', branch: 'cse', semester: 3 });
    expect(empty.json()).toEqual({ guess: {} });
    const denied = await guess(student.cookie, { fileName: 'DSA.pdf', branch: 'cse', semester: 3 });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(RESOURCE_MESSAGES.uploadForbidden);
    expect((await guess(undefined, { fileName: 'DSA.pdf', branch: 'cse', semester: 3 })).statusCode).toBe(401);
    expect((await guess(cr.cookie, { fileName: '', branch: 'cse', semester: 9 })).statusCode).toBe(400);
  });

  /** The top of page 1 of the corpus scan ANLP_mid_2023_M.pdf as batch upload renders it (bench/lib/header-strip.mjs). */
  const strip = readFileSync(new URL('../fixtures/header-strips/anlp-mid-2023.jpg', import.meta.url));
  const dataUrl = (bytes: Buffer, type = 'image/jpeg') => `data:${type};base64,${bytes.toString('base64')}`;

  it("reads a scan's header strip by OCR when its page has no text", async () => {
    await t.db.kysely.insertInto('subject').values({ branch_id: 'cse', semester: 5, name: 'Advanced Natural Language Processing' }).execute();
    const res = await guess(cr.cookie, { fileName: 'scan0001.pdf', text: ' ', headerImage: dataUrl(strip), branch: 'cse', semester: 5 });
    expect(res.statusCode, res.body).toBe(200);
    const fields = { subject: 'Advanced Natural Language Processing', resourceType: 'PYQ', exam: 'Mid-sem 1', examMonth: 9, examYear: 2023 };
    expect(res.json().guess).toMatchObject(Object.fromEntries(Object.entries(fields).map(([field, value]) => [field, { value, from: 'scanned header' }])));
    // A page with a text layer is read from it: the strip is not OCR'd.
    const text = await guess(cr.cookie, { fileName: 'scan0001.pdf', text: 'Lecture notes on parsing, unit 2', headerImage: dataUrl(strip), branch: 'cse', semester: 5 });
    expect(text.json().guess).toEqual({ resourceType: { value: 'NOTES', from: 'first page' } });
  });

  it('refuses a strip that is not a JPEG or PNG, or too large, saying why', async () => {
    const refusal = async (headerImage: string, message: string) => {
      const res = await guess(cr.cookie, { fileName: 'scan0002.pdf', headerImage, branch: 'cse', semester: 5 });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    };
    await refusal(dataUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml'), UPLOAD_GUESS_MESSAGES.headerNotImage);
    await refusal(dataUrl(Buffer.from('%PDF-1.4 not a picture at all')), UPLOAD_GUESS_MESSAGES.headerNotImage);
    await refusal(dataUrl(Buffer.concat([strip, Buffer.alloc(HEADER_IMAGE_MAX_BYTES)])), UPLOAD_GUESS_MESSAGES.headerTooLarge);
    // Small in bytes, huge in pixels: refused by its declared size before any decoder sees it.
    await refusal(dataUrl(makePng(5000, 300), 'image/png'), UPLOAD_GUESS_MESSAGES.headerTooLarge);
    const huge = await guess(cr.cookie, { fileName: 'scan0002.pdf', headerImage: 'data:image/jpeg;base64,' + 'A'.repeat(2 * 1024 * 1024), branch: 'cse', semester: 5 });
    expect(huge.statusCode).toBe(413);
  });
});

describe(`batch upload's autofill: header OCR per uploader (${testDialect})`, () => {
  let t: TestApp;
  let cr: Session;
  let otherCr: Session;
  /** The top of page 1 of the corpus scan ANLP_mid_2023_M.pdf: "Mid Semester Exam ... Sep 22, 2023". */
  const strip = `data:image/jpeg;base64,${readFileSync(new URL('../fixtures/header-strips/anlp-mid-2023.jpg', import.meta.url)).toString('base64')}`;
  const MAX = 2;

  beforeAll(async () => {
    // The production rule is 120 strips per 10 minutes (config.ts); two keep the test to a few readings.
    t = await createTestApp({}, { adjust: (config) => ({ ...config, headerOcr: { ...config.headerOcr, perUser: { max: MAX, windowMs: 10 * 60_000 } } }) });
    cr = await signedIn(t, 'CR', 'Chirag Rep', { branch: 'cse', semester: 5 });
    otherCr = await signedIn(t, 'CR', 'Omar Rep', { branch: 'cse', semester: 3 });
    await t.db.kysely.insertInto('subject').values({ branch_id: 'cse', semester: 5, name: 'Advanced Natural Language Processing' }).execute();
  });
  afterAll(() => t?.close());

  const guess = (cookie: string, body: object) => t.api.post('/api/resources/guess', body, { as: cookie });
  // The name gives the subject alone: the exam, if any, comes from reading the strip.
  const scan = (cookie: string) => guess(cookie, { fileName: 'ANLP.pdf', text: '', headerImage: strip, branch: 'cse', semester: 5 });

  it("reads an uploader's strips up to the limit, then guesses from the name without OCR, saying why", async () => {
    const reads = vi.spyOn(t.services.headerOcr!, 'read');
    // Name-only guesses, and a strip whose page has a text layer, are not OCR'd and not counted.
    for (let i = 0; i < MAX + 1; i++) {
      const named = await guess(cr.cookie, { fileName: 'ANLP_endsem_Dec_2023.pdf', branch: 'cse', semester: 5 });
      expect(named.json().guess.exam).toEqual({ value: 'End-sem', from: 'file name' });
      expect(named.statusCode, named.body).toBe(200);
      expect(named.json().headerNotRead).toBeUndefined();
    }
    const text = await guess(cr.cookie, { fileName: 'scan0009.pdf', text: 'Lecture notes on parsing, unit 2', headerImage: strip, branch: 'cse', semester: 5 });
    expect(text.json()).toEqual({ guess: { resourceType: { value: 'NOTES', from: 'first page' } } });
    expect(reads).not.toHaveBeenCalled();

    for (let i = 0; i < MAX; i++) {
      const read = await scan(cr.cookie);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json().guess.exam).toEqual({ value: 'Mid-sem 1', from: 'scanned header' });
      expect(read.json().headerNotRead).toBeUndefined();
    }
    expect(reads).toHaveBeenCalledTimes(MAX);

    // Past the limit the row still gets its answer, from the file's name, and is told why.
    const limited = await scan(cr.cookie);
    expect(limited.statusCode, limited.body).toBe(200);
    expect(limited.json()).toEqual({ guess: { subject: { value: 'Advanced Natural Language Processing', from: 'file name' } }, headerNotRead: 'limit' });
    expect(reads).toHaveBeenCalledTimes(MAX);
    // Another uploader's strips are read as before.
    const other = await scan(otherCr.cookie);
    expect(other.json().guess.exam).toEqual({ value: 'Mid-sem 1', from: 'scanned header' });
    expect(other.json().headerNotRead).toBeUndefined();
    expect(reads).toHaveBeenCalledTimes(MAX + 1);
    reads.mockRestore();
  });
});

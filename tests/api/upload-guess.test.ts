import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_MESSAGES } from '../../src/shared/resource.js';
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
});

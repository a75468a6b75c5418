import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academicYearsShown } from '../../src/shared/academic-years.js';
import { REQUEST_MESSAGES } from '../../src/shared/request.js';
import { RESOURCE_MESSAGES } from '../../src/shared/resource.js';
import { REQUEST_BODY, call, member } from './helpers/requests.js';
import { signedIn, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

describe(`ACADEMIC_YEARS_SHOWN (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ACADEMIC_YEARS_SHOWN: '2' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('narrows requests to the current academic year and the one before; uploads reach back to the first year', async () => {
    const [current, previous, older] = academicYearsShown(3);
    const cr = await signedIn(t, 'CR');
    for (const academicYear of [current!, previous!]) {
      const res = await upload(t, cr.cookie, { fields: { academicYear, subject: `Networks ${academicYear}` } });
      expect(res.statusCode, res.body).toBe(201);
    }
    // Uploads take any year since FIRST_ACADEMIC_YEAR (old papers are what students look for).
    expect((await upload(t, cr.cookie, { fields: { academicYear: older!, subject: 'Networks old' } })).statusCode).toBe(201);
    const refused = await upload(t, cr.cookie, { fields: { academicYear: '2007-08' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'academicYear', message: RESOURCE_MESSAGES.fieldsMissing });

    const student = await member(t, 'STUDENT', { branch: 'cse', semester: 5 });
    expect((await call(t, student.cookie, 'POST', '/requests', { ...REQUEST_BODY, academicYear: previous })).statusCode).toBe(201);
    const asked = await call(t, student.cookie, 'POST', '/requests', { ...REQUEST_BODY, subject: 'Compilers', academicYear: older });
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toMatchObject({ field: 'academicYear', message: REQUEST_MESSAGES.academicYear });

    // Older resources stay listed and filterable: the list takes any well-formed year.
    const listed = await t.api.get(`/api/resources?academicYear=${previous}`, { as: student });
    expect(listed.json().resources.map((r: { academicYear: string }) => r.academicYear)).toEqual([previous]);
    expect((await t.api.get(`/api/resources?academicYear=${older}`, { as: student })).json().total).toBe(1);
  });
});

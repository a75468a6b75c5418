import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../support/pdf-fixture.js';
import { PASSWORD } from './helpers/accounts.js';
import { VALID_REPORT, reportBody, reportRows } from './helpers/reports.js';
import { REQUEST_BODY } from './helpers/requests.js';
import { VALID_FIELDS, resourceRows, signedIn, storedFiles } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

type Account = Awaited<ReturnType<typeof signedIn>>;

/**
 * Bytes no text column can hold (NUL: PostgreSQL refuses it in text) and multipart bodies that
 * cannot be parsed are the client's mistake: 400 with a clear message, never 500, nothing kept.
 */
describe(`bad bytes in requests (${testDialect})`, () => {
  let t: TestApp;
  let student: Account;
  let admin: Account;
  let cr: Account;

  beforeAll(async () => {
    t = await createTestApp();
    student = await signedIn(t, 'STUDENT');
    cr = await signedIn(t, 'CR');
    admin = await signedIn(t, 'ADMIN');
  });
  afterAll(async () => {
    await t.close();
  });

  const expectNulRefused = (res: { statusCode: number; body: string; json(): { message?: unknown } }) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'INVALID_CHARACTERS' });
    expect(res.json().message).toMatch(/invalid character/i);
  };

  it.each([
    '/api/resources?course=%00',
    '/api/resources?q=notes%00',
    '/api/resources?subject=a%00b',
    '/api/catalogue/subjects?branch=cse%00&semester=3',
    '/api/resources/abc%00def',
    '/api/admin/users?q=%00',
    '/api/admin/audit-log?q=a%00',
    '/api/reports?status=open%00',
    '/api/requests/mine?status=%00',
  ])('refuses a NUL in the address: GET %s', async (url) => {
    const cookie = url.startsWith('/api/admin') || url.startsWith('/api/reports') ? admin.cookie : student.cookie;
    expectNulRefused(await t.api.get(url, { as: cookie }));
  });

  it.each([
    ['/api/auth/login', { email: 'a\u0000@test-uni.edu', password: PASSWORD }],
    ['/api/auth/forgot-password', { email: 'x\u0000@test-uni.edu' }],
    ['/api/auth/resend-verification', { email: 'x\u0000@test-uni.edu' }],
    ['/api/auth/sign-up', { name: 'Nul\u0000Name', email: 'nul@test-uni.edu', password: PASSWORD, confirmPassword: PASSWORD }],
    ['/api/requests', { ...REQUEST_BODY, subject: 'Computer\u0000Networks' }],
    ['/api/requests', { ...REQUEST_BODY, description: 'please \u0000' }],
  ])('refuses a NUL in a JSON body: POST %s', async (url, payload) => {
    expectNulRefused(await t.api.post(url, payload, { as: student }));
  });

  it('refuses a NUL nested in a JSON body key or array', async () => {
    const res = await t.api.post('/api/requests', { ...REQUEST_BODY, extra: ['ok', { 'k\u0000': 1 }] }, { as: student });
    expectNulRefused(res);
  });

  it('refuses a NUL in an upload form field, storing nothing', async () => {
    const files = await storedFiles(t);
    const res = await t.api.upload(
      '/api/resources',
      { ...VALID_FIELDS, subject: 'Data\u0000Structures' },
      { name: 'notes.pdf', bytes: makePdf({ text: 'nul field' }) },
      { as: cr },
    );
    expectNulRefused(res);
    expect(await storedFiles(t)).toEqual(files);
    expect(await resourceRows(t)).toHaveLength(0);
  });

  it('refuses a NUL in a report form field, storing nothing', async () => {
    const { payload, headers } = reportBody({ ...VALID_REPORT, title: 'Broken\u0000' });
    const res = await t.api.post('/api/reports', payload, { as: student, headers });
    expectNulRefused(res);
    expect(await reportRows(t)).toHaveLength(0);
  });

  it.each(['/api/resources', '/api/reports', '/api/requests/00000000-0000-4000-8000-000000000000/upload'])(
    'answers 400 to a multipart body without a boundary: POST %s',
    async (url) => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: 'just some bytes',
        headers: { 'content-type': 'multipart/form-data', cookie: url.includes('reports') ? student.cookie : admin.cookie },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'MALFORMED_MULTIPART' });
      expect(res.json().message).toMatch(/could not be read/i);
    },
  );

  it('answers 400 to a multipart body cut off in its headers', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/resources',
      payload: '--xyz\r\nContent-Disposition: form-data; name="course"',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz', cookie: cr.cookie },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(await storedFiles(t)).toEqual([]);
  });

  // Its own app: the refusals above assert that nothing was stored, whichever test runs first.
  describe('a stored upload', () => {
    let own: TestApp;
    let uploader: Account;
    beforeAll(async () => {
      own = await createTestApp();
      uploader = await signedIn(own, 'CR');
    });
    afterAll(async () => {
      await own.close();
    });

    it('stores a file name without its bidirectional controls, so it shows as what it is', async () => {
      const file = { name: 'notes\u202Efdp.exe', bytes: makePdf({ text: 'bidi name' }) };
      const res = await own.api.upload('/api/resources', VALID_FIELDS, file, { as: uploader });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().resource.originalName).toBe('notesfdp.exe.pdf');
      const row = (await resourceRows(own)).find((r) => r.id === res.json().resource.id);
      expect(row?.original_name).toBe('notesfdp.exe.pdf');
    });
  });

  it('still accepts ordinary text, including other control-free Unicode', async () => {
    const res = await t.api.get('/api/resources?q=r%C3%A9seau', { as: student });
    expect(res.statusCode, res.body).toBe(200);
  });
});

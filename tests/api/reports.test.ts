import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MESSAGES, REPORT_PAGE_SIZE, REPORTS_PER_HOUR, SCREENSHOT_MAX_BYTES } from '../../src/shared/report.js';
import { declaredDimensions } from '../../src/server/modules/reports/image-dimensions.js';
import { encodedImage } from '../support/encoded-images.js';
import { makeJpeg, makePng, makeWebp, padTo, PNG_SIGNATURE, SVG_IMAGE } from '../support/image-fixtures.js';
import { postReport, reportCall, reportRows, VALID_REPORT } from './helpers/reports.js';
import { signedIn, storedFiles } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';
import { testClock } from './helpers/test-clock.js';

type Account = Awaited<ReturnType<typeof signedIn>>;

describe(`issue reports (${testDialect})`, () => {
  let t: TestApp;
  const clock = testClock();
  let alice: Account;
  let bob: Account;
  let cr: Account;
  let admin: Account;

  beforeAll(async () => {
    t = await createTestApp({}, { clock: clock.now });
    alice = await signedIn(t, 'STUDENT', 'Alice Student');
    bob = await signedIn(t, 'STUDENT', 'Bob Student');
    cr = await signedIn(t, 'CR', 'Chirag Rep');
    admin = await signedIn(t, 'ADMIN', 'Ada Admin');
  });
  afterAll(async () => {
    await t.close();
  });

  let before: { files: string[]; rows: number };
  const snapshot = async () => {
    before = { files: await storedFiles(t), rows: (await reportRows(t)).length };
  };
  /** A refused report: its message, and neither a row nor a file (not even a temp file) kept. */
  async function expectRefused(res: Awaited<ReturnType<typeof postReport>>, status: number, message: string) {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toBe(message);
    expect(await storedFiles(t)).toEqual(before.files);
    expect((await reportRows(t)).length).toBe(before.rows);
  }

  describe('submitting', () => {
    it('stores the report with the reporter from the session, status open; a sent reporterId is ignored', async () => {
      const res = await postReport(t, alice.cookie, { fields: { reporterId: bob.user.id, title: '  Broken preview  ' } });
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(body.message).toBe('Issue reported successfully!');
      expect(body.report).toMatchObject({
        issueType: 'bug',
        title: 'Broken preview',
        description: VALID_REPORT.description,
        priority: 'high',
        email: VALID_REPORT.email,
        status: 'open',
        reporterId: alice.user.id,
        reporterName: 'Alice Student',
        screenshot: null,
      });
      const row = (await reportRows(t)).find((r) => r.id === body.report.id);
      expect(row).toMatchObject({ reporter_id: alice.user.id, status: 'open', screenshot_key: null, title: 'Broken preview' });
    });

    it('priority defaults to medium', async () => {
      const res = await postReport(t, alice.cookie, { fields: { priority: undefined, issueType: 'suggestion' } });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().report).toMatchObject({ priority: 'medium', issueType: 'suggestion' });
    });

    it.each([
      [{ issueType: '' }, REPORT_MESSAGES.issueType],
      [{ issueType: 'praise' }, REPORT_MESSAGES.issueType],
      [{ issueType: undefined }, REPORT_MESSAGES.issueType],
      [{ title: '   ' }, REPORT_MESSAGES.title],
      [{ title: 'x'.repeat(151) }, REPORT_MESSAGES.titleTooLong],
      [{ description: '' }, REPORT_MESSAGES.description],
      [{ description: 'y'.repeat(2001) }, REPORT_MESSAGES.descriptionTooLong],
      [{ priority: 'urgent' }, REPORT_MESSAGES.priority],
      [{ email: '' }, REPORT_MESSAGES.email],
      [{ email: 'not-an-address' }, REPORT_MESSAGES.emailInvalid],
    ])('refuses %o with its message, storing nothing', async (fields, message) => {
      await snapshot();
      const res = await postReport(t, alice.cookie, { fields, screenshot: { bytes: makePng() } });
      await expectRefused(res, 400, message);
    });

    it('accepts the longest title and description', async () => {
      const res = await postReport(t, alice.cookie, { fields: { title: 't'.repeat(150), description: 'd'.repeat(2000) } });
      expect(res.statusCode, res.body).toBe(201);
    });

    it('401 for a visitor, with nothing stored', async () => {
      await snapshot();
      await expectRefused(await postReport(t, undefined, { screenshot: { bytes: makePng() } }), 401, 'Please log in to continue.');
    });

    it('415 for a JSON body', async () => {
      const res = await t.api.post('/api/reports', VALID_REPORT, { as: alice });
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toBe(REPORT_MESSAGES.notMultipart);
    });
  });

  describe('screenshots', () => {
    it('a PNG named .jpg and sent as image/jpeg is stored and served as image/png, re-encoded', async () => {
      const png = makePng(40, 30);
      const res = await postReport(t, alice.cookie, { screenshot: { name: 'photo.jpg', type: 'image/jpeg', bytes: png } });
      expect(res.statusCode, res.body).toBe(201);
      const { report } = res.json();
      const row = (await reportRows(t)).find((r) => r.id === report.id)!;
      const stored = await buffer(await t.fileStore.read(row.screenshot_key!));
      expect(report.screenshot).toEqual({ type: 'image/png', size: stored.length, url: `/api/reports/${report.id}/screenshot` });
      expect(row).toMatchObject({ screenshot_type: 'image/png', screenshot_size: stored.length });
      expect(row.screenshot_key).toMatch(/^screenshots\/[0-9a-f-]{36}\.png$/);
      expect(stored.subarray(0, 8)).toEqual(PNG_SIGNATURE);
      expect(declaredDimensions('image/png', stored)).toEqual({ width: 40, height: 30 });

      const file = await reportCall(t, alice.cookie, 'GET', `/${report.id}/screenshot`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['cache-control']).toBe('private, no-store');
      expect(file.headers['content-security-policy']).toContain('sandbox');
      expect(file.rawPayload).toEqual(stored);
    });

    it.each([
      ['JPEG', 'jpeg', 'image/jpeg', /\.jpg$/],
      ['WebP', 'webp', 'image/webp', /\.webp$/],
    ] as const)('accepts a %s', async (_name, format, type, extension) => {
      const bytes = await encodedImage(format);
      const res = await postReport(t, alice.cookie, { screenshot: { name: 'shot.bin', type: 'application/octet-stream', bytes } });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().report.screenshot.type).toBe(type);
      const row = (await reportRows(t)).find((r) => r.id === res.json().report.id)!;
      expect(row.screenshot_key).toMatch(extension);
      expect(declaredDimensions(type, await buffer(await t.fileStore.read(row.screenshot_key!)))).toEqual({ width: 40, height: 30 });
    });

    // Issue 32, finding 6: the first bytes alone decided, so anything could follow them.
    it('keeps only the decoded pixels: HTML after a real PNG is gone from what is stored and served', async () => {
      const html = '<html><body><script>alert(document.cookie)</script></body></html>';
      const res = await postReport(t, alice.cookie, { screenshot: { bytes: Buffer.concat([makePng(40, 30), Buffer.from(html)]) } });
      expect(res.statusCode, res.body).toBe(201);
      const row = (await reportRows(t)).find((r) => r.id === res.json().report.id)!;
      const stored = await buffer(await t.fileStore.read(row.screenshot_key!));
      expect(stored.toString('latin1')).not.toContain('<script');
      expect(declaredDimensions('image/png', stored)).toEqual({ width: 40, height: 30 });
      expect((await reportCall(t, alice.cookie, 'GET', `/${res.json().report.id}/screenshot`)).rawPayload.toString('latin1')).not.toContain('<script');
    });

    it.each([
      ['a PNG signature followed by HTML', Buffer.concat([PNG_SIGNATURE, Buffer.from('<html><script>alert(1)</script></html>'.repeat(4))])],
      ['a JPEG marker followed by HTML', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html><script>alert(1)</script></html>')])],
      ['a WebP header followed by HTML', makeWebp(256)],
      // This crashes the image decoder's process (a segmentation fault): the server must not be it.
      ['a PNG cut after its header', makePng(400, 300).subarray(0, 40)],
    ])('refuses %s as not an image, storing nothing', async (_name, bytes) => {
      await snapshot();
      await expectRefused(await postReport(t, alice.cookie, { screenshot: { bytes } }), 400, REPORT_MESSAGES.screenshotType);
      expect((await t.api.get('/healthz')).statusCode).toBe(200);
    });

    it('refuses a small PNG that declares 50,000 x 50,000 pixels before decoding it', async () => {
      await snapshot();
      const bomb = makePng(1, 1);
      bomb.writeUInt32BE(50_000, 16);
      bomb.writeUInt32BE(50_000, 20);
      await expectRefused(await postReport(t, alice.cookie, { screenshot: { bytes: bomb } }), 400, REPORT_MESSAGES.screenshotTooManyPixels);
    });

    it.each([
      ['an SVG sent as image/svg+xml', { name: 'shot.svg', type: 'image/svg+xml', bytes: SVG_IMAGE }],
      ['a text file named .png', { name: 'notes.png', type: 'image/png', bytes: Buffer.from('just some text, not an image at all') }],
      ['a GIF', { name: 'anim.gif', type: 'image/gif', bytes: padTo(Buffer.from('GIF89a'), 64) }],
      ['an empty file', { name: 'empty.png', type: 'image/png', bytes: Buffer.alloc(0) }],
      ['PNG signature cut short', { name: 'cut.png', type: 'image/png', bytes: PNG_SIGNATURE.subarray(0, 5) }],
    ])('refuses %s, storing nothing', async (_name, screenshot) => {
      await snapshot();
      await expectRefused(await postReport(t, alice.cookie, { screenshot }), 400, REPORT_MESSAGES.screenshotType);
    });

    it('refuses a file in another field than "screenshot"', async () => {
      await snapshot();
      const res = await postReport(t, alice.cookie, { screenshot: { field: 'file', bytes: makePng() } });
      await expectRefused(res, 400, REPORT_MESSAGES.screenshotField);
    });

    it('accepts exactly 5 MiB, and stores the image without the padding', async () => {
      const res = await postReport(t, alice.cookie, { screenshot: { bytes: padTo(makePng(), SCREENSHOT_MAX_BYTES) } });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().report.screenshot.size).toBeLessThan(10_000);
    });

    it('refuses 5 MiB + 1 byte with "File size should be less than 5MB", storing nothing', async () => {
      await snapshot();
      const res = await postReport(t, alice.cookie, { screenshot: { bytes: padTo(makePng(), SCREENSHOT_MAX_BYTES + 1) } });
      await expectRefused(res, 413, 'File size should be less than 5MB');
    });

    it('refuses a far larger JPEG the same way', async () => {
      await snapshot();
      const res = await postReport(t, alice.cookie, { screenshot: { type: 'image/jpeg', bytes: makeJpeg(12 * 1024 * 1024) } });
      await expectRefused(res, 413, 'File size should be less than 5MB');
    });

    it('a failed database insert deletes the stored screenshot', async () => {
      await snapshot();
      // The insert's unit of work (decision 024) fails as a lost connection would.
      type Work = (work: unknown) => Promise<unknown>;
      const service = t.services.reports as unknown as { unitOfWork: Work };
      const unitOfWork = service.unitOfWork;
      service.unitOfWork = async () => {
        throw new Error('database went away');
      };
      try {
        const res = await postReport(t, alice.cookie, { screenshot: { bytes: makePng() } });
        expect(res.statusCode).toBe(500);
      } finally {
        service.unitOfWork = unitOfWork;
      }
      expect(await storedFiles(t)).toEqual(before.files);
      expect((await reportRows(t)).length).toBe(before.rows);
    });

    it('the orphan sweep removes old screenshot files that no report points at, and keeps the rest', async () => {
      const kept = await postReport(t, alice.cookie, { screenshot: { bytes: makePng() } });
      expect(kept.statusCode).toBe(201);
      const orphanKey = 'screenshots/00000000-0000-4000-8000-000000000000.png';
      const { Readable } = await import('node:stream');
      await t.fileStore.put(orphanKey, Readable.from([makePng()]));
      // Fresh orphans may be uploads in flight: only those older than an hour go.
      expect(await t.services.reports.sweepOrphans()).toBe(0);
      expect(await t.services.reports.sweepOrphans(Date.now() + 2 * 60 * 60 * 1000)).toBe(1);
      expect(await t.fileStore.stat(orphanKey)).toBeUndefined();
      const keptKey = (await reportRows(t)).find((r) => r.id === kept.json().report.id)!.screenshot_key!;
      expect(await t.fileStore.stat(keptKey)).toBeDefined();
    });
  });

  describe('who sees what', () => {
    let aliceReport: { id: string };

    beforeAll(async () => {
      const res = await postReport(t, alice.cookie, { fields: { title: 'Alice private report' }, screenshot: { bytes: makePng() } });
      aliceReport = res.json().report;
    });

    it('the reporter and an admin read the report and its screenshot', async () => {
      for (const account of [alice, admin]) {
        const one = await reportCall(t, account.cookie, 'GET', `/${aliceReport.id}`);
        expect(one.statusCode).toBe(200);
        expect(one.json().report).toMatchObject({ title: 'Alice private report', reporterName: 'Alice Student' });
        const shot = await reportCall(t, account.cookie, 'GET', `/${aliceReport.id}/screenshot`);
        expect(shot.statusCode).toBe(200);
        expect(shot.headers['content-type']).toBe('image/png');
      }
    });

    it('another student and a CR get 404 for both, like an unknown id', async () => {
      for (const account of [bob, cr]) {
        for (const url of [`/${aliceReport.id}`, `/${aliceReport.id}/screenshot`]) {
          const res = await reportCall(t, account.cookie, 'GET', url);
          expect(res.statusCode).toBe(404);
          expect(res.body).not.toContain('Alice private report');
        }
      }
      expect((await reportCall(t, admin.cookie, 'GET', '/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    });

    it("/mine lists only one's own reports, newest first", async () => {
      const bobFirst = await postReport(t, bob.cookie, { fields: { title: 'Bob first' } });
      clock.advance();
      const bobSecond = await postReport(t, bob.cookie, { fields: { title: 'Bob second' } });
      const mine = await reportCall(t, bob.cookie, 'GET', '/mine');
      expect(mine.statusCode).toBe(200);
      expect(mine.json().reports.map((r: { id: string }) => r.id)).toEqual([bobSecond.json().report.id, bobFirst.json().report.id]);
      expect(mine.json().total).toBe(2);
      const aliceMine = (await reportCall(t, alice.cookie, 'GET', '/mine')).json();
      expect(aliceMine.reports.every((r: { reporterId: string }) => r.reporterId === alice.user.id)).toBe(true);
      expect(aliceMine.reports.some((r: { id: string }) => r.id === aliceReport.id)).toBe(true);
    });

    it('the inbox is for admins only: 401 signed out, 403 for a student and a CR', async () => {
      expect((await reportCall(t, undefined, 'GET', '')).statusCode).toBe(401);
      expect((await reportCall(t, bob.cookie, 'GET', '')).statusCode).toBe(403);
      expect((await reportCall(t, cr.cookie, 'GET', '')).statusCode).toBe(403);
      expect((await reportCall(t, admin.cookie, 'GET', '')).statusCode).toBe(200);
    });

    it('every endpoint answers 401 when signed out', async () => {
      for (const url of ['/mine', `/${aliceReport.id}`, `/${aliceReport.id}/screenshot`]) {
        expect((await reportCall(t, undefined, 'GET', url)).statusCode).toBe(401);
      }
      expect((await reportCall(t, undefined, 'PATCH', `/${aliceReport.id}/status`, { status: 'resolved' })).statusCode).toBe(401);
    });

    it('a CR and the reporter cannot change the status; the status stays open', async () => {
      for (const account of [cr, alice]) {
        const res = await reportCall(t, account.cookie, 'PATCH', `/${aliceReport.id}/status`, { status: 'resolved' });
        expect(res.statusCode).toBe(403);
      }
      expect((await reportRows(t)).find((r) => r.id === aliceReport.id)!.status).toBe('open');
    });
  });

  describe('the admin inbox', () => {
    it('moves a report open -> in progress -> resolved, and the reporter sees it in /mine', async () => {
      const { report } = (await postReport(t, bob.cookie, { fields: { title: 'Status journey' } })).json();
      const statusOf = async () =>
        (await reportCall(t, bob.cookie, 'GET', '/mine')).json().reports.find((r: { id: string }) => r.id === report.id).status;
      expect(await statusOf()).toBe('open');
      for (const status of ['in_progress', 'resolved', 'open', 'resolved']) {
        const res = await reportCall(t, admin.cookie, 'PATCH', `/${report.id}/status`, { status });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().report.status).toBe(status);
        expect(await statusOf()).toBe(status);
      }
      // Each change is in the admin audit log, with its before and after; setting the same status again is not.
      await reportCall(t, admin.cookie, 'PATCH', `/${report.id}/status`, { status: 'resolved' });
      const audit = await t.db.kysely.selectFrom('audit_log').selectAll().where('target_id', '=', report.id).orderBy('id').execute();
      expect(audit.map((a) => [a.action, JSON.parse(a.before_json!).status, JSON.parse(a.after_json!).status])).toEqual([
        ['report.status_change', 'open', 'in_progress'],
        ['report.status_change', 'in_progress', 'resolved'],
        ['report.status_change', 'resolved', 'open'],
        ['report.status_change', 'open', 'resolved'],
      ]);
      expect(audit[0]).toMatchObject({ actor_id: admin.user.id, summary: 'Moved the report "Status journey" from Open to In progress' });
      const bad = await reportCall(t, admin.cookie, 'PATCH', `/${report.id}/status`, { status: 'closed' });
      expect(bad.statusCode).toBe(400);
      const missing = await reportCall(t, admin.cookie, 'PATCH', '/00000000-0000-4000-8000-000000000000/status', { status: 'open' });
      expect(missing.statusCode).toBe(404);
    });

    it('filters by status, type and priority, and pages 20 at a time, newest first, in the database', async () => {
      // A fresh app, so the counts below are exactly this test's reports.
      const clock2 = testClock();
      const t2 = await createTestApp({}, { clock: clock2.now });
      try {
        const reporters = [await signedIn(t2, 'STUDENT'), await signedIn(t2, 'STUDENT')];
        const boss = await signedIn(t2, 'ADMIN');
        const ids: string[] = [];
        // 25 reports, 13 by one student and 12 by the other (under the hourly cap of each).
        for (let i = 0; i < 25; i++) {
          const res = await postReport(t2, reporters[i % 2]!.cookie, {
            fields: { title: `Report ${i}`, issueType: i % 5 === 0 ? 'broken-link' : 'bug', priority: i % 3 === 0 ? 'critical' : 'low' },
          });
          expect(res.statusCode, res.body).toBe(201);
          ids.push(res.json().report.id);
          clock2.advance();
        }
        for (const id of ids.slice(0, 4)) await reportCall(t2, boss.cookie, 'PATCH', `/${id}/status`, { status: 'resolved' });

        const list = async (query: string) => (await reportCall(t2, boss.cookie, 'GET', `?${query}`)).json();
        const first = await list('');
        expect(first).toMatchObject({ total: 25, page: 1, pageSize: REPORT_PAGE_SIZE });
        expect(first.reports).toHaveLength(20);
        const second = await list('page=2');
        expect(second.reports).toHaveLength(5);
        expect([...first.reports, ...second.reports].map((r: { id: string }) => r.id)).toEqual([...ids].reverse());
        expect(first.reports[0].reporterName).toMatch(/student/);

        expect((await list('status=resolved')).total).toBe(4);
        expect((await list('status=open')).total).toBe(21);
        expect((await list('status=in_progress')).total).toBe(0);
        expect((await list('issueType=broken-link')).total).toBe(5);
        expect((await list('priority=critical')).total).toBe(9);
        const combined = await list('status=resolved&issueType=broken-link&priority=critical');
        expect(combined.reports.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
        expect((await list('status=all&issueType=&priority=')).total).toBe(25);
        expect((await reportCall(t2, boss.cookie, 'GET', '?status=closed')).statusCode).toBe(400);
      } finally {
        await t2.close();
      }
    });

    it(`caps one user at ${REPORTS_PER_HOUR} reports an hour`, async () => {
      const t3 = await createTestApp();
      try {
        const eager = await signedIn(t3, 'STUDENT');
        for (let i = 0; i < REPORTS_PER_HOUR; i++) expect((await postReport(t3, eager.cookie)).statusCode).toBe(201);
        const res = await postReport(t3, eager.cookie, { screenshot: { bytes: makePng() } });
        expect(res.statusCode).toBe(429);
        expect(res.json().message).toBe(REPORT_MESSAGES.tooMany);
        expect(await storedFiles(t3)).toEqual([]);
        expect((await reportCall(t3, eager.cookie, 'GET', '/mine')).json().total).toBe(REPORTS_PER_HOUR);
      } finally {
        await t3.close();
      }
    });

    it(`holds the cap of ${REPORTS_PER_HOUR} under 25 parallel posts, with and without screenshots`, async () => {
      const t4 = await createTestApp();
      try {
        const eager = await signedIn(t4, 'STUDENT');
        const results = await Promise.all(
          Array.from({ length: 25 }, (_, i) => postReport(t4, eager.cookie, i % 2 ? { screenshot: { bytes: makePng() } } : {})),
        );
        const statuses = results.map((r) => r.statusCode);
        expect(statuses.filter((s) => s === 201)).toHaveLength(REPORTS_PER_HOUR);
        expect(statuses.filter((s) => s === 429)).toHaveLength(25 - REPORTS_PER_HOUR);
        expect((await reportRows(t4)).length).toBe(REPORTS_PER_HOUR);
        // Every stored screenshot belongs to an accepted report; refused ones left no file.
        const keys = (await reportRows(t4)).map((r) => r.screenshot_key).filter(Boolean);
        expect((await storedFiles(t4)).map((f) => f.split(path.sep).join('/')).sort()).toEqual([...keys].sort());
      } finally {
        await t4.close();
      }
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoClassmates } from '../../src/cli/demo-classmates.js';
import { demoAccounts, seedDemoData } from '../../src/cli/demo-data.js';
import { demoLibrary } from '../../src/cli/demo-library.js';
import { academicYearsShown } from '../../src/shared/academic-years.js';
import type { Services } from '../../src/server/services.js';
import { login } from './helpers/accounts.js';
import { storedFiles } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

describe(`demo data and admin bootstrap (${testDialect})`, () => {
  let t: TestApp;
  let services: Services;
  beforeAll(async () => {
    t = await createTestApp({ INSTITUTION_EMAIL_DOMAIN: 'demo-uni.edu' });
    services = t.services;
  });
  afterAll(async () => {
    await t.close();
  });

  const seed = () => seedDemoData(services, { domain: 'demo-uni.edu', isEmpty: () => services.accounts.hasNoUsers() });

  it('seeds verified admin, CR and student accounts and a browsable library into an empty database, once', async () => {
    const { accounts: created, resources, requests, reports } = await seed();
    expect(created.map((a) => a.role)).toEqual(['ADMIN', 'CR', 'STUDENT']);
    expect(resources).toBe(demoLibrary().length);
    // Every install gets its own random passwords: none is published, none repeats.
    const passwords = created.map((a) => a.password);
    expect(new Set(passwords).size).toBe(3);
    expect(passwords.some((p) => demoAccounts('demo-uni.edu').some((other) => other.password === p))).toBe(false);
    for (const account of created) {
      expect(account.password).toMatch(/^([A-Z][a-z][2-9][a-z]-){3}[A-Z][a-z][2-9][a-z]$/);
      const { res } = await login(t.app, account.email, account.password);
      expect(res.json().user).toMatchObject({ email: account.email, role: account.role });
    }
    expect(await seed()).toEqual({ accounts: [], classmates: 0, resources: 0, requests: 0, reports: 0 });
    const classmates = demoClassmates('demo-uni.edu');
    const users = await t.db.kysely.selectFrom('user').select(['email', 'role']).execute();
    expect(users).toHaveLength(3 + classmates.length);
    // The classmates fill the dashboard: several branches, both roles, one pending admin request.
    expect(new Set(classmates.map((c) => c.branch)).size).toBeGreaterThanOrEqual(6);
    expect(users.filter((u) => u.role === 'CR')).toHaveLength(1 + classmates.filter((c) => c.role === 'CR').length);
    const pending = await t.db.kysely.selectFrom('admin_access_request').select('status').execute();
    expect(pending).toEqual([{ status: 'pending' }]);
    // The demo CR holds one of the two seats of CSE semester 3 (no classmate takes the other).
    const seats = await t.db.kysely.selectFrom('class_rep_seat').selectAll().where('branch_id', '=', 'cse').where('semester', '=', 3).execute();
    expect(seats).toMatchObject([{ branch_id: 'cse', semester: 3, seat: 1 }]);

    // The library: every branch, all types and years, the demo class (CSE sem 3) well stocked.
    const rows = await t.db.kysely.selectFrom('resource').selectAll().execute();
    expect(rows).toHaveLength(demoLibrary().length);
    expect(new Set(rows.map((r) => r.branch))).toEqual(new Set(['cse', 'it', 'ee', 'ece', 'me', 'ce']));
    expect(new Set(rows.map((r) => r.resource_type))).toEqual(new Set(['NOTES', 'PYQ', 'PRACTICAL']));
    expect(new Set(rows.map((r) => r.academic_year))).toEqual(new Set(['2024-25', '2023-24', '2022-23', '2021-22']));
    // Past papers carry the exam their header names; four years of Data Structures, three of DBMS.
    const papers = rows.filter((r) => r.resource_type === 'PYQ');
    expect(papers.every((r) => r.exam === 'End-sem' && r.exam_month !== null && r.exam_year !== null)).toBe(true);
    expect(rows.filter((r) => r.resource_type !== 'PYQ').every((r) => r.exam === null)).toBe(true);
    const dates = (subject: string) =>
      papers.filter((r) => r.branch === 'cse' && r.subject === subject).map((r) => `${r.exam_year}-${r.exam_month}`).sort();
    expect(dates('Data Structures')).toEqual(['2021-12', '2022-12', '2023-12', '2024-12']);
    expect(dates('DBMS')).toEqual(['2022-5', '2023-5', '2024-5']);
    const demoClass = rows.filter((r) => r.branch === 'cse' && r.semester === 3 && r.academic_year === '2024-25');
    expect(new Set(demoClass.map((r) => r.resource_type))).toEqual(new Set(['NOTES', 'PYQ', 'PRACTICAL']));
    expect(rows.every((r) => r.page_count >= 2)).toBe(true);
    expect(rows.some((r) => r.downloads > 0)).toBe(true);
    expect((await storedFiles(t)).sort()).toEqual(rows.map((r) => r.file_key).sort());
    const { cookie } = await login(t.app, 'student@demo-uni.edu', created[2]!.password);
    const file = await t.api.get(`/api/resources/${rows[0]!.id}/file`, { as: cookie });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Requests of the demo class: two open (one wanted by three students), one fulfilled, one declined.
    expect(requests).toBe(4);
    const mine = (await t.api.get('/api/requests/mine', { as: cookie })).json().requests;
    expect(mine.map((r: { subject: string; status: string }) => `${r.subject}:${r.status}`).sort()).toEqual([
      'Algorithms:open',
      'Data Structures:fulfilled',
      'Discrete Mathematics:declined',
    ]);
    expect(mine.find((r: { subject: string }) => r.subject === 'Algorithms').supporters).toBe(3);
    // Asked through the real rules, so for years the request form offers today.
    const offered = academicYearsShown(t.config.academicYearsShown);
    expect(mine.every((r: { academicYear: string }) => offered.includes(r.academicYear))).toBe(true);
    expect(mine.find((r: { subject: string }) => r.subject === 'Data Structures').resource).toMatchObject({ resourceType: 'PRACTICAL' });
    const crCookie = (await login(t.app, 'cr@demo-uni.edu', created[1]!.password)).cookie;
    const queue = (await t.api.get('/api/requests/queue', { as: crCookie })).json();
    expect(queue.requests.map((r: { subject: string }) => r.subject)).toEqual(['Algorithms', 'Digital Logic Design']);

    // Two reports from the demo student, one of them in progress.
    expect(reports).toBe(2);
    const myReports = (await t.api.get('/api/reports/mine', { as: cookie })).json().reports;
    expect(myReports.map((r: { status: string }) => r.status).sort()).toEqual(['in_progress', 'open']);
  });

  it('creates a verified admin who can log in, and refuses a duplicate or foreign address without leftovers', async () => {
    const admin = await services.accounts.createVerifiedUser({
      name: 'Root',
      email: 'Root@Demo-Uni.edu',
      password: 'Sup3rSecretX',
      role: 'ADMIN',
    });
    expect(admin).toMatchObject({ email: 'root@demo-uni.edu', role: 'ADMIN' });
    await login(t.app, 'root@demo-uni.edu', 'Sup3rSecretX');
    await expect(
      services.accounts.createVerifiedUser({ name: 'Root', email: 'root@demo-uni.edu', password: 'Sup3rSecretX', role: 'ADMIN' }),
    ).rejects.toThrow('Email is already registered');
    await expect(
      services.accounts.createVerifiedUser({ name: 'X', email: 'x@gmail.com', password: 'Sup3rSecretX', role: 'ADMIN' }),
    ).rejects.toThrow(/email address/);
    await expect(
      services.accounts.createVerifiedUser({ name: 'Y', email: 'y@demo-uni.edu', password: 'weak', role: 'ADMIN' }),
    ).rejects.toThrow(/uppercase, lowercase and numbers/);
    const emails = (await t.db.kysely.selectFrom('user').select('email').execute()).map((u) => u.email);
    expect(emails.filter((e) => e.startsWith('x@') || e.startsWith('y@'))).toEqual([]);
  });
});

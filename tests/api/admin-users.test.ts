import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../src/shared/account.js';
import { ADMIN_MESSAGES } from '../../src/shared/admin.js';
import { DEFAULT_BRANCHES } from '../../src/shared/catalogue.js';
import { adminCall, insertUsers, type GeneratedUser } from './helpers/admin.js';
import { signedIn } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

type Session = Awaited<ReturnType<typeof signedIn>>;

const BRANCHES = ['cse', 'it', 'ee'];
const GENERATED = 300;

/** 300 users "Gen 000".."Gen 299": every tenth a CR, branches in turn, semesters 1-8 in turn. */
function generated(domain: string) {
  return Array.from({ length: GENERATED }, (_, i) => {
    const n = String(i).padStart(3, '0');
    return {
      name: `Gen ${n}`,
      email: `gen.${n}@${domain}`,
      role: i % 10 === 0 ? ('CR' as const) : ('STUDENT' as const),
      branch: BRANCHES[i % 3]!,
      semester: (i % 8) + 1,
    };
  });
}

describe(`admin dashboard: access, list, search and stats (${testDialect})`, () => {
  let t: TestApp;
  let admin: Session;
  let student: Session;
  let cr: Session;
  let gen: GeneratedUser[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedIn(t, 'ADMIN', 'Asha Admin');
    student = await signedIn(t, 'STUDENT', 'Sita Student');
    cr = await signedIn(t, 'CR', 'Chirag Rep');
    const domain = t.config.public.institutionEmailDomain;
    gen = await insertUsers(t, generated(domain));
    await insertUsers(t, [
      { name: 'Alice Smith', email: `asmith@${domain}`, role: 'STUDENT', branch: 'it', semester: 2 },
      { name: 'Bob Jones', email: `alice.jones@${domain}`, role: 'CR', branch: 'ee', semester: 4 },
      { name: 'Percent 100% Sure', email: `percent@${domain}`, role: 'STUDENT', branch: 'me', semester: 1 },
      { name: 'Under_score', email: `under@${domain}`, role: 'STUDENT', branch: 'me', semester: 1 },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  const list = (query: Record<string, string> = {}, cookie = admin.cookie) =>
    adminCall(t, cookie, 'GET', `/users?${new URLSearchParams(query).toString()}`);

  async function listOk(query: Record<string, string>) {
    const res = await list(query);
    expect(res.statusCode, `${JSON.stringify(query)}: ${res.body}`).toBe(200);
    return res.json();
  }

  describe('every admin endpoint is for admins only', () => {
    const endpoints: [string, 'GET' | 'POST' | 'PATCH' | 'DELETE', string, Record<string, unknown>?][] = [
      ['list users', 'GET', '/users'],
      ['stats', 'GET', '/stats'],
      ['change a role', 'PATCH', '/users/some-id/role', { role: 'CR' }],
      ['delete a user', 'DELETE', '/users/some-id'],
      ['admin requests', 'GET', '/admin-requests'],
      ['approve', 'POST', '/admin-requests/1/approve'],
      ['decline', 'POST', '/admin-requests/1/decline'],
      ['audit log', 'GET', '/audit-log'],
    ];

    it.each(endpoints)('%s: 401 for a visitor, 403 for a student and a CR', async (_name, method, url, payload) => {
      const visitor = await adminCall(t, undefined, method, url, payload);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().message).toBe(ACCOUNT_MESSAGES.loginRequired);
      for (const who of [student, cr]) {
        const res = await adminCall(t, who.cookie, method, url, payload);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(ADMIN_MESSAGES.accessDenied);
      }
    });
  });

  it('documents every admin route in the OpenAPI description, tagged admin', async () => {
    const doc = (await t.api.get('/api/docs/json')).json();
    const expected: [string, string][] = [
      ['/api/admin/users', 'get'],
      ['/api/admin/stats', 'get'],
      ['/api/admin/users/{id}/role', 'patch'],
      ['/api/admin/users/{id}', 'delete'],
      ['/api/admin/admin-requests', 'get'],
      ['/api/admin/admin-requests/{id}/approve', 'post'],
      ['/api/admin/admin-requests/{id}/decline', 'post'],
      ['/api/admin/audit-log', 'get'],
    ];
    for (const [path, method] of expected) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toMatchObject({ tags: ['admin'], summary: expect.any(String) });
    }
  });

  it('lists 10 users a page by name, with the total and the page', async () => {
    const body = await listOk({ q: 'gen', page: '3' });
    expect(body).toMatchObject({ total: GENERATED, page: 3, pageSize: 10 });
    expect(body.users.map((u: { name: string }) => u.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Gen 0${20 + i}`),
    );
    const first = body.users[0];
    const expected = gen.find((g) => g.name === 'Gen 020')!;
    expect(first).toEqual({
      id: expected.id,
      name: 'Gen 020',
      email: expected.email,
      role: 'CR',
      branch: expected.branch,
      course: 'btech',
      semester: expected.semester,
      academicSession: '2024-25',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('pages are stable and complete: walking all 30 gives every user once; past the end is empty', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 30; page++) {
      const body = await listOk({ q: 'gen', page: String(page) });
      seen.push(...body.users.map((u: { id: string }) => u.id));
    }
    expect(new Set(seen).size).toBe(GENERATED);
    expect(seen.sort()).toEqual(gen.map((g) => g.id).sort());
    const past = await listOk({ q: 'gen', page: '31' });
    expect(past).toMatchObject({ users: [], total: GENERATED, page: 31 });
  });

  it('filters by role and branch together, and counts each facet under the other filters', async () => {
    const body = await listOk({ role: 'STUDENT', branch: 'it', q: 'gen' });
    const expected = gen.filter((g) => g.role === 'STUDENT' && g.branch === 'it');
    expect(body.total).toBe(expected.length);
    expect(body.users).toHaveLength(10);
    for (const user of body.users) expect(user).toMatchObject({ role: 'STUDENT', branch: 'it' });

    const inIt = gen.filter((g) => g.branch === 'it');
    // Role tabs: within branch "it" and the search, whatever the role filter.
    expect(body.counts.roles).toEqual({
      all: inIt.length,
      admin: 0,
      cr: inIt.filter((g) => g.role === 'CR').length,
      student: inIt.filter((g) => g.role === 'STUDENT').length,
    });
    // Branch list: within role STUDENT and the search, whatever the branch filter.
    const students = gen.filter((g) => g.role === 'STUDENT');
    expect(body.counts.branches).toEqual(
      Object.fromEntries(BRANCHES.map((b) => [b, students.filter((g) => g.branch === b).length])),
    );
  });

  it('counts every user without filters; the role tab and lowercase values work too', async () => {
    const body = await listOk({ role: 'cr' });
    const crs = gen.filter((g) => g.role === 'CR').length + 2; // + Chirag Rep, Bob Jones
    expect(body.total).toBe(crs);
    expect(body.counts.roles).toEqual({ all: GENERATED + 7, admin: 1, cr: crs, student: GENERATED - 30 + 4 });
    const all = await listOk({ role: 'ALL', branch: '' });
    expect(all.total).toBe(GENERATED + 7);
    expect(all.counts.branches.me).toBe(2);
    expect(Object.keys(all.counts.branches).sort()).toEqual(['cse', 'ee', 'it', 'me']);
  });

  it.each(['ALICE', 'alice', 'aLiCe'])('search %s finds "Alice" by name and "alice." by e-mail, in any case', async (q) => {
    const body = await listOk({ q });
    expect(body.users.map((u: { name: string }) => u.name).sort()).toEqual(['Alice Smith', 'Bob Jones']);
  });

  it('search treats % and _ as plain characters', async () => {
    expect((await listOk({ q: '%' })).users.map((u: { name: string }) => u.name)).toEqual(['Percent 100% Sure']);
    expect((await listOk({ q: '_' })).users.map((u: { name: string }) => u.name)).toEqual(['Under_score']);
    expect((await listOk({ q: '\\' })).total).toBe(0);
    expect((await listOk({ q: 'nobody-like-this' })).users).toEqual([]);
  });

  it('refuses an unknown role filter or page with 400', async () => {
    expect((await list({ role: 'BOSS' })).statusCode).toBe(400);
    expect((await list({ page: '0' })).statusCode).toBe(400);
    expect((await list({ q: 'x'.repeat(101) })).statusCode).toBe(400);
  });

  it('stats: total users, CRs, students, admins, branches in the catalogue, users per branch', async () => {
    const res = await adminCall(t, admin.cookie, 'GET', '/stats');
    expect(res.statusCode, res.body).toBe(200);
    const crs = gen.filter((g) => g.role === 'CR').length + 2;
    expect(res.json()).toMatchObject({
      totalUsers: GENERATED + 7,
      totalCRs: crs,
      totalStudents: GENERATED + 7 - crs - 1,
      totalAdmins: 1,
      branches: DEFAULT_BRANCHES.length,
    });
    // signedIn() puts the admin, the student and the CR in cse.
    expect(res.json().branchStats.cse).toBe(GENERATED / 3 + 3);
  });
});

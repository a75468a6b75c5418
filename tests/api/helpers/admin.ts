import { randomUUID } from 'node:crypto';
import type { Role } from '../../../src/shared/account.js';
import type { TestApp } from './test-app.js';

export interface GeneratedUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  branch: string;
  semester: number;
}

/**
 * Inserts profile rows straight into better-auth's user table (no credentials: they never log
 * in), hundreds at a time, for tests of the dashboard's list. Mirrors the columns sign-up fills.
 */
export async function insertUsers(t: TestApp, users: Omit<GeneratedUser, 'id'>[]): Promise<GeneratedUser[]> {
  const now = new Date().toISOString();
  const rows = users.map((u) => ({
    id: randomUUID(),
    name: u.name,
    email: u.email,
    emailVerified: t.db.dialect === 'postgres' ? true : 1,
    image: null,
    createdAt: now,
    updatedAt: now,
    role: u.role,
    course: 'btech',
    branch: u.branch,
    semester: u.semester,
    academicSession: '2024-25',
  }));
  for (let i = 0; i < rows.length; i += 100) {
    await t.db.kysely.insertInto('user').values(rows.slice(i, i + 100)).execute();
  }
  return rows.map((r, i) => ({ ...users[i]!, id: r.id }));
}

/** GET/POST/PATCH/DELETE under /api/admin as the given cookie (none = a visitor). */
export function adminCall(
  t: TestApp,
  cookie: string | undefined,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) {
  return t.api.request(method, `/api/admin${url}`, payload, { as: cookie });
}

/** The user behind a cookie as GET /api/auth/me sees it now (null once signed out or deleted). */
export async function currentUser(t: TestApp, cookie: string) {
  return (await t.api.get('/api/auth/me', { as: cookie })).json().user;
}

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, login } from './helpers/accounts.js';
import { postReport } from './helpers/reports.js';
import { member, REQUEST_BODY } from './helpers/requests.js';
import { storedFiles, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

/**
 * Decision 024: a service runs a multi-statement write as one unit of work. Here a later
 * statement of each such write fails (a trigger refuses its insert), and the rows the earlier
 * statements wrote must be rolled back, on both databases.
 */
describe('units of work roll back as a whole', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  /** Runs `work` while every insert into `table` fails, as a full disk or a broken constraint would. */
  async function whileInsertsFail<T>(table: 'audit_log' | 'processing_job', work: () => Promise<T>): Promise<T> {
    const db = t.db.kysely;
    if (testDialect === 'postgres') {
      await sql`create function uow_test_refuse() returns trigger language plpgsql as $$
        begin raise exception 'refused by the test'; end $$`.execute(db);
      await sql.raw(`create trigger uow_test_refuse before insert on ${table} for each row execute function uow_test_refuse()`).execute(db);
    } else {
      await sql.raw(`create trigger uow_test_refuse before insert on ${table} begin select raise(abort, 'refused by the test'); end`).execute(db);
    }
    try {
      return await work();
    } finally {
      if (testDialect === 'postgres') {
        await sql.raw(`drop trigger uow_test_refuse on ${table}`).execute(db);
        await sql`drop function uow_test_refuse()`.execute(db);
      } else {
        await sql`drop trigger uow_test_refuse`.execute(db);
      }
    }
  }

  const userRow = (id: string) =>
    t.db.kysely.selectFrom('user').select(['role', 'branch', 'semester']).where('id', '=', id).executeTakeFirst();
  const seatsOf = (userId: string) =>
    t.db.kysely.selectFrom('class_rep_seat').select(['branch_id', 'semester']).where('user_id', '=', userId).execute();
  const pageZeroOf = (resourceId: string) =>
    t.db.kysely.selectFrom('resource_page').select('body').where('resource_id', '=', resourceId).where('page', '=', 0).executeTakeFirst();
  const auditCount = async () =>
    Number((await t.db.kysely.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('an upload whose processing job cannot be written leaves no resource, no page 0 and no file', async () => {
    const cr = await member(t, 'CR', { branch: 'cse', semester: 3 });
    const before = await storedFiles(t);
    const res = await whileInsertsFail('processing_job', () => upload(t, cr.cookie, { fields: { subject: 'Rolled Back' } }));
    expect(res.statusCode, res.body).toBe(500);
    expect(await t.db.kysely.selectFrom('resource').select('id').where('subject', '=', 'Rolled Back').execute()).toEqual([]);
    expect(await t.db.kysely.selectFrom('resource_page').select('resource_id').where('body', 'like', '%Rolled Back%').execute()).toEqual([]);
    expect(await storedFiles(t)).toEqual(before);
  });

  it("a promotion to CR whose audit entry cannot be written takes no seat and keeps the student's role", async () => {
    const admin = await member(t, 'ADMIN', { branch: 'cse', semester: 1 });
    const student = await member(t, 'STUDENT', { branch: 'cse', semester: 5 });
    const res = await whileInsertsFail('audit_log', () => t.api.patch(`/api/admin/users/${student.user.id}/role`, { role: 'CR' }, { as: admin }));
    expect(res.statusCode, res.body).toBe(500);
    expect(await seatsOf(student.user.id)).toEqual([]);
    expect(await userRow(student.user.id)).toMatchObject({ role: 'STUDENT' });
  });

  it("a CR's class change whose audit entry cannot be written keeps the old seat and class", async () => {
    const cr = await member(t, 'CR', { branch: 'cse', semester: 6 });
    const body = { name: 'Moved Nowhere', branch: 'it', semester: '6', session: '2024-25' };
    const res = await whileInsertsFail('audit_log', () => t.api.patch('/api/account/profile', body, { as: cr }));
    expect(res.statusCode, res.body).toBe(500);
    expect(await seatsOf(cr.user.id)).toEqual([{ branch_id: 'cse', semester: 6 }]);
    expect(await userRow(cr.user.id)).toMatchObject({ role: 'CR', branch: 'cse', semester: 6 });
  });

  it('a self-deletion whose audit entry cannot be written keeps the account, its seat and its sessions', async () => {
    const cr = await member(t, 'CR', { branch: 'it', semester: 2 });
    const res = await whileInsertsFail('audit_log', () => t.api.request('DELETE', '/api/account', { password: PASSWORD }, { as: cr }));
    expect(res.statusCode, res.body).toBe(500);
    expect(await userRow(cr.user.id)).toMatchObject({ role: 'CR' });
    expect(await seatsOf(cr.user.id)).toEqual([{ branch_id: 'it', semester: 2 }]);
    expect((await t.api.get('/api/auth/me', { as: cr })).json().user).toMatchObject({ id: cr.user.id });
    expect((await login(t.app, cr.email)).cookie).toBeTruthy();
  });

  it("an admin's deletion or retitling of a resource whose audit entry cannot be written changes nothing", async () => {
    const admin = await member(t, 'ADMIN', { branch: 'cse', semester: 1 });
    const uploaded = await upload(t, admin.cookie, { fields: { subject: 'Kept Subject', title: 'Kept title' } });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { id } = uploaded.json().resource as { id: string };
    const pageZero = await pageZeroOf(id);
    expect(pageZero?.body).toContain('Kept title');
    const files = await storedFiles(t);
    const audits = await auditCount();

    const retitled = await whileInsertsFail('audit_log', () => t.api.patch(`/api/resources/${id}`, { title: 'Never saved' }, { as: admin }));
    expect(retitled.statusCode, retitled.body).toBe(500);
    expect(await t.db.kysely.selectFrom('resource').select('title').where('id', '=', id).executeTakeFirst()).toEqual({ title: 'Kept title' });
    expect(await pageZeroOf(id)).toEqual(pageZero);

    const deleted = await whileInsertsFail('audit_log', () => t.api.delete(`/api/resources/${id}`, { as: admin }));
    expect(deleted.statusCode, deleted.body).toBe(500);
    expect(await t.db.kysely.selectFrom('resource').select('id').where('id', '=', id).execute()).toEqual([{ id }]);
    expect(await pageZeroOf(id)).toEqual(pageZero);
    expect(await t.db.kysely.selectFrom('processing_job').select('resource_id').where('resource_id', '=', id).execute()).toHaveLength(1);
    expect(await storedFiles(t)).toEqual(files);
    expect(await auditCount()).toBe(audits);
  });

  it("a report's status change, a decline and an abbreviation whose audit entry cannot be written change nothing", async () => {
    const admin = await member(t, 'ADMIN', { branch: 'cse', semester: 1 });
    const student = await member(t, 'STUDENT', { branch: 'cse', semester: 7 });

    const report = await postReport(t, student.cookie);
    expect(report.statusCode, report.body).toBe(201);
    const reportId = report.json().report.id as string;
    const moved = await whileInsertsFail('audit_log', () => t.api.patch(`/api/reports/${reportId}/status`, { status: 'resolved' }, { as: admin }));
    expect(moved.statusCode, moved.body).toBe(500);
    expect(await t.db.kysely.selectFrom('issue_report').select('status').where('id', '=', reportId).executeTakeFirst()).toEqual({ status: 'open' });

    const asked = await t.api.post('/api/requests', { ...REQUEST_BODY, semester: '7', subject: 'Rollback Theory' }, { as: student });
    expect(asked.statusCode, asked.body).toBe(201);
    const requestId = asked.json().request.id as string;
    const declined = await whileInsertsFail('audit_log', () =>
      t.api.post(`/api/requests/${requestId}/decline`, { reason: 'Not taught this year' }, { as: admin }),
    );
    expect(declined.statusCode, declined.body).toBe(500);
    expect(await t.db.kysely.selectFrom('resource_request').select(['status', 'decline_reason']).where('id', '=', requestId).executeTakeFirst()).toEqual({
      status: 'open',
      decline_reason: null,
    });

    const saved = await whileInsertsFail('audit_log', () => t.api.put('/api/admin/aliases', { alias: 'RBT', subject: 'Rollback Theory' }, { as: admin }));
    expect(saved.statusCode, saved.body).toBe(500);
    expect(await t.db.kysely.selectFrom('subject_alias').select('alias').where('alias', '=', 'RBT').execute()).toEqual([]);
  });
});

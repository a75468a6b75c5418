import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD, enrolTwoFactor, login } from './helpers/accounts.js';
import { signedIn, upload } from './helpers/resources.js';
import { postgresStatementsDuring, statementsDuring } from './helpers/statements.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

type Session = Awaited<ReturnType<typeof signedIn>>;
interface Listed {
  id: string;
  title: string;
  downloads: number;
  uploader: string | null;
  uploadedByName?: string | null;
}

/**
 * Issue 15: a browse answer is remembered while the database is unchanged (resource-list.ts;
 * Db.writeVersion: SQLite's change counters, PostgreSQL's snapshot), and the session behind a
 * cookie is read on every request. Each answer is read twice before a change here, so the second read is
 * the one a memo answers; after the change the very next request must show it.
 */
describe(`remembered browse answers and sessions are never stale (${testDialect})`, () => {
  let t: TestApp;
  let cora: Session;
  let bela: Session;
  let classmate: Session;
  let outsider: Session;
  let admin: Session;
  let ownId: string;

  beforeAll(async () => {
    t = await createTestApp();
    // Two CRs and a student of CSE semester 3, a student of IT semester 5, an admin.
    cora = await signedIn(t, 'CR', 'Cora Rep');
    bela = await signedIn(t, 'CR', 'Bela Rep');
    classmate = await signedIn(t, 'STUDENT', 'Sam Classmate');
    outsider = await signedIn(t, 'STUDENT', 'Ola Outsider', { branch: 'it', semester: 5 });
    admin = await signedIn(t, 'ADMIN', 'Asha Admin');
    const res = await upload(t, cora.cookie, { file: { name: 'cora-notes.pdf' } });
    if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
    ownId = res.json().resource.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const browse = (cookie: string) => t.api.get('/api/resources?branch=cse', { as: cookie });
  /** The list as `cookie` sees it, read twice (the second from memory where that applies); both the same. */
  async function twice(cookie: string): Promise<{ total: number; resources: Listed[] }> {
    const first = await browse(cookie);
    const second = await browse(cookie);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.body).toBe(first.body);
    return second.json();
  }
  const own = (body: { resources: Listed[] }) => body.resources.find((r) => r.id === ownId);
  /** A write from a connection of its own (the admin CLI, a restore, another instance). */
  async function writeElsewhere(statement: string, ...values: string[]): Promise<void> {
    const { database } = t.config;
    if (database.dialect !== 'sqlite') {
      const other = new pg.Client({ connectionString: database.url });
      await other.connect();
      try {
        let n = 0;
        await other.query(statement.replace(/\?/g, () => `$${++n}`), values);
      } finally {
        await other.end();
      }
      return;
    }
    const other = new SQLite(database.file);
    try {
      other.prepare(statement).run(...values);
    } finally {
      other.close();
    }
  }

  it('each viewer gets their own per-user fields, in whatever order the requests come', async () => {
    const expected: Array<[Session, string, string | undefined]> = [
      [cora, 'you', undefined],
      [classmate, 'your-cr', undefined],
      [bela, 'your-cr', undefined],
      [outsider, 'cr', undefined],
      [admin, 'cr', 'Cora Rep'],
    ];
    for (const order of [expected, [...expected].reverse(), expected]) {
      for (const [session, uploader, name] of order) {
        const mine = own(await twice(session.cookie))!;
        expect(mine.uploader, session.user.name).toBe(uploader);
        expect(mine.uploadedByName, session.user.name).toBe(name);
        if (!name) expect(mine, session.user.name).not.toHaveProperty('uploadedByName');
      }
    }
  });

  it('a download, a new title, an upload and a delete show in the next answer', async () => {
    const before = await twice(classmate.cookie);
    const downloaded = await t.api.post(`/api/resources/${ownId}/download`, undefined, { as: outsider });
    expect(downloaded.statusCode, downloaded.body).toBe(200);
    expect(own((await browse(classmate.cookie)).json())!.downloads).toBe(own(before)!.downloads + 1);

    await twice(classmate.cookie);
    const retitled = await t.api.patch(`/api/resources/${ownId}`, { title: 'Cora, retitled' }, { as: cora });
    expect(retitled.statusCode, retitled.body).toBe(200);
    expect(own((await browse(classmate.cookie)).json())!.title).toBe('Cora, retitled');

    await twice(classmate.cookie);
    const added = await upload(t, bela.cookie, { file: { name: 'bela-notes.pdf' } });
    expect(added.statusCode, added.body).toBe(201);
    const afterUpload = (await browse(classmate.cookie)).json();
    expect(afterUpload.total).toBe(before.total + 1);
    expect(afterUpload.resources[0].id).toBe(added.json().resource.id);

    await twice(classmate.cookie);
    const removed = await t.api.delete(`/api/resources/${added.json().resource.id}`, { as: admin });
    expect(removed.statusCode, removed.body).toBe(200);
    const afterDelete = (await browse(classmate.cookie)).json();
    expect(afterDelete.total).toBe(before.total);
    expect(afterDelete.resources.map((r: Listed) => r.id)).not.toContain(added.json().resource.id);
  });

  it('search answers too: each viewer gets their own, and a download shows in the next one', async () => {
    const search = async (cookie: string) => {
      const first = await t.api.get('/api/resources?q=cora', { as: cookie });
      const second = await t.api.get('/api/resources?q=cora', { as: cookie });
      expect(second.body, first.body).toBe(first.body);
      return own(second.json())!;
    };
    expect((await search(cora.cookie)).uploader).toBe('you');
    expect((await search(bela.cookie)).uploader).toBe('your-cr');
    expect((await search(admin.cookie)).uploadedByName).toBe('Cora Rep');
    const before = (await search(outsider.cookie)).downloads;
    const downloaded = await t.api.post(`/api/resources/${ownId}/download`, undefined, { as: bela });
    expect(downloaded.statusCode, downloaded.body).toBe(200);
    expect((await search(outsider.cookie)).downloads).toBe(before + 1);
  });

  it("a viewer's new class and an uploader's new role show in the next answer", async () => {
    expect(own(await twice(classmate.cookie))!.uploader).toBe('your-cr');
    const moved = await t.api.patch('/api/account/profile', { name: 'Sam Classmate', branch: 'it', semester: 5, session: '2024-25' }, { as: classmate });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(own((await browse(classmate.cookie)).json())!.uploader).toBe('cr');

    // Cora stops being a CR: her uploads no longer say who she was.
    expect(own(await twice(outsider.cookie))!.uploader).toBe('cr');
    const demoted = await t.api.patch(`/api/admin/users/${cora.user.id}/role`, { role: 'STUDENT' }, { as: admin });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(own((await browse(outsider.cookie)).json())!.uploader).toBeNull();
    const restored = await t.api.patch(`/api/admin/users/${cora.user.id}/role`, { role: 'CR' }, { as: admin });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(own((await browse(outsider.cookie)).json())!.uploader).toBe('cr');
  });

  it('a role given to the viewer counts on their next request, also when another process writes it', async () => {
    const student = await signedIn(t, 'STUDENT', 'Vik Viewer', { branch: 'me', semester: 4 });
    // Two-factor sign-in on before the promotion: an admin without it is sent to set it up first (decision 055).
    const viewer = { ...student, cookie: (await enrolTwoFactor(t.app, student.user.email, PASSWORD, student.cookie)).cookie };
    expect(own(await twice(viewer.cookie))).not.toHaveProperty('uploadedByName');
    await writeElsewhere(`update "user" set role = 'ADMIN' where id = ?`, viewer.user.id);
    expect(own((await browse(viewer.cookie)).json())!.uploadedByName).toBe('Cora Rep');
  });

  it('after logout, a deletion or a password change the old cookie is refused at once', async () => {
    const leaving = await signedIn(t, 'STUDENT', 'Lea Leaving');
    await twice(leaving.cookie);
    const out = await t.api.post('/api/auth/logout', undefined, { as: leaving.cookie, headers: { origin: t.config.publicUrl } });
    expect(out.statusCode, out.body).toBeLessThan(300);
    expect((await browse(leaving.cookie)).statusCode).toBe(401);

    const deleted = await signedIn(t, 'STUDENT', 'Del Deleted');
    await twice(deleted.cookie);
    const gone = await t.api.delete(`/api/admin/users/${deleted.user.id}`, { as: admin });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await browse(deleted.cookie)).statusCode).toBe(401);

    // Two browsers of one user; the password is changed in the first, the second is signed out.
    const changer = await signedIn(t, 'STUDENT', 'Pat Password');
    const { cookie: secondBrowser } = await login(t.app, changer.user.email);
    await twice(changer.cookie);
    await twice(secondBrowser);
    const changed = await t.api.post(
      '/api/account/password',
      { currentPassword: PASSWORD, newPassword: 'Lantern-harbor-7-quilt', confirmPassword: 'Lantern-harbor-7-quilt' },
      { as: changer.cookie },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await browse(secondBrowser)).statusCode).toBe(401);
  });

  it.runIf(testDialect === 'sqlite')('a remembered browse or search answer reads nothing of the library', async () => {
    for (const url of ['/api/resources?branch=cse', '/api/resources?q=cora']) {
      await t.api.get(url, { as: classmate.cookie });
      let res: Awaited<ReturnType<typeof browse>> | undefined;
      const ran = await statementsDuring(async () => (res = await t.api.get(url, { as: classmate.cookie })));
      expect(res!.statusCode, res!.body).toBe(200);
      // The session is read on every request (better-auth); the answer is not.
      expect(ran.filter((text) => /"resource|resource_page/.test(text)), url).toEqual([]);
    }
  });

  /**
   * Runs `during` with Db.writeVersion pinned to one new value: every commit in the cluster moves
   * the real snapshot (the other test projects write to it too), which would make a remembered
   * answer read again at random.
   */
  async function withPinnedVersion<T>(during: () => Promise<T>, version = `pinned ${Date.now()} ${Math.random()}`): Promise<T> {
    const pinned = vi.spyOn(t.db, 'writeVersion').mockResolvedValue(version);
    try {
      return await during();
    } finally {
      pinned.mockRestore();
    }
  }

  it.runIf(testDialect === 'postgres')('a remembered browse or search answer reads nothing of the library while the version holds', async () => {
    await withPinnedVersion(async () => {
      for (const url of ['/api/resources?branch=cse', '/api/resources?q=cora']) {
        expect((await t.api.get(url, { as: classmate.cookie })).statusCode).toBe(200);
        let res: Awaited<ReturnType<typeof browse>> | undefined;
        const ran = await postgresStatementsDuring(async () => (res = await t.api.get(url, { as: classmate.cookie })));
        expect(res!.statusCode, res!.body).toBe(200);
        // The session is read on every request (better-auth); the answer is not.
        expect(ran.filter((text) => /"resource|resource_page/.test(text)), url).toEqual([]);
      }
    });
  });

  it.runIf(testDialect === 'postgres')('the version needs no connection of the pool that searches hold', async () => {
    let ended = 0;
    const holds = Array.from({ length: 10 }, () => sql`select pg_sleep(1.5)`.execute(t.db.kysely).then(() => ended++));
    try {
      expect(await t.db.writeVersion()).toEqual(expect.any(String));
      expect(ended, 'the version waited for a connection of the main pool').toBe(0);
    } finally {
      await Promise.all(holds);
    }
  });

  it.runIf(testDialect === 'postgres')('the snapshot moves when a write commits, in this process or another', async () => {
    const before = await t.db.writeVersion();
    await t.db.kysely.transaction().execute(async (trx) => {
      await sql`update "user" set name = name where id = ${classmate.user.id}`.execute(trx);
    });
    const after = await t.db.writeVersion();
    expect(before).toEqual(expect.any(String));
    expect(after).not.toBe(before);
    await writeElsewhere(`update "user" set name = name where id = ?`, classmate.user.id);
    expect(await t.db.writeVersion()).not.toBe(after);
  });

  it('a session ended by another process (the admin CLI, another instance) is refused at once', async () => {
    const ended = await signedIn(t, 'STUDENT', 'Eli Ended');
    await twice(ended.cookie);
    await writeElsewhere('delete from session where "userId" = ?', ended.user.id);
    expect((await browse(ended.cookie)).statusCode).toBe(401);
  });
});

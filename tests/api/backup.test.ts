import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSnapshot } from '../../src/cli/snapshot/create-snapshot.js';
import { restoreSnapshot } from '../../src/cli/snapshot/restore-snapshot.js';
import { loadStorageLayout } from '../../src/server/config.js';
import { makePdf } from '../support/pdf-fixture.js';
import { login, PASSWORD } from './helpers/accounts.js';
import { signedIn, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** An app on `t`'s instance with a few accounts and uploaded files. */
async function populate(t: TestApp) {
  const cr = await signedIn(t, 'CR', 'Backup Rep');
  const student = await signedIn(t, 'STUDENT', 'Backup Student');
  const files = [makePdf({ text: 'first', exactBytes: 200_000 }), makePdf({ text: 'second', pages: 3 })];
  const ids: string[] = [];
  for (const bytes of files) {
    const res = await upload(t, cr.cookie, { file: { bytes } });
    expect(res.statusCode).toBe(201);
    ids.push(res.json().resource.id);
  }
  return { emails: [cr.user.email, student.user.email], files, ids, cookie: cr.cookie };
}

describe.runIf(testDialect === 'sqlite')('backup and restore (SQLite + local files)', () => {
  it('round-trips a populated instance backed up while it runs: accounts log in, files download byte-identical', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const data = await populate(t);
    const snapshot = path.join(await tempDir('studyshelf-backup-'), 'snap');

    // While the app is up and writing: a failed login lands in the database during the copy.
    const [manifest] = await Promise.all([
      createSnapshot(t.config, snapshot),
      t.api.post('/api/auth/login', { email: data.emails[1], password: 'Wrong1pass' }),
    ]);
    expect(manifest.entries.map((e) => e.path)).toEqual(expect.arrayContaining(['database.sqlite', 'auth-secret']));
    expect(manifest.entries.filter((e) => e.path.startsWith('files/'))).toHaveLength(2);
    for (const entry of manifest.entries) expect(entry.sha256).toMatch(/^[0-9a-f]{64}$/);

    const restoredDir = path.join(await tempDir('studyshelf-restored-'), 'data');
    await restoreSnapshot(loadStorageLayout({ DATA_DIR: restoredDir }), snapshot);
    expect(await readFile(path.join(restoredDir, 'auth-secret'), 'utf8')).toBe(await readFile(path.join(t.dataDir, 'auth-secret'), 'utf8'));

    const restored = await createTestApp({ DATA_DIR: restoredDir });
    cleanups.push(() => restored.close());
    for (const email of data.emails) await login(restored.app, email, PASSWORD);
    // Same secret: a session made before the backup is still valid.
    const me = await restored.api.get('/api/auth/me', { as: data });
    expect(me.json().user?.email).toBe(data.emails[0]);
    for (const [i, id] of data.ids.entries()) {
      const res = await restored.api.get(`/api/resources/${id}/file`, { as: data });
      expect(res.statusCode).toBe(200);
      expect(Buffer.compare(res.rawPayload, data.files[i]!)).toBe(0);
    }
  });

  it('refuses a snapshot with one corrupted byte and writes nothing', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    await populate(t);
    const snapshot = path.join(await tempDir('studyshelf-backup-'), 'snap');
    const manifest = await createSnapshot(t.config, snapshot);
    const victim = manifest.entries.find((e) => e.path.startsWith('files/'))!;
    const file = path.join(snapshot, ...victim.path.split('/'));
    const bytes = await readFile(file);
    bytes[bytes.length >> 1]! ^= 0x01;
    await writeFile(file, bytes);

    const target = path.join(await tempDir('studyshelf-restored-'), 'data');
    await expect(restoreSnapshot(loadStorageLayout({ DATA_DIR: target }), snapshot)).rejects.toThrow(`${victim.path}: checksum does not match`);
    await expect(readdir(target)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses to restore into a DATA_DIR that is not empty, and to back up into a non-empty folder', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const snapshot = path.join(await tempDir('studyshelf-backup-'), 'snap');
    await createSnapshot(t.config, snapshot);
    await expect(restoreSnapshot(t.config, snapshot)).rejects.toThrow(/is not empty/);
    await expect(createSnapshot(t.config, snapshot)).rejects.toThrow(/is not empty/);
  });
});

describe.runIf(testDialect === 'postgres')('backup on PostgreSQL', () => {
  it('says it handles SQLite + local files and names pg_dump', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const out = path.join(await tempDir('studyshelf-backup-'), 'snap');
    await expect(createSnapshot(t.config, out)).rejects.toThrow(/SQLite in DATA_DIR[\s\S]*pg_dump/);
  });
});

import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, storedFiles, upload } from './helpers/resources.js';
import { createTestApp, testDialect, testStorage, type TestApp } from './helpers/test-app.js';

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

/**
 * DATA_DIR holds password hashes, reset tokens, the auth secret and every upload: nothing in it
 * is readable by other users of the machine, whatever the umask (issue 12, finding 9).
 */
describe(`private data folder (${testDialect})`, () => {
  let parent: string;
  let dataDir: string;
  let t: TestApp;
  let previousUmask: number;

  beforeAll(async () => {
    // The laxest common umask: files would be 0644 and folders 0755 unless the app says otherwise.
    previousUmask = process.umask(0o022);
    parent = await mkdtemp(path.join(tmpdir(), 'studyshelf-perm-'));
    dataDir = path.join(parent, 'fresh', 'data');
    t = await createTestApp({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(parent, { recursive: true, force: true });
    process.umask(previousUmask);
  });

  it('creates DATA_DIR 0700 and the auth secret 0600', async () => {
    expect((await modeOf(dataDir)).toString(8)).toBe('700');
    expect((await modeOf(path.join(dataDir, 'auth-secret'))).toString(8)).toBe('600');
  });

  it.runIf(testDialect === 'sqlite')('keeps the SQLite file and its -wal and -shm 0600', async () => {
    const file = path.join(dataDir, 'studyshelf.sqlite');
    for (const f of [file, `${file}-wal`, `${file}-shm`]) expect((await modeOf(f)).toString(8), f).toBe('600');
  });

  it.runIf(testStorage === 'local')('stores uploaded files 0600 in folders 0700', async () => {
    const cr = await signedIn(t, 'CR');
    const res = await upload(t, cr.cookie);
    expect(res.statusCode, res.body).toBe(201);
    const files = await storedFiles(t);
    expect(files).toHaveLength(1);
    const root = path.join(dataDir, 'files');
    const stored = path.join(root, files[0]!);
    expect((await modeOf(stored)).toString(8)).toBe('600');
    expect((await modeOf(root)).toString(8)).toBe('700');
    expect((await modeOf(path.dirname(stored))).toString(8)).toBe('700');
    expect((await modeOf(path.join(root, '.incoming'))).toString(8)).toBe('700');
  });
});

/** An install made before DATA_DIR was private: the next start tightens what it finds. */
describe(`private data folder of an older install (${testDialect})`, () => {
  it('tightens a DATA_DIR left 0755 with its auth secret and SQLite file 0644', async () => {
    const parent = await mkdtemp(path.join(tmpdir(), 'studyshelf-perm-old-'));
    const dataDir = path.join(parent, 'data');
    await mkdir(dataDir, { mode: 0o755 });
    await chmod(dataDir, 0o755);
    const secret = path.join(dataDir, 'auth-secret');
    await writeFile(secret, 's'.repeat(48) + '\n');
    await chmod(secret, 0o644);
    const sqliteFile = path.join(dataDir, 'studyshelf.sqlite');
    if (testDialect === 'sqlite') {
      await writeFile(sqliteFile, '');
      await chmod(sqliteFile, 0o644);
    }
    const t = await createTestApp({ DATA_DIR: dataDir });
    try {
      expect((await modeOf(dataDir)).toString(8)).toBe('700');
      expect((await modeOf(secret)).toString(8)).toBe('600');
      if (testDialect === 'sqlite') expect((await modeOf(sqliteFile)).toString(8)).toBe('600');
    } finally {
      await t.close();
      await rm(parent, { recursive: true, force: true });
    }
  });
});

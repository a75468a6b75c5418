import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { createDb } from '../../src/server/db/database.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { createPostgresDatabase } from './helpers/test-database.js';
import { testDialect } from './helpers/test-app.js';

const DOMAIN = 'prod-uni.edu';

/** A fresh DATA_DIR (and PostgreSQL database on that leg) for one start of the built server. */
async function freshInstall() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'studyshelf-prod-'));
  const postgres = testDialect === 'postgres' ? await createPostgresDatabase() : undefined;
  const env = { DATA_DIR: dataDir, INSTITUTION_EMAIL_DOMAIN: DOMAIN, ...(postgres ? { DATABASE_URL: postgres.url } : {}) };
  return {
    env,
    dataDir,
    async userEmails() {
      const db = createDb(loadConfig(env).database);
      try {
        return (await db.kysely.selectFrom('user').select('email').execute()).map((u) => u.email);
      } finally {
        await db.close();
      }
    },
    async remove() {
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function loginStatus(server: ServerProcess, email: string, password: string) {
  const res = await fetch(`${server.origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, rememberMe: false }),
  });
  return res.status;
}

describe(`start-up of the built server: demo data and production (${testDialect})`, () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('never seeds demo accounts on a production server unless DEMO_DATA=true is given', async () => {
    const install = await freshInstall();
    cleanups.push(() => install.remove());
    const server = await startServerProcess({ ...install.env, NODE_ENV: 'production', PUBLIC_URL: 'https://shelf.prod-uni.edu' });
    cleanups.push(() => server.stop());
    // The README's old published password, and any other, opens nothing: there is no account.
    expect(await loginStatus(server, `admin@${DOMAIN}`, 'ShelfAdmin2024')).toBe(401);
    await server.stop();
    expect(await install.userEmails()).toEqual([]);
    await expect(stat(path.join(install.dataDir, 'demo-accounts.txt'))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(server.output()).not.toMatch(/Demo accounts/);
    // What the go-live checklist (docs/deploy.md) still lacks is printed, one line each.
    expect(server.output()).toMatch(/Production checklist \(docs\/deploy\.md\): \d+ item\(s\) to fix before going live:/);
    expect(server.output()).toMatch(/^ {2}- SMTP_URL is not set/m);
    expect(server.output()).toMatch(/^ {2}- TRUST_PROXY is not set/m);
    expect(server.output()).toMatch(/^ {2}- METRICS_TOKEN is not set/m);
  });

  it('an https PUBLIC_URL alone counts as production', async () => {
    const install = await freshInstall();
    cleanups.push(() => install.remove());
    const server = await startServerProcess({ ...install.env, PUBLIC_URL: 'https://shelf.prod-uni.edu', DEMO_DATA: '' });
    cleanups.push(() => server.stop());
    await server.stop();
    expect(await install.userEmails()).toEqual([]);
  });

  it('seeds with random passwords, kept in a 0600 file, and warns loudly when DEMO_DATA=true is forced in production', async () => {
    const install = await freshInstall();
    cleanups.push(() => install.remove());
    const server = await startServerProcess(
      { ...install.env, NODE_ENV: 'production', DEMO_DATA: 'true', LOG_LEVEL: 'warn' },
      { readyTimeoutMs: 180_000 },
    );
    cleanups.push(() => server.stop());
    expect(server.output()).toMatch(/WARNING: DEMO_DATA=true on a production server/);
    expect(server.output()).toMatch(/^ {2}- DEMO_DATA is on/m);
    const file = path.join(install.dataDir, 'demo-accounts.txt');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const accounts = (await readFile(file, 'utf8'))
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => line.trim().split(/\s+/));
    expect(accounts.map(([role, email]) => `${role} ${email}`)).toEqual([
      `ADMIN admin@${DOMAIN}`,
      `CR cr@${DOMAIN}`,
      `STUDENT student@${DOMAIN}`,
    ]);
    // The console showed the same passwords once; the published ones do not work.
    for (const [, email, password] of accounts) expect(server.output()).toContain(`${email}`.padEnd(32) + ` ${password}`);
    expect(await loginStatus(server, `admin@${DOMAIN}`, 'ShelfAdmin2024')).toBe(401);
    expect(await loginStatus(server, accounts[0]![1]!, accounts[0]![2]!)).toBe(200);
  });
});

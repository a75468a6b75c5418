import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { productionWarnings } from './production-checklist.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'studyshelf-checklist-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const SECRET = 's'.repeat(40);
const config = (env: Record<string, string>) => productionWarnings(loadConfig({ DATA_DIR: dataDir, ...env }));
const READY = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://notes.example.edu',
  SMTP_URL: 'smtp://mail.example.edu:587',
  TRUST_PROXY: '127.0.0.1',
  DEMO_DATA: 'false',
  METRICS_TOKEN: 'm'.repeat(24),
  AUTH_SECRET: SECRET,
};

describe('production start-up checklist', () => {
  it('says nothing outside production (no NODE_ENV=production, http PUBLIC_URL)', () => {
    expect(config({})).toEqual([]);
  });

  it('says nothing when everything on the checklist is set', () => {
    expect(config(READY)).toEqual([]);
    expect(config({ ...READY, NODE_ENV: '', DATABASE_URL: 'postgres://app@db/shelf' })).toEqual([]);
  });

  it('treats an https PUBLIC_URL as production even without NODE_ENV', () => {
    expect(config({ PUBLIC_URL: 'https://notes.example.edu' }).length).toBeGreaterThan(0);
  });

  it.each([
    ['no SMTP_URL', { SMTP_URL: '' }, /SMTP_URL is not set/],
    ['PUBLIC_URL not https', { PUBLIC_URL: 'http://notes.example.edu' }, /PUBLIC_URL \(http:\/\/notes\.example\.edu\) is not https/],
    ['TRUST_PROXY unset behind TLS', { TRUST_PROXY: '' }, /TRUST_PROXY is not set/],
    ['TRUST_PROXY=true on a public HOST', { TRUST_PROXY: 'true', HOST: '0.0.0.0' }, /TRUST_PROXY=true believes/],
    ['HOST beyond the proxy', { HOST: '0.0.0.0' }, /HOST=0\.0\.0\.0 listens beyond this machine/],
    ['DEMO_DATA on', { DEMO_DATA: 'true' }, /DEMO_DATA is on/],
    ['no AUTH_SECRET with PostgreSQL', { AUTH_SECRET: '', DATABASE_URL: 'postgres://app@db/shelf' }, /AUTH_SECRET is not set/],
    ['no METRICS_TOKEN', { METRICS_TOKEN: '' }, /METRICS_TOKEN is not set/],
  ])('%s', (_what, change, message) => {
    const warnings = config({ ...READY, ...change });
    expect(warnings.some((w) => message.test(w))).toBe(true);
  });

  it('warns about TRUST_PROXY=true on any HOST, in production or not, naming the proxy\'s address', () => {
    // Behind the documented nginx (HOST=127.0.0.1), `true` believes the address a client wrote
    // into X-Forwarded-For itself: login throttling and rate limits never see the real one.
    for (const env of [{ ...READY, TRUST_PROXY: 'true' }, { TRUST_PROXY: 'true' }]) {
      const warnings = config(env);
      expect(warnings, JSON.stringify(env)).toHaveLength(1);
      expect(warnings[0]).toMatch(/^TRUST_PROXY=true /);
      expect(warnings[0]).toMatch(/choose its own address/);
      expect(warnings[0]).toContain('TRUST_PROXY=127.0.0.1');
    }
  });

  it('does not ask for AUTH_SECRET on a single SQLite instance', () => {
    expect(config({ ...READY, AUTH_SECRET: '' })).toEqual([]);
  });
});

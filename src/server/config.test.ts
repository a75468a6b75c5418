import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const tempDataDir = () => mkdtempSync(path.join(tmpdir(), 'studyshelf-config-'));

describe('loadConfig', () => {
  it('gives the documented defaults: SQLite and local files under DATA_DIR, port 3000', () => {
    const dataDir = tempDataDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicUrl).toBe('http://127.0.0.1:3000');
    expect(config.database).toEqual({ dialect: 'sqlite', file: path.join(dataDir, 'studyshelf.sqlite') });
    expect(config.storage).toEqual({ driver: 'local', root: path.join(dataDir, 'files') });
    expect(config.maxUploadMb).toBe(20);
    expect(config.maxCrsPerClass).toBe(2);
    expect(config.demoData).toBe(true);
    expect(config.trustProxy).toBe(false);
    expect(config.smtpUrl).toBeUndefined();
    expect(config.public.productName).toBe('StudyShelf');
  });

  it('generates the auth secret once, keeps it private in DATA_DIR, and reuses it', () => {
    const dataDir = tempDataDir();
    const first = loadConfig({ DATA_DIR: dataDir }).authSecret;
    const file = path.join(dataDir, 'auth-secret');
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(first);
  });

  it('uses a given AUTH_SECRET without writing one', () => {
    const secret = 'x'.repeat(40);
    expect(loadConfig({ DATA_DIR: tempDataDir(), AUTH_SECRET: secret }).authSecret).toBe(secret);
  });

  it('reads product, institution, limits and a PostgreSQL URL', () => {
    const config = loadConfig({
      DATA_DIR: tempDataDir(),
      PORT: '8080',
      PUBLIC_URL: 'https://notes.example.edu/',
      DATABASE_URL: 'postgres://app@db:5432/shelf',
      PRODUCT_NAME: 'NoteNest',
      INSTITUTION_EMAIL_DOMAIN: 'Uni.Example.EDU',
      MAX_UPLOAD_MB: '50',
      MAX_CRS_PER_CLASS: '3',
      MIN_FREE_DISK_MB: '512',
      DEMO_DATA: 'false',
      TRUST_PROXY: '10.0.0.1, 192.168.0.0/16',
    });
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('https://notes.example.edu');
    expect(config.database).toEqual({ dialect: 'postgres', url: 'postgres://app@db:5432/shelf' });
    expect(config.public.productName).toBe('NoteNest');
    expect(config.public.institutionEmailDomain).toBe('uni.example.edu');
    expect(config.public.maxUploadMb).toBe(50);
    expect(config.maxCrsPerClass).toBe(3);
    expect(config.minFreeDiskBytes).toBe(512 * 1024 * 1024);
    expect(config.demoData).toBe(false);
    expect(config.trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16']);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATA_DIR: tempDataDir(), PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it.each([
    ['PORT', 'abc', /^Invalid configuration: PORT expected a whole number between 1 and 65535 \(got "abc"\)$/],
    ['PORT', '70000', /PORT expected a whole number/],
    ['MIN_FREE_DISK_MB', '-5', /MIN_FREE_DISK_MB expected a whole number/],
    ['DATABASE_URL', 'mysql://x', /^Invalid configuration: DATABASE_URL expected a URL such as postgres:/],
    ['INSTITUTION_EMAIL_DOMAIN', 'uni .edu', /INSTITUTION_EMAIL_DOMAIN expected a bare e-mail domain/],
    ['INSTITUTION_EMAIL_DOMAIN', '@uni.edu', /INSTITUTION_EMAIL_DOMAIN/],
    ['PUBLIC_URL', 'notes.example.edu', /PUBLIC_URL expected a URL/],
    ['SMTP_URL', 'http://mail', /SMTP_URL/],
    ['AUTH_SECRET', 'short', /AUTH_SECRET must be at least 32 characters/],
    ['MAX_UPLOAD_MB', '0', /MAX_UPLOAD_MB/],
    ['DEMO_DATA', 'maybe', /DEMO_DATA expected true or false/],
    ['TRUST_PROXY', 'sometimes', /TRUST_PROXY/],
    ['TRUST_PROXY', '2', /TRUST_PROXY expected true, false, or a comma-separated list/],
    ['STORAGE_URL', 's3://bucket', /STORAGE_URL s3:\/\/ storage is not available/],
    ['PRODUCT_NAME', '   ', /PRODUCT_NAME must not be empty/],
  ])('refuses %s=%j with one line naming the variable', (key, value, message) => {
    const attempt = () => loadConfig({ DATA_DIR: tempDataDir(), [key]: value });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(message);
    try {
      attempt();
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });
});

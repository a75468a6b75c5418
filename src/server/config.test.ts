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
    expect(config.academicYearsShown).toBe(5);
    expect(config.public.academicYearsShown).toBe(5);
    expect(config.unverifiedAccountTtlHours).toBe(48);
    expect(config.demoData).toBe(true);
    expect(config.trustProxy).toBe(false);
    expect(config.smtpUrl).toBeUndefined();
    expect(config.public.productName).toBe('StudyShelf');
    // better-auth's own scrypt cost; only the API tests' helper lowers it.
    expect(config.passwordHashing).toEqual({ N: 16384, r: 16, p: 1 });
  });

  it('reads the term calendar: July/January by default, the real date unless TERM_CALENDAR_TODAY fixes it outside production', () => {
    const dataDir = tempDataDir();
    const plain = loadConfig({ DATA_DIR: dataDir });
    expect(plain.termCalendar.startMonths).toEqual([7, 1]);
    expect(Math.abs(plain.termCalendar.today().getTime() - Date.now())).toBeLessThan(5_000);
    const fixed = loadConfig({ DATA_DIR: dataDir, TERM_START_MONTHS: '8, 2', TERM_CALENDAR_TODAY: '2027-01-15' });
    expect(fixed.termCalendar.startMonths).toEqual([8, 2]);
    expect(fixed.termCalendar.today().toISOString().slice(0, 10)).toBe('2027-01-15');
    expect(() => loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', TERM_CALENDAR_TODAY: '2027-01-15' })).toThrow(/TERM_CALENDAR_TODAY fixes the date/);
  });

  it('seeds demo data by default only outside production; NODE_ENV=production or an https PUBLIC_URL turns it off', () => {
    const dataDir = tempDataDir();
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({ production: false, demoData: true, demoDataForcedInProduction: false });
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' })).toMatchObject({ production: true, demoData: false });
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://notes.example.edu' })).toMatchObject({ production: true, demoData: false });
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', DEMO_DATA: 'true' })).toMatchObject({
      demoData: true,
      demoDataForcedInProduction: true,
    });
    expect(loadConfig({ DATA_DIR: dataDir, DEMO_DATA: 'false' }).demoData).toBe(false);
  });

  it('reads s3:// storage with its endpoint, region and prefix, and the key pair from the AWS variables', () => {
    const config = loadConfig({
      DATA_DIR: tempDataDir(),
      STORAGE_URL: 's3://studyshelf/college-a?endpoint=http://127.0.0.1:9000&region=eu-west-1',
      AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG',
    });
    expect(config.storage).toEqual({
      driver: 's3',
      bucket: 'studyshelf',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
      prefix: 'college-a',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG' },
    });
    const aws = loadConfig({
      DATA_DIR: tempDataDir(),
      STORAGE_URL: 's3://studyshelf',
      AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'secret',
      AWS_SESSION_TOKEN: 'token',
    }).storage;
    expect(aws).toEqual({
      driver: 's3',
      bucket: 'studyshelf',
      region: 'us-east-1',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret', sessionToken: 'token' },
    });
    expect(loadConfig({ DATA_DIR: tempDataDir(), STORAGE_URL: 'file:///srv/files' }).storage).toEqual({ driver: 'local', root: '/srv/files' });
  });

  it('hands files on disk to the proxy with FILE_HANDOFF_PREFIX (group-readable), never files in a bucket', () => {
    expect(loadConfig({ DATA_DIR: tempDataDir() }).fileHandoffPrefix).toBeUndefined();
    const handed = loadConfig({ DATA_DIR: tempDataDir(), STORAGE_URL: 'file:///srv/files', FILE_HANDOFF_PREFIX: '/_files/' });
    expect(handed.fileHandoffPrefix).toBe('/_files/');
    expect(handed.storage).toEqual({ driver: 'local', root: '/srv/files', groupReadable: true });
    expect(() => loadConfig({ DATA_DIR: tempDataDir(), FILE_HANDOFF_PREFIX: '_files' })).toThrow(
      /^Invalid configuration: FILE_HANDOFF_PREFIX expected a path such as \/_files\/ \(starts and ends with \/\) \(got "_files"\)$/,
    );
    const bucket = { DATA_DIR: tempDataDir(), STORAGE_URL: 's3://shelf', AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE', AWS_SECRET_ACCESS_KEY: 'secret' };
    expect(() => loadConfig({ ...bucket, FILE_HANDOFF_PREFIX: '/_files/' })).toThrow(/FILE_HANDOFF_PREFIX hands files on disk to the proxy/);
  });

  it('never prints a secret back, even a malformed one', () => {
    const attempt = () => loadConfig({ DATA_DIR: tempDataDir(), AWS_SECRET_ACCESS_KEY: 'x'.repeat(300) });
    expect(attempt).toThrow(/^Invalid configuration: AWS_SECRET_ACCESS_KEY must be at most 256 characters$/);
  });

  it('reads the PDF check limits, with defaults of 2 at once, 256 MB and 20 s', () => {
    expect(loadConfig({ DATA_DIR: tempDataDir() }).pdfCheck).toEqual({ concurrency: 2, memoryMb: 384, timeoutMs: 20_000 });
    const config = loadConfig({ DATA_DIR: tempDataDir(), PDF_CHECK_CONCURRENCY: '4', PDF_CHECK_MEMORY_MB: '512', PDF_CHECK_TIMEOUT_S: '30' });
    expect(config.pdfCheck).toEqual({ concurrency: 4, memoryMb: 512, timeoutMs: 30_000 });
    expect(() => loadConfig({ DATA_DIR: tempDataDir(), PDF_CHECK_MEMORY_MB: '0' })).toThrow(/PDF_CHECK_MEMORY_MB/);
  });

  it("reads batch upload's header OCR: on by default, one strip at a time, four waiting", () => {
    expect(loadConfig({ DATA_DIR: tempDataDir() }).headerOcr).toEqual({ enabled: true, concurrency: 1, queue: 4, timeoutMs: 15_000, memoryMb: 384, perUser: { max: 120, windowMs: 600_000 } });
    const config = loadConfig({ DATA_DIR: tempDataDir(), HEADER_OCR: 'off', HEADER_OCR_CONCURRENCY: '2', HEADER_OCR_TIMEOUT_S: '5', HEADER_OCR_MEMORY_MB: '256' });
    expect(config.headerOcr).toEqual({ enabled: false, concurrency: 2, queue: 8, timeoutMs: 5_000, memoryMb: 256, perUser: { max: 120, windowMs: 600_000 } });
    expect(() => loadConfig({ DATA_DIR: tempDataDir(), HEADER_OCR: 'auto' })).toThrow(/HEADER_OCR expected on or off/);
  });

  it('reads the processing settings: OCR on by default, one resource at a time, with limits', () => {
    expect(loadConfig({ DATA_DIR: tempDataDir() }).processing).toEqual({
      ocr: 'auto',
      concurrency: 1,
      timeoutMs: 300_000,
      memoryMb: 512,
      leaseGraceMs: 60_000,
      ocrPagesPerPass: 10,
      pageImagePages: 50,
    });
    const config = loadConfig({
      DATA_DIR: tempDataDir(),
      OCR: 'off',
      PROCESSING_CONCURRENCY: '2',
      PROCESSING_TIMEOUT_S: '60',
      PROCESSING_MEMORY_MB: '256',
      PROCESSING_LEASE_GRACE_S: '5',
      OCR_PAGES_PER_PASS: '3',
      PAGE_IMAGE_PAGES: '0',
    });
    expect(config.processing).toEqual({ ocr: 'off', concurrency: 2, timeoutMs: 60_000, memoryMb: 256, leaseGraceMs: 5_000, ocrPagesPerPass: 3, pageImagePages: 0 });
    expect(() => loadConfig({ DATA_DIR: tempDataDir(), PAGE_IMAGE_PAGES: 'many' })).toThrow(/PAGE_IMAGE_PAGES/);
    expect(() => loadConfig({ DATA_DIR: tempDataDir(), PROCESSING_LEASE_GRACE_S: '0' })).toThrow(/PROCESSING_LEASE_GRACE_S/);
    expect(() => loadConfig({ DATA_DIR: tempDataDir(), OCR_PAGES_PER_PASS: '0' })).toThrow(/OCR_PAGES_PER_PASS/);
    expect(() => loadConfig({ DATA_DIR: tempDataDir(), OCR: 'sometimes' })).toThrow(/OCR expected auto or off/);
    // 0: this instance processes nothing (another one does); more than 16 or not a number is refused.
    expect(loadConfig({ DATA_DIR: tempDataDir(), PROCESSING_CONCURRENCY: '0' }).processing.concurrency).toBe(0);
    expect(() => loadConfig({ DATA_DIR: tempDataDir(), PROCESSING_CONCURRENCY: '17' })).toThrow(/PROCESSING_CONCURRENCY/);
    expect(() => loadConfig({ DATA_DIR: tempDataDir(), PROCESSING_CONCURRENCY: '-1' })).toThrow(/PROCESSING_CONCURRENCY/);
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
      ACADEMIC_YEARS_SHOWN: '8',
      FIRST_ACADEMIC_YEAR: '2012',
      EXAMS: ' Minor 1, Minor 2 ,Major,, Major ',
      UNVERIFIED_ACCOUNT_TTL_HOURS: '72',
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
    expect(config.academicYearsShown).toBe(8);
    expect(config.public.academicYearsShown).toBe(8);
    expect(config.public.firstAcademicYear).toBe(2012);
    expect(config.public.exams).toEqual(['Minor 1', 'Minor 2', 'Major']);
    expect(loadConfig({ DATA_DIR: tempDataDir() }).public).toMatchObject({ firstAcademicYear: 2008, exams: ['Mid-sem 1', 'Mid-sem 2', 'End-sem', 'Supplementary', 'Class test', 'Quiz'] });
    expect(config.unverifiedAccountTtlHours).toBe(72);
    expect(config.minFreeDiskBytes).toBe(512 * 1024 * 1024);
    expect(config.demoData).toBe(false);
    expect(config.trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16']);
  });

  it('reads DEMO_DATA as 1/0, true/false, yes/no or on/off in any case, and URLs with spaces around', () => {
    const demoData = (value: string) => loadConfig({ DATA_DIR: tempDataDir(), DEMO_DATA: value }).demoData;
    expect(['1', 'true', ' Yes ', 'ON'].map(demoData)).toEqual([true, true, true, true]);
    expect(['0', 'FALSE', 'no', ' off'].map(demoData)).toEqual([false, false, false, false]);
    expect(() => demoData('y')).toThrow(/DEMO_DATA expected true or false/);
    const config = loadConfig({ DATA_DIR: tempDataDir(), DATABASE_URL: ' postgresql://app@db/shelf ' });
    expect(config.database).toEqual({ dialect: 'postgres', url: 'postgresql://app@db/shelf' });
    expect(() => loadConfig({ DATA_DIR: tempDataDir(), PUBLIC_URL: 'ftp://notes.example.edu' })).toThrow(/PUBLIC_URL expected a URL such as https:\/\/notes.example.edu/);
  });

  it('reads REQUIRE_2FA_FOR as admin (the default) or admin,cr, and refuses anything else', () => {
    expect(loadConfig({ DATA_DIR: tempDataDir() }).require2faFor).toEqual(['ADMIN']);
    expect(loadConfig({ DATA_DIR: tempDataDir(), REQUIRE_2FA_FOR: 'admin,cr' }).require2faFor).toEqual(['ADMIN', 'CR']);
    expect(() => loadConfig({ DATA_DIR: tempDataDir(), REQUIRE_2FA_FOR: 'none' })).toThrow(/REQUIRE_2FA_FOR.*expected admin or admin,cr/);
  });

  it('reads CLIENT_PLACE_HEADER as a header name, only behind a trusted proxy', () => {
    expect(loadConfig({ DATA_DIR: tempDataDir() }).clientPlaceHeader).toBeUndefined();
    expect(loadConfig({ DATA_DIR: tempDataDir(), TRUST_PROXY: 'true', CLIENT_PLACE_HEADER: 'CF-IPCountry' }).clientPlaceHeader).toBe('cf-ipcountry');
    expect(() => loadConfig({ DATA_DIR: tempDataDir(), CLIENT_PLACE_HEADER: 'cf-ipcountry' })).toThrow(/CLIENT_PLACE_HEADER is read from a trusted proxy only/);
    expect(() => loadConfig({ DATA_DIR: tempDataDir(), TRUST_PROXY: 'true', CLIENT_PLACE_HEADER: 'x: y' })).toThrow(/CLIENT_PLACE_HEADER expected a header name/);
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
    ['ACADEMIC_YEARS_SHOWN', '0', /ACADEMIC_YEARS_SHOWN expected a whole number between 1 and 30/],
    ['DEMO_DATA', 'maybe', /DEMO_DATA expected true or false/],
    ['FIRST_ACADEMIC_YEAR', '08', /FIRST_ACADEMIC_YEAR expected a year such as 2008/],
    ['EXAMS', ' , ', /EXAMS expected 1 to 12 names/],
    ['TRUST_PROXY', 'sometimes', /TRUST_PROXY/],
    ['TRUST_PROXY', '2', /TRUST_PROXY expected true, false, or a comma-separated list/],
    ['STORAGE_URL', 'ftp://files', /^Invalid configuration: STORAGE_URL expected file:\/\/\/path or s3:\/\/bucket\?endpoint=/],
    ['STORAGE_URL', 's3://My_Bucket', /STORAGE_URL expected a bucket name/],
    ['STORAGE_URL', 's3://bucket?regoin=eu-west-1', /STORAGE_URL has unknown parameter regoin/],
    ['STORAGE_URL', 's3://bucket?endpoint=minio:9000', /STORAGE_URL endpoint expected http\(s\):\/\/host:port/],
    ['STORAGE_URL', 's3://key:secret@bucket', /STORAGE_URL must not hold credentials/],
    ['STORAGE_URL', 's3://bucket', /STORAGE_URL s3:\/\/ needs AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/],
    ['PRODUCT_NAME', '   ', /PRODUCT_NAME must not be empty/],
    ['TERM_START_MONTHS', '7,7', /TERM_START_MONTHS expected two different months 1-12/],
    ['TERM_START_MONTHS', '13,1', /TERM_START_MONTHS expected two different months/],
    ['TERM_CALENDAR_TODAY', '2027-13-01', /TERM_CALENDAR_TODAY expected a date such as 2027-01-15/],
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

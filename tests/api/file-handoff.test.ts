import { stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxInstalled, startNginx, type TestNginx } from '../support/nginx.js';
import { makePdf } from '../support/pdf-fixture.js';
import { freePort } from '../support/server-process.js';
import { signedIn, storedFilePath, upload } from './helpers/resources.js';
import { createTestApp, testStorage, type TestApp } from './helpers/test-app.js';

/**
 * FILE_HANDOFF_PREFIX (docs/decisions/021): the app checks who may read a file and names it in
 * X-Accel-Redirect; nginx, in front as docs/deploy.md configures it, sends the bytes with
 * sendfile. Files on disk only (on S3 the bytes stream through the app), so the S3 leg skips it.
 * Runs where nginx is installed; CI always has it.
 */
const PREFIX = '/_files/';
const run = testStorage === 'local' && (nginxInstalled() || process.env.CI) ? describe : describe.skip;

run('files handed to the proxy', () => {
  let t: TestApp;
  let nginx: TestNginx;
  let cookie: string;
  let id: string;
  let key: string;
  const bytes = makePdf({ pages: 3, text: 'handed to nginx', exactBytes: 300_000 });

  beforeAll(async () => {
    t = await createTestApp({ FILE_HANDOFF_PREFIX: PREFIX });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('the app is not listening on a port');
    nginx = await startNginx(await freePort(), [`127.0.0.1:${address.port}`], {
      files: { prefix: PREFIX, root: t.config.storage.driver === 'local' ? t.config.storage.root : '' },
    });
    cookie = (await signedIn(t, 'CR')).cookie;
    const uploaded = await upload(t, cookie, { file: { name: 'Thermo unit 1.pdf', bytes } });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    id = (uploaded.json() as { resource: { id: string } }).resource.id;
    key = (await t.db.kysely.selectFrom('resource').select('file_key').where('id', '=', id).executeTakeFirstOrThrow()).file_key;
  });

  afterAll(async () => {
    await nginx?.close();
    await t?.close();
  });

  it('the app names the file and sends no bytes', async () => {
    const res = await t.api.get(`/api/resources/${id}/file`, { as: cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-accel-redirect']).toBe(`${PREFIX}${key}`);
    expect(res.rawPayload.length).toBe(0);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Thermo unit 1.pdf"');
  });

  it('through nginx: the whole file, its headers, and a byte range', async () => {
    const whole = await fetch(`${nginx.origin}/api/resources/${id}/file`, { headers: { cookie } });
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    expect(whole.headers.get('x-accel-redirect')).toBeNull();
    expect(whole.headers.get('content-type')).toBe('application/pdf');
    expect(whole.headers.get('content-disposition')).toBe('attachment; filename="Thermo unit 1.pdf"');
    expect(whole.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
    expect(whole.headers.get('cache-control')).toBe('private, max-age=86400');

    // What pdf.js asks for: 64 KiB from the middle.
    const range = await fetch(`${nginx.origin}/api/resources/${id}/file`, { headers: { cookie, range: 'bytes=100000-165535' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 100000-165535/${bytes.length}`);
    expect(Buffer.from(await range.arrayBuffer()).equals(bytes.subarray(100_000, 165_536))).toBe(true);
  });

  it('still refuses the signed-out and the unknown, and never serves the folder directly', async () => {
    const signedOut = await fetch(`${nginx.origin}/api/resources/${id}/file`);
    expect(signedOut.status).toBe(401);
    const unknown = await fetch(`${nginx.origin}/api/resources/00000000-0000-4000-8000-000000000000/file`, { headers: { cookie } });
    expect(unknown.status).toBe(404);
    // The internal location answers only redirects from the app, never a request from outside.
    const direct = await fetch(`${nginx.origin}${PREFIX}${key}`, { headers: { cookie } });
    expect(direct.status).toBe(404);
  });

  it('writes files the proxy group can read (0640 in 0750 folders), and nothing for others', async () => {
    const file = await stat(storedFilePath(t, key));
    expect(file.mode & 0o777).toBe(0o640);
    const folder = await stat(storedFilePath(t, key).replace(/\/[^/]+$/, ''));
    expect(folder.mode & 0o777).toBe(0o750);
  });
});

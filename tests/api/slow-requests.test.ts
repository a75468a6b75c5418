import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makePdf, multipartBody } from '../support/pdf-fixture.js';
import { connect, trickle, within } from './helpers/raw-socket.js';
import { resourceRows, signedIn, storedFiles, VALID_FIELDS } from './helpers/resources.js';
import { createTestApp, testDialect, testStorage, type TestApp } from './helpers/test-app.js';

/**
 * Slow clients cannot hold connections (and temporary files) open (issue 12, finding 6). The
 * limits are made small here through the config; production uses the defaults in config.ts.
 */
describe(`slow clients are cut off (${testDialect})`, () => {
  let t: TestApp;
  let port: number;
  let cr: Awaited<ReturnType<typeof signedIn>>;

  // A fresh app for each test: the cut uploads assert that no row was kept, so none may see the accepted one.
  beforeEach(async () => {
    t = await createTestApp(
      {},
      {
        adjust: (config) => ({
          ...config,
          http: {
            headersTimeoutMs: 1_000,
            requestTimeoutMs: 60_000,
            idleTimeoutMs: 30_000,
            keepAliveTimeoutMs: 500,
            minUploadRate: { bytes: 4 * 1024, windowMs: 1_000 },
          },
        }),
      },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    cr = await signedIn(t, 'CR');
  });
  afterEach(async () => {
    await t.close();
  });

  /** Stored files, asked again until the assertion holds (cleanup after a cut happens as streams close). */
  const files = () => expect.poll(() => storedFiles(t), { timeout: 15_000 });

  /** An upload's request head, its fields and the start of its file part (the body announced is 1 MB). */
  function uploadStart(filename: string) {
    const boundary = '----rawupload';
    const fields = Object.entries(VALID_FIELDS)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('');
    return (
      `POST /api/resources HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cr.cookie}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 1000000\r\n\r\n${fields}` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`
    );
  }

  it('cuts an upload sending a byte at a time with 408, leaving no file and no row', async () => {
    const conn = await connect(port);
    conn.send(uploadStart('slow.pdf'));
    // On local disk a temporary file is being written now (S3 holds no such file to look for).
    if (testStorage === 'local') await files().toContainEqual(expect.stringMatching(/^\.incoming/));
    // Then one byte every 200 ms, far below the minimum.
    const stop = trickle(conn, Array.from({ length: 200 }, () => 'x'), 200);
    try {
      expect(await within(conn.closed, 15_000)).toBe(true);
    } finally {
      stop();
    }
    expect(conn.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(conn.received()).toContain('too slow');
    await files().toEqual([]);
    expect(await resourceRows(t)).toHaveLength(0);
  });

  it('a client that goes away mid-file leaves no temporary file behind', async () => {
    const conn = await connect(port);
    conn.send(uploadStart('gone.pdf') + 'x'.repeat(64 * 1024));
    // On local disk a temporary file is being written now (S3 holds no such file to look for).
    if (testStorage === 'local') await files().toContainEqual(expect.stringMatching(/^\.incoming/));
    conn.socket.destroy();
    await files().toEqual([]);
    expect(await resourceRows(t)).toHaveLength(0);
  });

  it('cuts a JSON body trickling in, too', async () => {
    const conn = await connect(port);
    conn.send('POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"email":"');
    const stop = trickle(conn, Array.from({ length: 200 }, () => 'a'), 200);
    try {
      expect(await within(conn.closed, 15_000)).toBe(true);
    } finally {
      stop();
    }
    expect(conn.received()).toMatch(/^HTTP\/1\.1 408 /);
    // The server carries on.
    expect((await t.api.get('/healthz')).statusCode).toBe(200);
  });

  it('cuts a request whose headers never finish', async () => {
    const conn = await connect(port);
    conn.send('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const stop = trickle(conn, Array.from({ length: 200 }, (_, i) => `X-Slow-${i}: 1\r\n`), 200);
    try {
      expect(await within(conn.closed, 15_000)).toBe(true);
    } finally {
      stop();
    }
    expect(conn.received()).not.toContain('"status":"ok"');
  });

  it('closes an idle keep-alive connection', async () => {
    const conn = await connect(port);
    conn.send('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    expect(await within(conn.closed, 15_000)).toBe(true);
    expect(conn.received()).toMatch(/^HTTP\/1\.1 200 /);
  });

  // Over a real connection, as the cut uploads above: an injected request has no socket whose
  // bytes the rate check could count, so on a busy machine it was cut once its answer took 1 s.
  it('still accepts an upload sent at a normal pace', async () => {
    const { payload, headers } = multipartBody(VALID_FIELDS, { name: 'fast.pdf', bytes: makePdf({ text: 'fast enough' }) });
    const res = await fetch(`http://127.0.0.1:${port}/api/resources`, { method: 'POST', headers: { ...headers, cookie: cr.cookie }, body: new Uint8Array(payload) });
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await res.json()).resource.originalName).toBe('fast.pdf');
  });
});

import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { loggerOptions } from '../../src/server/http/logging.js';
import { DOMAIN, PASSWORD, signUpBody } from './helpers/accounts.js';
import { signedIn, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

const TOKEN = 'metrics-token-0123456789abcdef';

/** One sample's value from Prometheus text, e.g. value(text, 'x_total', '{outcome="stored"}'). */
function sample(text: string, name: string, labels = ''): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `));
  return line ? Number(line.split(' ').pop()) : 0;
}

describe(`/metrics (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN, INSTITUTION_EMAIL_DOMAIN: DOMAIN });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.api.get('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  };

  it('refuses a scrape without the token or with a wrong one', async () => {
    expect((await t.api.get('/metrics')).statusCode).toBe(401);
    const wrong = await t.api.get('/metrics', { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
  });

  it('counts requests by route pattern and status, with latency, sign-ups, failed logins, uploads and downloads', async () => {
    const before = await scrape();
    const { cookie } = await signedIn(t, 'CR');
    const stored = await upload(t, cookie);
    expect(stored.statusCode).toBe(201);
    const id = stored.json().resource.id as string;
    expect((await upload(t, cookie, { fields: { subject: '' } })).statusCode).toBe(400);
    expect((await t.api.get(`/api/resources/${id}`, { as: cookie })).statusCode).toBe(200);
    expect((await t.api.post(`/api/resources/${id}/download`, undefined, { as: cookie })).statusCode).toBe(200);
    expect((await t.api.post('/api/auth/sign-up', signUpBody())).statusCode).toBe(201);
    const bad = await t.api.post('/api/auth/login', { email: `nobody@${DOMAIN}`, password: 'Wrong1pass' });
    expect(bad.statusCode).toBe(401);
    await t.api.get('/no/such/page/12345');

    const after = await scrape();
    const delta = (name: string, labels = '') => sample(after, name, labels) - sample(before, name, labels);
    expect(delta('studyshelf_http_requests_total', '{method="GET",route="/api/resources/:id",status="200"}')).toBe(1);
    expect(delta('studyshelf_http_request_duration_seconds_count', '{method="GET",route="/api/resources/:id",status="200"}')).toBe(1);
    expect(after).toContain('studyshelf_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/resources/:id",status="200"}');
    // Never the raw URL: no id, no unmatched path in any label.
    expect(after).not.toContain(id);
    expect(after).not.toContain('/no/such/page');
    expect(delta('studyshelf_http_requests_total', '{method="GET",route="(unmatched)",status="404"}')).toBe(1);
    expect(delta('studyshelf_uploads_total', '{outcome="stored"}')).toBe(1);
    expect(delta('studyshelf_uploads_total', '{outcome="rejected"}')).toBe(1);
    expect(delta('studyshelf_downloads_total')).toBe(1);
    expect(delta('studyshelf_sign_ups_total')).toBe(1);
    expect(delta('studyshelf_login_failures_total', '{reason="invalid_credentials"}')).toBe(1);
    // The stored upload's PDF check ran as a background job.
    expect(delta('studyshelf_processing_jobs_total', '{kind="pdf_inspection",outcome="ok"}')).toBe(1);
    expect(after).toMatch(/studyshelf_processing_jobs_in_progress/);
    expect(after).toMatch(/^process_resident_memory_bytes \d/m);
    expect(after).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });
});

describe(`/metrics without a token (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers this machine only, and not through a proxy', async () => {
    const local = await t.api.get('/metrics', { remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    expect(local.body).toContain('studyshelf_http_requests_total');
    const remote = await t.api.get('/metrics', { remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json().message).toContain('METRICS_TOKEN');
    const proxied = await t.api.get('/metrics', { headers: { 'x-forwarded-for': '203.0.113.9' }, remoteAddress: '127.0.0.1' });
    expect(proxied.statusCode).toBe(403);
  });

  it('refuses a loopback connection that carries a proxy header of any kind', async () => {
    for (const remoteAddress of ['::1', '::ffff:127.0.0.1', '127.0.0.2']) {
      const local = await t.api.get('/metrics', { remoteAddress, headers: { 'user-agent': 'Prometheus/2.53', accept: 'text/plain' } });
      expect(local.statusCode, remoteAddress).toBe(200);
    }
    const headers: [string, string][] = [
      ['Via', '1.1 nginx'],
      ['X-Client-IP', '203.0.113.9'],
      ['True-Client-IP', '203.0.113.9'],
      ['CF-Connecting-IP', '203.0.113.9'],
      ['X-Forwarded-Host', 'studyshelf.example.org'],
      ['X-Forwarded-Proto', 'https'],
      ['X-Forwarded', 'for=203.0.113.9'],
      ['Forwarded-For', '203.0.113.9'],
      ['Fastly-Client-IP', '203.0.113.9'],
      ['X-Cluster-Client-IP', '203.0.113.9'],
      ['X-Original-Forwarded-For', '203.0.113.9'],
      ['Forwarded', 'for=203.0.113.9'],
      ['X-Real-IP', '203.0.113.9'],
    ];
    for (const [name, value] of headers) {
      const res = await t.api.get('/metrics', { remoteAddress: '127.0.0.1', headers: { [name]: value } });
      expect(res.statusCode, name).toBe(403);
      expect(res.json().message, name).toContain('METRICS_TOKEN');
    }
  });
});

describe(`JSON logs (${testDialect})`, () => {
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
          raw.push(line);
          lines.push(JSON.parse(line));
        }
        callback();
      },
    });
    const logger = { ...loggerOptions(loadConfig({ LOG_LEVEL: 'info', DATA_DIR: '/tmp/unused', AUTH_SECRET: 'x'.repeat(32) })), stream };
    // As a production server logs: a line as each request comes in and one as it is answered.
    t = await createTestApp({ INSTITUTION_EMAIL_DOMAIN: DOMAIN }, { logger, adjust: (config) => ({ ...config, production: true }) });
  });
  afterAll(() => t.close());
  // Each test reads only its own lines: the 'probe' line below has no request id of its own.
  beforeEach(() => {
    lines.length = 0;
    raw.length = 0;
  });

  it('gives every request line a request id, honours and echoes x-request-id', async () => {
    const res = await t.api.get('/healthz', { headers: { 'x-request-id': 'proxy-abc.123' } });
    expect(res.headers['x-request-id']).toBe('proxy-abc.123');
    const mine = lines.filter((l) => l.reqId === 'proxy-abc.123');
    expect(mine.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));

    // A header that could forge log content is replaced by a fresh id.
    const forged = await t.api.get('/healthz', { headers: { 'x-request-id': 'a\nb {"x":1}' } });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const plain = await t.api.get('/healthz');
    expect(plain.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    for (const line of lines.filter((l) => 'req' in l || 'res' in l)) expect(line.reqId).toEqual(expect.any(String));
  });

  it('never writes a password, token or cookie', async () => {
    const secretToken = 'SeCrEtToKeN0123456789';
    const cookie = 'studyshelf.session_token=CoOkIeVaLuE987654';
    const body = signUpBody();
    await t.api.post('/api/auth/sign-up', body);
    await t.api.post('/api/auth/login', { email: body.email, password: PASSWORD }, { as: cookie, headers: { authorization: 'Bearer AuThHeAdEr55555' } });
    await t.api.get(`/verify-email?token=${secretToken}&next=/x`);
    await t.api.post('/api/auth/reset-password', { token: secretToken, password: PASSWORD });
    await t.api.get(`/api/resources?q=a&Token=${secretToken}`);
    // A line logged with a whole request object still loses its credentials.
    t.app.log.info({ req: { headers: { cookie, authorization: 'Bearer AuThHeAdEr55555' } }, body: { password: PASSWORD } }, 'probe');

    const all = raw.join('\n');
    expect(all).toContain('/verify-email?token=[redacted]&next=/x');
    expect(all).toContain('probe');
    for (const secret of [secretToken, 'CoOkIeVaLuE987654', 'AuThHeAdEr55555', PASSWORD]) expect(all).not.toContain(secret);
  });

  it('logs a mail request that fails after its answer with that request id', async () => {
    // The limits' table gone: the look-up behind the answer fails once the 200 has been sent.
    await sql`drop table rate_limit_bucket`.execute(t.db.kysely);
    const res = await t.api.post('/api/auth/forgot-password', { email: `someone@${DOMAIN}` }, { headers: { 'x-request-id': 'mail-fails-1' } });
    expect(res.statusCode).toBe(200);
    await t.services.accountMails.settle();
    const failed = lines.filter((l) => l.msg === 'account mail request failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.reqId).toBe('mail-fails-1');
  });
});

describe(`request lines outside production (${testDialect})`, () => {
  async function linesOf(level: 'info' | 'debug') {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        callback();
      },
    });
    const logger = { ...loggerOptions(loadConfig({ LOG_LEVEL: level, DATA_DIR: '/tmp/unused', AUTH_SECRET: 'x'.repeat(32) })), stream };
    const t = await createTestApp({}, { logger, adjust: (config) => ({ ...config, production: false }) });
    try {
      await t.api.get('/healthz', { headers: { 'x-request-id': 'dev-line-1' } });
    } finally {
      await t.close();
    }
    return lines.filter((l) => l.reqId === 'dev-line-1');
  }

  it('are debug lines, so npm start shows the demo accounts rather than a scroll of requests', async () => {
    expect(await linesOf('info')).toEqual([]);
    const debug = await linesOf('debug');
    expect(debug.map((l) => [l.level, l.msg])).toEqual([[20, 'request completed']]);
    expect(debug[0]).toMatchObject({ req: { method: 'GET', url: '/healthz' }, res: { statusCode: 200 } });
  });
});

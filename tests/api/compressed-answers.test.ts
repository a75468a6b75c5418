import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

const decoders = { gzip: gunzipSync, br: brotliDecompressSync } as const;

/**
 * A list answer over the inline compression bound (32 KB) is compressed as a stream. The first
 * such answer after a library change is made asynchronously; it must arrive whole, not as an
 * empty 200 because Fastify sent the reply a second time when the handler's promise settled.
 */
describe(`compressed list answers over 32 KB arrive whole (${testDialect})`, () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await signedIn(t, 'ADMIN'));
    // 60 papers whose file names all hold "kinematics"; long titles make 50 cards over 32 KB.
    for (let i = 0; i < 60; i++) {
      const title = `Kinematics ${i} ${'rigid body motion and relative velocity of particles '.repeat(3)}`.slice(0, 120);
      const res = await upload(t, cookie, { fields: { title }, file: { name: `kinematics-${i}-rigid-body-motion-relative-velocity-and-particles.pdf` } });
      expect(res.statusCode, res.body).toBe(201);
    }
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  for (const encoding of ['gzip', 'br'] as const) {
    it(`the first ${encoding} answer after a change holds all 50 results, and so does the next`, async () => {
      // Each round starts after a library change, so the list is made anew (not remembered).
      const res = await upload(t, cookie, { fields: { title: `Kinematics extra ${encoding}` }, file: { name: `kinematics-${encoding}.pdf` } });
      expect(res.statusCode, res.body).toBe(201);
      for (const query of ['pageSize=50', 'q=kinematics&pageSize=50']) {
        for (const round of ['first', 'again']) {
          const answer = await t.api.get(`/api/resources?${query}`, { as: cookie, headers: { 'accept-encoding': encoding } });
          expect(answer.statusCode, `${query} ${round}`).toBe(200);
          expect(answer.headers['content-encoding']).toBe(encoding);
          expect(answer.rawPayload.length, `${query} ${round}: compressed bytes`).toBeGreaterThan(0);
          const json = decoders[encoding](answer.rawPayload);
          expect(json.length, `${query} ${round}: over the inline bound`).toBeGreaterThan(32 * 1024);
          const body = JSON.parse(json.toString('utf8')) as { resources: unknown[] };
          expect(body.resources, `${query} ${round}`).toHaveLength(50);
        }
      }
    });
  }
});

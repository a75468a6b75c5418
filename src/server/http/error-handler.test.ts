import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.js';
import { HttpError } from './http-error.js';
import { MESSAGES } from '../../shared/messages.js';
import { codeForStatus, errorBody, reasonPhrase } from './status-text.js';

/** An app whose one route throws what it is given, answered by the shared error handler. */
async function answerTo(error: unknown) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get('/', async () => {
    throw error;
  });
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return { status: res.statusCode, body: res.json() };
}

describe('error handler: every 4xx body has a message and a string code', () => {
  it("a library's error without a code gets one from its status", async () => {
    const plain = Object.assign(new Error('Too big for us'), { statusCode: 413 });
    expect(await answerTo(plain)).toEqual({
      status: 413,
      body: { statusCode: 413, error: 'Payload Too Large', message: 'Too big for us', code: 'PAYLOAD_TOO_LARGE' },
    });
  });

  it('a code that is not a string, or an empty message, is replaced too', async () => {
    const odd = Object.assign(new Error(''), { statusCode: 418, code: 42 });
    expect(await answerTo(odd)).toEqual({
      status: 418,
      body: { statusCode: 418, error: "I'm a Teapot", message: "I'm a Teapot", code: 'I_M_A_TEAPOT' },
    });
  });

  it("a library's own code is kept", async () => {
    const coded = Object.assign(new Error('Unsupported Media Type'), { statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' });
    expect((await answerTo(coded)).body).toMatchObject({ statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' });
  });

  it('an HttpError built without a code still answers with one', async () => {
    expect((await answerTo(new HttpError(409, 'Taken'))).body).toEqual({ statusCode: 409, error: 'Conflict', message: 'Taken', code: 'CONFLICT' });
  });
});

describe('error handler: 5xx', () => {
  it("answers the internal-error message under the status's own reason phrase", async () => {
    const upstream = Object.assign(new Error('socket hang up at 10.0.0.7'), { statusCode: 502 });
    expect(await answerTo(upstream)).toEqual({ status: 502, body: { statusCode: 502, error: 'Bad Gateway', message: MESSAGES.internalError } });
    expect((await answerTo(new Error('SELECT secret'))).body).toEqual({ statusCode: 500, error: 'Internal Server Error', message: MESSAGES.internalError });
  });
});

describe('status texts', () => {
  it('come from Node, with a fallback for a status it does not know', () => {
    expect([reasonPhrase(416), codeForStatus(416)]).toEqual(['Range Not Satisfiable', 'RANGE_NOT_SATISFIABLE']);
    expect([reasonPhrase(499), codeForStatus(499)]).toEqual(['Error', 'HTTP_499']);
  });

  it('errorBody names the status by its phrase and leaves out what is not given', () => {
    expect(errorBody(408, 'Too slow', { code: 'TOO_SLOW' })).toEqual({ statusCode: 408, error: 'Request Timeout', message: 'Too slow', code: 'TOO_SLOW' });
    expect(errorBody(400, 'Pick one', { code: 'VALIDATION_FAILED', field: 'semester' })).toMatchObject({ error: 'Bad Request', field: 'semester' });
    expect(Object.keys(errorBody(500, 'Oops'))).toEqual(['statusCode', 'error', 'message']);
  });
});

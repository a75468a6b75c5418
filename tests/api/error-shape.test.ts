import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_BODY, call, member } from './helpers/requests.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

/**
 * Issue 16, one error shape: a request that fails its route's schema is answered like one a
 * service refuses, { statusCode, error, message, code, field }, with the rule's own message.
 */
describe(`one error shape (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('a body field out of range: the rule\'s message, the field, VALIDATION_FAILED', async () => {
    const student = await member(t, 'STUDENT', { branch: 'cse', semester: 3 });
    const res = await t.api.patch('/api/account/profile', { name: 'Sana', branch: 'cse', semester: 9, session: '2024-25' }, { as: student });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Please enter a valid semester (1-8)!',
      code: 'VALIDATION_FAILED',
      field: 'semester',
    });
  });

  it('a new request with a semester out of range answers as the form says it', async () => {
    const student = await member(t, 'STUDENT', { branch: 'cse', semester: 3 });
    for (const semester of ['9', '0', 'three']) {
      const res = await call(t, student.cookie, 'POST', '/requests', { ...REQUEST_BODY, semester });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'Please select a semester',
        code: 'VALIDATION_FAILED',
        field: 'semester',
      });
    }
  });

  it('a nested field is named by its path joined with dots', async () => {
    const student = await member(t, 'STUDENT', { branch: 'cse', semester: 3 });
    const res = await t.api.post('/api/shelf/download', { ids: ['not-an-id'] }, { as: student });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Choose files from your shelf.',
      code: 'VALIDATION_FAILED',
      field: 'ids.0',
    });
  });

  it('a query parameter has no form field: the message names it, and field says it too', async () => {
    const student = await member(t, 'STUDENT', { branch: 'cse', semester: 3 });
    const res = await t.api.get('/api/resources?semester=9', { as: student });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'VALIDATION_FAILED', field: 'semester' });
    expect(res.json().message).toMatch(/^semester: \S/);
  });

  it.each([
    ['malformed JSON', 'application/json', '{"name": ', 400],
    ['a type no route reads', 'application/xml', '<name>Sana</name>', 415],
    ['a JSON body over the parser limit', 'application/json', JSON.stringify({ name: 'x'.repeat(3_000_000) }), 413],
  ])('a body the parser refuses (%s) still has a message and a string code', async (_case, type, payload, status) => {
    const student = await member(t, 'STUDENT', { branch: 'cse', semester: 3 });
    const res = await t.api.patch('/api/account/profile', payload, { as: student, headers: { 'content-type': type } });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ statusCode: status, message: expect.stringMatching(/\S/), code: expect.stringMatching(/^[A-Z0-9_]+$/) });
  });
});

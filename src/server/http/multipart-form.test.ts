import Fastify, { type FastifyInstance } from 'fastify';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { badRequest, HttpError } from './http-error.js';
import { multipartBodySchema, readMultipartForm, registerMultipartParser, streamedBodyValidator, type FileRules } from './multipart-form.js';

const schema = z.object({ title: z.string({ error: 'Please enter a title' }).min(1, 'Please enter a title') });
const rules: Record<string, FileRules> = {
  required: { missing: () => badRequest('Please select a file', { field: 'file' }) },
  named: { field: { name: 'shot', wrongName: () => badRequest('The file goes in "shot"', { field: 'shot' }) } },
};

type Part = { name: string; value: string } | { name: string; filename: string; content: string };
const BOUNDARY = 'x-test-boundary';

function formBody(parts: Part[]): string {
  const lines = parts.map((part) =>
    'filename' in part
      ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n${part.content}\r\n`
      : `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
  );
  return `${lines.join('')}--${BOUNDARY}--\r\n`;
}

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await registerMultipartParser(app, { fileSize: 1000, files: 1, fields: 5, fieldSize: 100, parts: 6 });
  app.post<{ Params: { rules: string } }>('/:rules', async (request) => {
    try {
      const form = await readMultipartForm(request, schema, rules[request.params.rules]);
      return { fields: form.fields, file: form.file ? { filename: form.file.filename, content: await text(form.file.stream) } : null };
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return { refused: { status: error.statusCode, message: error.message, field: error.field, code: error.code } };
    }
  });
  await app.ready();
});

afterAll(() => app.close());

const post = async (path: string, parts: Part[]) => {
  const response = await app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: formBody(parts),
  });
  return response.json();
};

describe('readMultipartForm', () => {
  it('checks the fields before the file, takes the first of a repeated field, and hands over the file', async () => {
    const body = await post('/required', [
      { name: 'title', value: 'Notes' },
      { name: 'title', value: 'ignored' },
      { name: 'file', filename: 'a%22b.pdf', content: 'bytes' },
    ]);
    expect(body).toEqual({ fields: { title: 'Notes' }, file: { filename: 'a"b.pdf', content: 'bytes' } });
  });

  it('does not read fields sent after the file: the schema asks for them', async () => {
    const body = await post('/required', [
      { name: 'file', filename: 'a.pdf', content: 'bytes' },
      { name: 'title', value: 'Notes' },
    ]);
    expect(body.refused).toEqual({ status: 400, message: 'Please enter a title', field: 'title', code: 'VALIDATION_FAILED' });
  });

  it("refuses a form without a file with the caller's error, before its fields", async () => {
    const body = await post('/required', [{ name: 'other', value: 'x' }]);
    expect(body.refused).toMatchObject({ status: 400, message: 'Please select a file', field: 'file' });
  });

  it('reads every field of a form whose file is optional and absent; an empty file input is no file', async () => {
    expect(await post('/named', [{ name: 'title', value: 'Bug' }])).toEqual({ fields: { title: 'Bug' }, file: null });
    expect(
      await post('/named', [
        { name: 'shot', filename: '', content: '' },
        { name: 'title', value: 'Bug' },
      ]),
    ).toEqual({ fields: { title: 'Bug' }, file: null });
  });

  it("refuses a file under another name than the rules' one", async () => {
    const body = await post('/named', [
      { name: 'title', value: 'Bug' },
      { name: 'file', filename: 'a.png', content: 'png' },
    ]);
    expect(body.refused).toMatchObject({ status: 400, message: 'The file goes in "shot"', field: 'shot' });
  });

  it('refuses a NUL in the fields before the file', async () => {
    const body = await post('/required', [
      { name: 'title', value: 'a\u0000b' },
      { name: 'file', filename: 'a.pdf', content: 'bytes' },
    ]);
    expect(body.refused).toMatchObject({ status: 400, code: 'INVALID_CHARACTERS' });
  });
});

describe('a multipart route schema', () => {
  it('is the fields plus the file part; the validator leaves the streamed body alone but checks params', () => {
    const body = multipartBodySchema(schema, { name: 'shot', description: 'A screenshot', optional: true });
    expect(Object.keys(body.shape)).toEqual(['title', 'shot']);
    const params = z.object({ id: z.uuid('Unknown id') });
    const checkBody = streamedBodyValidator({ schema: body, method: 'POST', url: '/x', httpPart: 'body' });
    const checkParams = streamedBodyValidator({ schema: params, method: 'POST', url: '/x/:id', httpPart: 'params' });
    expect(checkBody(null)).toBe(true);
    expect(checkBody({ not: 'the fields' })).toBe(true);
    expect(checkParams({ id: 'nope' })).toMatchObject({ error: expect.anything() });
  });
});

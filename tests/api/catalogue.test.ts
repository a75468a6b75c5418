import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BRANCHES } from '../../src/shared/catalogue.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

describe(`catalogue API (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the six branches in display order with their fields', async () => {
    const res = await t.api.get('/api/catalogue/branches');
    expect(res.statusCode).toBe(200);
    const { branches } = res.json();
    expect(branches.map((b: { id: string }) => b.id)).toEqual(['cse', 'it', 'ee', 'ece', 'me', 'ce']);
    expect(branches[0]).toEqual({
      id: 'cse',
      shortName: 'CSE',
      name: 'Computer Science',
      description: DEFAULT_BRANCHES[0]!.description,
    });
    expect(branches.map((b: { shortName: string; name: string }) => `${b.shortName} ${b.name}`)).toEqual([
      'CSE Computer Science',
      'IT Information Technology',
      'EE Electrical',
      'ECE Electronics',
      'ME Mechanical',
      'CE Civil',
    ]);
  });

  it('lists the subjects of one branch and semester in catalogue order', async () => {
    const res = await t.api.get('/api/catalogue/subjects?branch=cse&semester=3');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      subjects: [
        { branchId: 'cse', semester: 3, name: 'Data Structures' },
        { branchId: 'cse', semester: 3, name: 'Algorithms' },
      ],
    });
  });

  it('has two subjects per semester for cse and it, and none yet for other branches', async () => {
    const all = (await t.api.get('/api/catalogue/subjects')).json().subjects;
    expect(all).toHaveLength(32);
    const it8 = (await t.api.get('/api/catalogue/subjects?branch=it&semester=8')).json();
    expect(it8.subjects.map((s: { name: string }) => s.name)).toEqual(['Cyber Security', 'Blockchain']);
    const me = (await t.api.get('/api/catalogue/subjects?branch=me')).json();
    expect(me.subjects).toEqual([]);
  });

  it.each([
    ['semester=9', 'semester'],
    ['semester=0', 'semester'],
    ['semester=two', 'semester'],
    ['branch=CSE%20', 'branch'],
  ])('refuses a bad query (%s) with a 400 naming the field', async (query, field) => {
    const res = await t.api.get(`/api/catalogue/subjects?${query}`);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.statusCode).toBe(400);
    expect(body.message).toContain(field);
  });

  it('answers an unknown API path with JSON 404, never the web page', async () => {
    const res = await t.api.get('/api/does-not-exist', { headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('documents the catalogue in OpenAPI at /api/docs', async () => {
    const spec = await t.api.get('/api/docs/json');
    expect(spec.statusCode).toBe(200);
    const doc = spec.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/catalogue/branches', '/api/catalogue/subjects']),
    );
    const ui = await t.api.get('/api/docs');
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });
});

describe(`catalogue data (${testDialect})`, () => {
  it('serves branches from the database, so an added row is listed', async () => {
    const t = await createTestApp();
    try {
      await t.db.kysely
        .insertInto('branch')
        .values({ id: 'aero', name: 'Aerospace', short_name: 'AE', description: 'Flight.', sort_order: 7 })
        .execute();
      const res = await t.api.get('/api/catalogue/branches');
      expect(res.json().branches.at(-1)).toEqual({
        id: 'aero',
        name: 'Aerospace',
        shortName: 'AE',
        description: 'Flight.',
      });
    } finally {
      await t.close();
    }
  });
});

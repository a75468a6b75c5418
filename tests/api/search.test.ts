import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchIndexRepository } from '../../src/server/modules/search/search-index.repository.js';
import { signedIn, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';
import { testClock } from './helpers/test-clock.js';

type Session = Awaited<ReturnType<typeof signedIn>>;

interface Paper {
  key: string;
  subject: string;
  branch: string;
  semester: number;
  resourceType: 'NOTES' | 'PYQ';
  file: string;
  /** Text of pages 1..N, as processing would write it. */
  pages: string[];
}

const FILLER = 'Answer any five questions. All questions carry equal marks. Assume suitable data wherever necessary.';

/** Uploaded in this order, so the newest is the last. */
const PAPERS: Paper[] = [
  {
    key: 'DS',
    subject: 'Data Structures',
    branch: 'cse',
    semester: 3,
    resourceType: 'PYQ',
    file: 'ds_endsem.pdf',
    pages: [FILLER, 'Explain stacks and queues with examples.', 'Describe the merge sort algorithm and derive its complexity. Implement Dijkstra shortest path.'],
  },
  {
    key: 'OS',
    subject: 'Operating Systems',
    branch: 'it',
    semester: 5,
    resourceType: 'NOTES',
    file: 'os-notes.pdf',
    pages: ['Process scheduling: merge the ready queues, then sort them by priority.', 'The Dijkstra banker algorithm for deadlock avoidance.'],
  },
  {
    key: 'ALGO',
    subject: 'Design and Analysis of Algorithms',
    branch: 'cse',
    semester: 4,
    resourceType: 'NOTES',
    file: 'daa.pdf',
    pages: ['Greedy algorithms. Heap heap heap: building a heap, heap sort, the heap property, a binary heap and a heap of heaps.'],
  },
  {
    key: 'MATH',
    subject: 'Engineering Mathematics',
    branch: 'cse',
    semester: 2,
    resourceType: 'PYQ',
    file: 'maths.pdf',
    pages: ['Laplace transform of periodic functions. Show that a heap of sand forms a cone. Fourier series and the Laplace inverse.'],
  },
  {
    key: 'PHY',
    subject: 'Physics',
    branch: 'ee',
    semester: 1,
    resourceType: 'NOTES',
    file: 'physics.pdf',
    pages: ['Квантовая механика и теория относительности. Θερμοδυναμική και εντροπία. الخوارزميات والبيانات. 数据 结构 与 算法 वे हमें बेहतर मनुष्य बनाते हैं।',
      // Chinese and Japanese as they are written: no spaces between words.
      '数据结构与算法是计算机科学的基础。東京大学の入学試験問題。'],
  },
  {
    key: 'EVS',
    subject: 'Environmental Studies',
    branch: 'ce',
    semester: 2,
    resourceType: 'NOTES',
    file: 'evs.pdf',
    pages: ['Ecosystems, biodiversity and pollution control.'],
  },
];

describe(`full-text search (${testDialect})`, () => {
  let t: TestApp;
  let student: Session;
  let admin: Session;
  const idOf: Record<string, string> = {};
  const keyOf: Record<string, string> = {};

  /** A fresh app with PAPERS uploaded and indexed, an admin and a student. */
  async function library() {
    const clock = testClock();
    const app = await createTestApp({}, { clock: clock.now });
    const lib = {
      t: app,
      admin: await signedIn(app, 'ADMIN', 'Asha Admin'),
      student: await signedIn(app, 'STUDENT', 'Sita Student'),
      idOf: {} as Record<string, string>,
      keyOf: {} as Record<string, string>,
    };
    const index = new SearchIndexRepository(app.db.kysely, app.db.dialect);
    for (const paper of PAPERS) {
      const res = await upload(app, lib.admin.cookie, {
        file: { name: paper.file },
        fields: { subject: paper.subject, branch: paper.branch, semester: String(paper.semester), resourceType: paper.resourceType },
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().resource.id as string;
      lib.idOf[paper.key] = id;
      lib.keyOf[id] = paper.key;
      await index.replacePages(id, paper.pages.map((body, i) => ({ page: i + 1, body, ocr: false })));
      // Distinct creation times, so "newest" is the upload order reversed.
      clock.advance();
    }
    return lib;
  }

  beforeAll(async () => {
    const lib = await library();
    ({ t, admin, student } = lib);
    Object.assign(idOf, lib.idOf);
    Object.assign(keyOf, lib.keyOf);
  });

  afterAll(async () => {
    await t?.close();
  });

  const get = (query: Record<string, string>, cookie = student.cookie) =>
    t.api.get(`/api/resources?${new URLSearchParams(query)}`, { as: cookie });

  async function search(q: string, extra: Record<string, string> = {}) {
    const res = await get({ q, ...extra });
    expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
    return res.json() as {
      resources: Array<{ id: string; hit?: { page: number; snippet: Array<{ text: string; match: boolean }> } }>;
      terms?: string[];
      total: number;
    };
  }
  const keys = async (q: string, extra: Record<string, string> = {}) => (await search(q, extra)).resources.map((r) => keyOf[r.id]);
  const sortedKeys = async (q: string, extra: Record<string, string> = {}) => (await keys(q, extra)).sort();

  it('finds a phrase on page 3 with its page, a snippet with the words flagged, and the terms', async () => {
    const body = await search('"merge sort"');
    expect(body.resources.map((r) => keyOf[r.id])).toEqual(['DS']);
    expect(body.total).toBe(1);
    const hit = body.resources[0]!.hit!;
    expect(hit.page).toBe(3);
    const matched = hit.snippet.filter((p) => p.match).map((p) => p.text.toLowerCase());
    expect(matched.join(' ')).toContain('merge');
    expect(matched.join(' ')).toContain('sort');
    expect(hit.snippet.map((p) => p.text).join('')).toContain('algorithm');
    // Never markup, never the private-use markers.
    expect(JSON.stringify(hit.snippet)).not.toMatch(/<b>|\ue000|\ue001/);
    expect(body.terms).toEqual(expect.arrayContaining(['merge', 'sort']));
  });

  it('a quoted phrase needs the words together; unquoted words may be anywhere in the page', async () => {
    expect(await keys('"merge sort"')).toEqual(['DS']);
    expect(await sortedKeys('merge sort ')).toEqual(['DS', 'OS']);
    expect(await keys('"sort merge"')).toEqual([]);
  });

  it('searches the subject and the original file name too (page 0)', async () => {
    const bySubject = await search('environmental');
    expect(bySubject.resources.map((r) => keyOf[r.id])).toEqual(['EVS']);
    expect(bySubject.resources[0]!.hit!.page).toBe(0);
    expect(await keys('endsem')).toEqual(['DS']);
  });

  it('facets narrow full-text hits', async () => {
    expect(await sortedKeys('dijkstra')).toEqual(['DS', 'OS']);
    expect(await keys('dijkstra', { branch: 'cse' })).toEqual(['DS']);
    expect(await keys('dijkstra', { semester: '5' })).toEqual(['OS']);
    expect(await keys('dijkstra', { resourceType: 'PYQ', course: 'btech', academicYear: '2024-25' })).toEqual(['DS']);
    expect(await keys('dijkstra', { branch: 'ee' })).toEqual([]);
  });

  it('word forms: "sorting" finds "sort", "queue" finds "queues"', async () => {
    expect(await sortedKeys('sorting ')).toEqual(['ALGO', 'DS', 'OS']);
    expect(await sortedKeys('queue ')).toEqual(['DS', 'OS']);
  });

  it('the last word is a prefix while typing, a whole word after a space', async () => {
    expect(await sortedKeys('dijk')).toEqual(['DS', 'OS']);
    expect(await keys('dijk ')).toEqual([]);
    expect(await keys('laplace trans')).toEqual(['MATH']);
  });

  it('an abbreviation finds its subject', async () => {
    expect(await keys('dsa')).toEqual(['DS']);
    expect(await keys('DSA ')).toEqual(['DS']);
    expect(await keys('daa heap')).toEqual(['ALGO']);
  });

  it('a one-letter typo still finds the paper, in the text and in the subject', async () => {
    expect(await keys('algoritms')).toContain('ALGO');
    expect(await keys('dijkstar ')).toEqual(expect.arrayContaining(['DS', 'OS']));
    expect(await keys('enviromental')).toEqual(['EVS']);
    const body = await search('laplase');
    expect(body.resources.map((r) => keyOf[r.id])).toEqual(['MATH']);
    expect(body.terms).toContain('laplace');
  });

  it('finds Cyrillic, Greek, Arabic and Devanagari words', async () => {
    expect(await keys('механика')).toEqual(['PHY']);
    // OCR now reads Hindi scans (issue 35); vowel signs and virama are marks (\p{M}) inside words.
    expect(await keys('मनुष्य')).toEqual(['PHY']);
    expect(await keys('बेहतर मनुष्य')).toEqual(['PHY']);
    expect(await keys('Θερμοδυναμική')).toEqual(['PHY']);
    expect(await keys('εντροπία')).toEqual(['PHY']);
    expect(await keys('الخوارزميات')).toEqual(['PHY']);
    expect(await keys('数据')).toEqual(['PHY']);
  });

  it('finds CJK words inside runs written without spaces, with the run shown unspaced', async () => {
    expect(await keys('结构')).toEqual(['PHY']);
    expect(await keys('入学試験')).toEqual(['PHY']);
    // The characters of a query run must be adjacent and in order.
    expect(await keys('构数')).toEqual([]);
    const body = await search('计算机');
    expect(body.resources.map((r) => keyOf[r.id])).toEqual(['PHY']);
    const hit = body.resources[0]!.hit!;
    expect(hit.page).toBe(2);
    // PostgreSQL's ts_headline also marks a lone 算 (in 算法): it marks words, not phrases.
    expect(hit.snippet.filter((p) => p.match).map((p) => p.text)).toContain('计算机');
    // Context around the match, without the spaces the index holds between the characters.
    expect(hit.snippet.map((p) => p.text).join('')).toContain('算法是计算机');
    expect(body.terms).toEqual(['计算机']);
  });

  it('ranks the paper that mentions a word many times above the one that mentions it once', async () => {
    expect(await keys('heap')).toEqual(['ALGO', 'MATH']);
    // An explicit sort still applies to a search.
    expect(await keys('heap', { sort: 'newest' })).toEqual(['MATH', 'ALGO']);
    expect(await keys('heap', { sort: 'relevance' })).toEqual(['ALGO', 'MATH']);
  });

  it('pages through search results with the total', async () => {
    const first = await search('dijkstra', { pageSize: '1', sort: 'newest' });
    const second = await search('dijkstra', { pageSize: '1', page: '2', sort: 'newest' });
    const past = await search('dijkstra', { pageSize: '1', page: '3' });
    expect([first.total, second.total, past.total]).toEqual([2, 2, 2]);
    expect([...first.resources, ...second.resources].map((r) => keyOf[r.id])).toEqual(['OS', 'DS']);
    expect(past.resources).toEqual([]);
  });

  it('answers every odd input with 200: syntax of either database is only text', async () => {
    const nasty = [
      '"', '""', '"""', '"merge', 'merge"', '*', '**', 'merge*', '*merge', 'a*b', '^merge', 'NEAR(merge sort)', 'NEAR/2',
      'merge NEAR sort', 'body:merge', 'body : merge', '-merge', 'NOT merge', 'merge NOT', 'AND', 'OR', 'merge OR', 'OR merge',
      '(', ')', '(merge', 'merge)', '{body}: x', "'", "''", "'merge'", '\\', '\\\\merge', '&', '|', '!', '!merge', '&merge|sort',
      'merge & sort', 'merge <-> sort', '<->', ':*', 'merge:*', "merge:*A & !sort", '%', '_', ';', 'drop table resource;--',
      "'); drop table resource; --", '\ue000merge\ue001', '🙂', '🙂🙂 merge', '\u200b', 'ﷺ', '̈', 'x'.repeat(100),
      'a b c d e f g h i j k l m n o p q r s t', 'merge '.repeat(16).trim(), '" OR "', '"merge" "sort"', '+', '+merge', '@', '#',
      '1', '12', '1234567890', 'the', 'the of and', 'ǅ', 'İstanbul', 'ß', 'ﬁnal',
    ];
    for (const q of nasty) {
      const res = await get({ q: q.slice(0, 100) });
      expect(res.statusCode, `${JSON.stringify(q)}: ${res.body}`).toBe(200);
      expect(Array.isArray(res.json().resources)).toBe(true);
    }
    // Only punctuation: the unfiltered list.
    expect((await search('!!! ???')).total).toBe(PAPERS.length);
  });

  it('aliases: admins list, add, change and delete them; students get 403; a new alias applies to the next search', async () => {
    const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
      t.api.request(method, `/api/admin${url}`, payload, { as: cookie });

    expect((await call('GET', '/aliases', student.cookie)).statusCode).toBe(403);
    expect((await call('PUT', '/aliases', student.cookie, { alias: 'EVS', subject: 'Environmental Studies' })).statusCode).toBe(403);
    expect((await call('DELETE', '/aliases/DSA', student.cookie)).statusCode).toBe(403);
    expect((await t.api.get('/api/admin/aliases')).statusCode).toBe(401);

    const listed = await call('GET', '/aliases', admin.cookie);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().aliases).toContainEqual({ alias: 'DSA', subject: 'Data Structures' });

    expect(await keys('evs ')).toEqual(['EVS']); // only through the file name evs.pdf so far
    expect(await keys('envstd ')).toEqual([]);
    const saved = await call('PUT', '/aliases', admin.cookie, { alias: 'envstd', subject: 'Environmental Studies' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ alias: { alias: 'ENVSTD', subject: 'Environmental Studies' } });
    expect(await keys('envstd ')).toEqual(['EVS']);

    const changed = await call('PUT', '/aliases', admin.cookie, { alias: 'ENVSTD', subject: 'Engineering Mathematics' });
    expect(changed.statusCode).toBe(200);
    expect(await keys('envstd ')).toEqual(['MATH']);

    const bad = await call('PUT', '/aliases', admin.cookie, { alias: 'a b', subject: 'x' });
    expect(bad.statusCode).toBe(400);

    const removed = await call('DELETE', '/aliases/envstd', admin.cookie);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await keys('envstd ')).toEqual([]);
    expect((await call('DELETE', '/aliases/envstd', admin.cookie)).statusCode).toBe(404);

    const audit = (await call('GET', '/audit-log', admin.cookie)).json().entries as Array<{ action: string; targetId: string }>;
    expect(audit.filter((e) => e.targetId === 'ENVSTD').map((e) => e.action)).toEqual([
      'subject_alias.delete',
      'subject_alias.save',
      'subject_alias.save',
    ]);
  });

  it('text that processing writes is found at once, even right after the same search found nothing', async () => {
    expect(await keys('zygote ')).toEqual([]);
    const evs = PAPERS.find((p) => p.key === 'EVS')!;
    await new SearchIndexRepository(t.db.kysely, t.db.dialect).replacePages(idOf.EVS!, [
      ...evs.pages.map((body, i) => ({ page: i + 1, body, ocr: false })),
      { page: evs.pages.length + 1, body: 'The zygote divides by mitosis.', ocr: true },
    ]);
    const body = await search('zygote ');
    expect(body.resources.map((r) => keyOf[r.id])).toEqual(['EVS']);
    expect(body.resources[0]!.hit!.page).toBe(2);
  });

  it('documents the aliases API and the relevance sort in OpenAPI', async () => {
    const doc = (await t.api.get('/api/docs/json')).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/admin/aliases', '/api/admin/aliases/{alias}']));
    expect(JSON.stringify(doc.paths['/api/resources'])).toContain('relevance');
  });

  it('a deleted resource disappears from search', async () => {
    // A library of its own: deleting a paper would change what the other tests find.
    const { t, admin, student, idOf, keyOf } = await library();
    try {
      const keys = async (q: string) =>
        ((await t.api.get(`/api/resources?${new URLSearchParams({ q })}`, { as: student })).json().resources as Array<{ id: string }>).map(
          (r) => keyOf[r.id],
        );
      const sortedKeys = async (q: string) => (await keys(q)).sort();
      expect(await sortedKeys('dijkstra')).toEqual(['DS', 'OS']);
      const removed = await t.api.delete(`/api/resources/${idOf.OS}`, { as: admin });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(await keys('dijkstra')).toEqual(['DS']);
      expect(await keys('banker')).toEqual([]);
      const pages = await t.db.kysely.selectFrom('resource_page').select('id').where('resource_id', '=', idOf.OS!).execute();
      expect(pages).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

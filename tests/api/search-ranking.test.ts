import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from './helpers/resources.js';
import { engineScore, indexedPages, newestFirst, uploadCorpus, type CorpusDoc } from './helpers/search-corpus.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

/** Words that are none of the query words, nor share a stem or a first four letters with one. */
const FILLER = ['lecture', 'notes', 'chapter', 'review', 'exercise', 'example', 'summary', 'section', 'proof', 'lemma', 'figure', 'topic', 'week', 'homework', 'answer', 'unit'];
let fillerAt = 0;
/** A page two resources share word for word: their scores tie. */
const TWIN = 'kernel matrix lecture notes chapter review exercise example';
/** `n` filler words, each call going on where the last stopped (so pages differ). */
const f = (n: number) => Array.from({ length: n }, () => FILLER[fillerAt++ % FILLER.length]).join(' ');

/**
 * The corpus, uploaded in this order. Query words (graph, vertex, kernel, matrix, merge, sort,
 * entropy, and algorithm/algorithms/algorithmic for the prefix "algo") appear in no other form, so
 * neither stemmer can make a word the reference does not count match.
 */
const DOCS: CorpusDoc[] = [
  { key: 'dense', branch: 'cse', semester: 3, resourceType: 'NOTES', downloads: 4, pages: [`graph graph graph vertex ${f(10)}`, `${f(30)} graph`] },
  { key: 'near', branch: 'cse', semester: 3, resourceType: 'PYQ', downloads: 9, pages: [`${f(12)} graph vertex ${f(12)}`, `merge sort ${f(8)} algorithm`] },
  { key: 'far', branch: 'it', semester: 5, resourceType: 'NOTES', downloads: 1, pages: [`graph ${f(25)} vertex ${f(25)} graph ${f(25)} vertex`, `graph ${f(5)}`, `${f(3)} graph vertex`] },
  { key: 'twin-a', branch: 'cse', semester: 4, resourceType: 'NOTES', downloads: 4, pages: [TWIN, '', TWIN] },
  { key: 'twin-b', branch: 'ee', semester: 2, resourceType: 'NOTES', downloads: 0, pages: [f(3), TWIN] },
  { key: 'sorts', branch: 'cse', semester: 3, resourceType: 'NOTES', downloads: 2, pages: [`sort merge ${f(10)}`, `merge sort merge sort graph ${f(4)}`] },
  { key: 'phrase', branch: 'it', semester: 5, resourceType: 'PYQ', downloads: 7, pages: [`the merge sort algorithm ${f(20)}`, `algorithmic entropy ${f(8)}`, `merge ${f(3)} sort`] },
  { key: 'algos', branch: 'ce', semester: 1, resourceType: 'NOTES', downloads: 7, pages: [`algorithms algorithms ${f(5)}`, `algebra ${f(10)}`] },
  { key: 'algebra', branch: 'cse', semester: 3, resourceType: 'NOTES', downloads: 3, pages: [`algebra algebraic ${f(10)}`] },
  { key: 'entropy', branch: 'ee', semester: 2, resourceType: 'PYQ', downloads: 0, pages: [`entropy ${f(3)}`, `entropy entropy ${f(20)}`, f(8), `entropy ${f(1)} entropy`] },
  { key: 'cycle', branch: 'cse', semester: 4, resourceType: 'PYQ', downloads: 9, pages: [`vertex ${f(4)} graph`, 'graph vertex vertex graph'] },
  { key: 'apart', branch: 'cse', semester: 3, resourceType: 'NOTES', downloads: 2, pages: [`kernel ${f(40)}`, `matrix ${f(2)}`] },
  { key: 'mixed', branch: 'it', semester: 5, resourceType: 'NOTES', downloads: 5, pages: ['graph kernel merge sort vertex algorithm entropy matrix', f(50)] },
  { key: 'repeats', branch: 'ce', semester: 1, resourceType: 'PYQ', downloads: 1, pages: [`graph ${f(2)}`, `graph graph ${f(2)}`, `graph graph graph ${f(40)}`] },
  { key: 'blank', branch: 'cse', semester: 3, resourceType: 'NOTES', downloads: 6, pages: [f(12), f(6)] },
];

/** A query: the search box text, when a page matches it, and the same question in each engine's syntax. */
interface Query {
  q: string;
  matches(words: string[]): boolean;
  engine: { sqlite: string; postgres: string };
}

/** Every word on the page, whole (the last one typed complete: the text ends with a space). */
const words = (...ws: string[]): Query => ({
  q: `${ws.join(' ')} `,
  matches: (page) => ws.every((w) => page.includes(w)),
  engine: { sqlite: ws.map((w) => `"${w}"`).join(' AND '), postgres: ws.map((w) => `'${w}'`).join(' & ') },
});
/** The words next to each other, in order. */
const phrase = (...ws: string[]): Query => ({
  q: `"${ws.join(' ')}"`,
  matches: (page) => page.some((_, i) => ws.every((w, j) => page[i + j] === w)),
  engine: { sqlite: `"${ws.join(' ')}"`, postgres: ws.map((w) => `'${w}'`).join(' <-> ') },
});
/** A word being typed: some word on the page begins with these letters. */
const prefix = (letters: string): Query => ({
  q: letters,
  matches: (page) => page.some((w) => w.startsWith(letters)),
  engine: { sqlite: `"${letters}"*`, postgres: `'${letters}':*` },
});

interface Case {
  name: string;
  query: Query;
  params?: Record<string, string>;
}

const CASES: Case[] = [
  { name: 'one word', query: words('graph') },
  { name: 'one word, ties across and within resources', query: words('kernel') },
  { name: 'one word, repeated on several pages', query: words('entropy') },
  { name: 'two words, near or far apart', query: words('graph', 'vertex') },
  { name: 'two words, twin pages', query: words('kernel', 'matrix') },
  { name: 'two words in either order', query: words('merge', 'sort') },
  { name: 'a quoted phrase', query: phrase('merge', 'sort') },
  { name: 'a word being typed', query: prefix('algo') },
  { name: 'a word and a branch', query: words('graph'), params: { branch: 'cse' } },
  { name: 'two words, a branch and a semester', query: words('graph', 'vertex'), params: { branch: 'cse', semester: '3' } },
  { name: 'a word and a type', query: words('merge', 'sort'), params: { resourceType: 'PYQ' } },
  { name: 'a word, newest first', query: words('graph'), params: { sort: 'newest' } },
  { name: 'a word, most downloaded first', query: words('graph'), params: { sort: 'downloads' } },
  { name: 'a word being typed, most downloaded first', query: prefix('algo'), params: { sort: 'downloads' } },
  { name: 'a word, page 1 of 3 a page', query: words('graph'), params: { pageSize: '3' } },
  { name: 'a word, page 2 of 3 a page', query: words('graph'), params: { pageSize: '3', page: '2' } },
  { name: 'a word, page 3 of 3 a page', query: words('graph'), params: { pageSize: '3', page: '3' } },
  { name: 'a word, most downloaded, page 2 of 2 a page', query: words('graph'), params: { sort: 'downloads', pageSize: '2', page: '2' } },
  { name: 'a phrase, newest first, page 2 of 1 a page', query: phrase('merge', 'sort'), params: { sort: 'newest', pageSize: '1', page: '2' } },
];

interface Listed {
  id: string;
  downloads: number;
  hit?: { page: number };
}

/**
 * Search order against a brute-force reference: which resources match is decided from the text
 * written here (and checked page by page against the engine's own verdict); each matching page's
 * score is the engine's rank of that page alone (bm25 on SQLite, ts_rank_cd of the whole query on
 * PostgreSQL); a resource scores as its best page (the lowest page number on a tie), results go
 * best first, ties and the explicit sorts newest first (created_at desc, id desc).
 */
describe(`search ranking against a brute-force reference (${testDialect})`, () => {
  let t: TestApp;
  let cookie: string;
  const keyOf = new Map<string, string>();
  const docOf = new Map<string, CorpusDoc>();
  let newest: string[];
  let pages: Awaited<ReturnType<typeof indexedPages>>;

  beforeAll(async () => {
    t = await createTestApp();
    const uploader = await signedIn(t, 'ADMIN', 'Asha Admin');
    cookie = (await signedIn(t, 'STUDENT', 'Sita Student')).cookie;
    const ids = await uploadCorpus(t, uploader.cookie, DOCS);
    for (const doc of DOCS) {
      keyOf.set(ids.get(doc.key)!, doc.key);
      docOf.set(doc.key, doc);
    }
    newest = (await newestFirst(t)).map((id) => keyOf.get(id)!);
    pages = await indexedPages(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** What the reference says a request answers: every matching key in order, with its best page. */
  async function reference({ query, params = {} }: Case) {
    const best = new Map<string, { score: number; page: number }>();
    const better = (a: number, b: number) => (testDialect === 'sqlite' ? a < b : a > b);
    for (const page of pages) {
      const key = keyOf.get(page.resourceId)!;
      const matched = query.matches(page.body.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean));
      const score = await engineScore(t, page.id, query.engine);
      // The reference and the engine agree on which pages match (else the corpus has a stemming trap).
      expect(score !== undefined, `${query.q}: ${key} page ${page.page} "${page.body}"`).toBe(matched);
      if (score === undefined) continue;
      const known = best.get(key);
      if (!known || better(score, known.score) || (score === known.score && page.page < known.page)) best.set(key, { score, page: page.page });
    }
    const facets = (doc: CorpusDoc) =>
      (!params.branch || doc.branch === params.branch) &&
      (!params.semester || doc.semester === Number(params.semester)) &&
      (!params.resourceType || doc.resourceType === params.resourceType);
    const age = (key: string) => newest.indexOf(key);
    const keys = [...best.keys()].filter((key) => facets(docOf.get(key)!));
    const byScore = (a: string, b: string) => {
      const [x, y] = [best.get(a)!.score, best.get(b)!.score];
      return x === y ? 0 : better(x, y) ? -1 : 1;
    };
    const byDownloads = (a: string, b: string) => docOf.get(b)!.downloads - docOf.get(a)!.downloads;
    const order = params.sort === 'newest' ? () => 0 : params.sort === 'downloads' ? byDownloads : byScore;
    keys.sort((a, b) => order(a, b) || age(a) - age(b));
    const pageSize = Number(params.pageSize ?? 12);
    const start = (Number(params.page ?? 1) - 1) * pageSize;
    return { all: keys, shown: keys.slice(start, start + pageSize), bestPage: (key: string) => best.get(key)!.page };
  }

  async function ask(q: string, params: Record<string, string>) {
    const res = await t.api.get(`/api/resources?${new URLSearchParams({ q, ...params })}`, { as: cookie });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { resources: Listed[]; total: number };
    return { total: body.total, keys: body.resources.map((r) => keyOf.get(r.id)!), resources: body.resources };
  }

  it('the corpus gives every case something to tell apart', async () => {
    for (const c of CASES) expect((await reference(c)).all.length, c.name).toBeGreaterThan(1);
  });

  it.each(CASES)('$name: finds exactly the matching resources, and counts them', async (c) => {
    const expected = await reference(c);
    // Every match on one page, whatever the order.
    const { total, keys } = await ask(c.query.q, { ...c.params, page: '1', pageSize: '50' });
    expect(total).toBe(expected.all.length);
    expect([...keys].sort()).toEqual([...expected.all].sort());
    expect((await ask(c.query.q, c.params ?? {})).total).toBe(expected.all.length);
  });

  it.each(CASES)('$name: answers in the reference order', async (c) => {
    const expected = await reference(c);
    const { keys } = await ask(c.query.q, c.params ?? {});
    expect(keys).toEqual(expected.shown);
  });

  it.each(CASES)("$name: each hit's page is its resource's best page", async (c) => {
    const expected = await reference(c);
    const { resources } = await ask(c.query.q, c.params ?? {});
    const seen = Object.fromEntries(resources.map((r) => [keyOf.get(r.id)!, r.hit?.page]));
    expect(seen).toEqual(Object.fromEntries(Object.keys(seen).map((key) => [key, expected.bestPage(key)])));
  });
});

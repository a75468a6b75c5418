// Experiment (not product code): cold two-word searches on SQLite, today's page-level ranking
// (the statements SqliteSearchRepository + pageOfMatches run for relevance, page 1, 20 results)
// against a resource-level FTS5 table (resource-fts-build.mjs). Single thread, warm cache, the
// two variants interleaved per query so machine load hits both alike.
//   node bench/experiments/resource-fts-time.mjs <sqlite file> [queries=300] [rounds=3]
import Database from 'better-sqlite3';
import { ROTATING_QUERIES } from '../lib/page-text.mjs';

const file = process.argv[2] ?? '/tmp/rdoc/data/studyshelf.sqlite';
const QUERIES = Number(process.argv[3] ?? 300);
const ROUNDS = Number(process.argv[4] ?? 3);
const db = new Database(file, { readonly: true });
db.pragma('busy_timeout = 5000');

// The bench row "a new two-word query every request": request i asks `${a} ${b} `; spread the
// sample over the 2,300 requests the row sends (warm-up + measured).
const R = ROTATING_QUERIES;
const texts = Array.from({ length: QUERIES }, (_, k) => {
  const i = Math.floor((k * 2300) / QUERIES);
  return [R[i % R.length], R[Math.floor(i / R.length) % R.length]];
});
const ftsMatch = (words) => words.map((w) => `"${w.replace(/"/g, '""')}"`).join(' AND ');

const LIMIT = 20;
const CAP = 1000; // DEFAULT_SEARCH_LIMITS.countCap then (removed by issue 33); statements counted to cap + 1
const MIN_PAGES = 100, PAGES_PER_RESULT = 8, MAX_PAGES = 6400;
const SNIPPET = (table) => `select rowid as page_id, snippet(${table}, 0, '\ue000', '\ue001', '…', 24) as snippet from ${table}
  where ${table} match ? and rowid in (select value from json_each(?))`;

// --- today (sqlite-search.repository.ts + search.repository.ts, no facets, relevance) ---
/** @typedef {{ resource_id: string, page: number, page_id: number, score: number, ranked: number, cutoff: number | null }} RankedRow */
/** @typedef {{ resource_id: string, page: number, page_id: number }} BestPage */
const todayCount = /** @type {import('better-sqlite3').Statement<unknown[], { n: number }>} */ (db.prepare(`select count(*) as n from (
  select distinct p.resource_id from resource_page_fts f join resource_page p indexed by resource_page_owner on p.id = f.rowid
  where resource_page_fts match ? and 1 = 1 limit ?)`));
const rankedSql = (limited) => `with t as materialized (
    select rowid as page_id, bm25(resource_page_fts) as score from resource_page_fts
    where resource_page_fts match ? ${limited ? 'order by score limit ?' : ''}),
  m as (select p.resource_id, p.page, p.id as page_id, min(t.score) as score
    from t join resource_page p indexed by resource_page_owner on p.id = t.page_id group by p.resource_id)
  select m.resource_id, m.page, m.page_id, m.score, (select count(*) from t) as ranked, (select max(score) from t) as cutoff, null as found
  from m join resource r on r.id = m.resource_id
  order by m.score asc, r.created_at desc, r.id desc limit ? offset 0`;
const rankedN = /** @type {import('better-sqlite3').Statement<unknown[], RankedRow>} */ (db.prepare(rankedSql(true)));
const rankedAll = /** @type {import('better-sqlite3').Statement<unknown[], RankedRow>} */ (db.prepare(rankedSql(false)));
const snippets = db.prepare(SNIPPET('resource_page_fts'));

function today(match) {
  const n = todayCount.get(match, CAP + 1).n;
  const total = Math.min(n, CAP);
  const capped = n > CAP;
  let passes = 0;
  let rows;
  if (capped || total > 0) {
    for (let k = Math.max(MIN_PAGES, LIMIT * PAGES_PER_RESULT); k <= MAX_PAGES; k *= 8) {
      passes++;
      const got = rankedN.all(match, k, LIMIT);
      const first = got[0];
      if (!first) continue;
      const wanted = Math.min(LIMIT, total);
      const last = got[got.length - 1];
      if (first.ranked < k || (got.length >= wanted && first.cutoff !== null && last.score < first.cutoff)) {
        rows = got;
        break;
      }
    }
    if (!rows) {
      passes++;
      rows = rankedAll.all(match, LIMIT);
    }
  } else rows = [];
  return { n, passes, rows };
}
const todaySnippets = (match, rows) => snippets.all(match, JSON.stringify(rows.map((r) => r.page_id)));

// --- resource level ---
const docCount = /** @type {import('better-sqlite3').Statement<unknown[], { n: number }>} */ (
  db.prepare('select count(*) as n from (select 1 from resource_doc_fts where resource_doc_fts match ? limit ?)'));
const docTop = /** @type {import('better-sqlite3').Statement<unknown[], { resource_id: string, score: number }>} */ (db.prepare(`with t as materialized (
    select rowid as rid, bm25(resource_doc_fts) as score from resource_doc_fts where resource_doc_fts match ? order by score limit ?)
  select r.id as resource_id, t.score from t join resource r on r.rowid = t.rid order by t.score asc, r.created_at desc, r.id desc`));
// Best page of each top resource by bm25 on resource_page_fts, restricted to their pages' rowids.
// `rowid in (...)` as such makes FTS5 run the MATCH once per rowid, and bm25 then scans each
// word's whole doclist again for its document frequencies every time (~200 x): ~190 ms a query
// in a first run. `+rowid` keeps the IN out of FTS5: one scan of the matching pages, bm25 only
// for the pages that pass.
const bestPageBm25 = /** @type {import('better-sqlite3').Statement<unknown[], BestPage>} */ (db.prepare(`with s as materialized (
    select rowid as page_id, bm25(resource_page_fts) as score from resource_page_fts
    where resource_page_fts match ? and +rowid in (select p.id from resource_page p where p.resource_id in (select value from json_each(?))))
  select p.resource_id, p.page, s.page_id, min(s.score) as score
  from s join resource_page p indexed by resource_page_owner on p.id = s.page_id group by p.resource_id`));
// Cheaper: the first page (lowest number) holding the words, no bm25.
const bestPageFirst = /** @type {import('better-sqlite3').Statement<unknown[], BestPage>} */ (db.prepare(`with s as materialized (
    select rowid as page_id from resource_page_fts
    where resource_page_fts match ? and rowid in (select p.id from resource_page p where p.resource_id in (select value from json_each(?))))
  select p.resource_id, min(p.page) as page, p.id as page_id
  from s join resource_page p indexed by resource_page_owner on p.id = s.page_id group by p.resource_id`));

function resourceLevel(match, best) {
  const n = docCount.get(match, CAP + 1).n;
  if (n === 0) return { n, rows: [], pages: [] };
  const rows = docTop.all(match, LIMIT);
  const pages = best.all(match, JSON.stringify(rows.map((r) => r.resource_id)));
  return { n, rows, pages };
}

const pageMatches = db.prepare('select count(*) as n from resource_page_fts where resource_page_fts match ?').pluck();
const docMatches = db.prepare('select count(*) from resource_doc_fts where resource_doc_fts match ?').pluck();
const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;
const variants = {
  today: (m) => today(m),
  todayWithSnippets: (m) => { const r = today(m); todaySnippets(m, r.rows); return r; },
  docBm25Page: (m) => resourceLevel(m, bestPageBm25),
  docBm25PageWithSnippets: (m) => { const r = resourceLevel(m, bestPageBm25); snippets.all(m, JSON.stringify(r.pages.map((p) => p.page_id))); return r; },
  // Floors: only finding the matches (no bm25, no count cap).
  pagesMatchOnly: (m) => pageMatches.get(m),
  docsMatchOnly: (m) => docMatches.get(m),
  docFirstPage: (m) => resourceLevel(m, bestPageFirst),
  // The parts alone, to see where the time goes.
  todayCountOnly: (m) => todayCount.get(m, CAP + 1),
  docCountOnly: (m) => docCount.get(m, CAP + 1),
  docTopOnly: (m) => docTop.all(m, LIMIT),
};
const names = Object.keys(variants);
const samples = Object.fromEntries(names.map((n) => [n, texts.map(() => [])]));

const matches = texts.map(ftsMatch);
for (let round = 0; round <= ROUNDS; round++) {
  matches.forEach((m, q) => {
    // Rotate which variant goes first, so none always runs on the other's warm pages.
    const order = names.map((_, j) => names[(j + q + round) % names.length]);
    for (const name of order) {
      const t0 = process.hrtime.bigint();
      variants[name](m);
      if (round > 0) samples[name][q].push(ms(t0));
    }
  });
  process.stderr.write(`round ${round} done\n`);
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const medianOf = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`${QUERIES} queries x ${ROUNDS} rounds; per query the median of its rounds`);
const perQuery = Object.fromEntries(names.map((n) => [n, samples[n].map(medianOf)]));
for (const n of names) {
  const s = [...perQuery[n]].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  console.log(`${n.padEnd(26)} median ${pct(s, 50).toFixed(2)} ms  p90 ${pct(s, 90).toFixed(2)}  p99 ${pct(s, 99).toFixed(2)}  max ${s[s.length - 1].toFixed(2)}  mean ${mean.toFixed(2)}`);
}
const ratio = (a, b) => {
  const r = perQuery[a].map((x, i) => x / perQuery[b][i]).sort((x, y) => x - y);
  const sum = (n) => perQuery[n].reduce((x, y) => x + y, 0);
  return `per-query ratio median ${pct(r, 50).toFixed(2)}x (p10 ${pct(r, 10).toFixed(2)}x, p90 ${pct(r, 90).toFixed(2)}x), total time ratio ${(sum(a) / sum(b)).toFixed(2)}x`;
};
console.log(`today / docBm25Page:                 ${ratio('today', 'docBm25Page')}`);
console.log(`todayWithSnippets / docBm25Page+snip: ${ratio('todayWithSnippets', 'docBm25PageWithSnippets')}`);
console.log(`today / docFirstPage:                ${ratio('today', 'docFirstPage')}`);

// --- what each variant finds (untimed) ---
const pageResources = db.prepare(`select count(distinct p.resource_id) from resource_page_fts f join resource_page p on p.id = f.rowid
  where resource_page_fts match ?`).pluck();
const stats = matches.map((m) => {
  const t = today(m);
  const d = resourceLevel(m, bestPageBm25);
  const todayIds = new Set(t.rows.map((r) => r.resource_id));
  return {
    pages: pageMatches.get(m),
    resourcesWithAPage: pageResources.get(m),
    resourcesDoc: docMatches.get(m),
    passes: t.passes,
    top: d.rows.length,
    noPage: d.rows.length - d.pages.length,
    overlap: d.rows.filter((r) => todayIds.has(r.resource_id)).length,
  };
});
const avg = (k) => (stats.reduce((a, s) => a + s[k], 0) / stats.length).toFixed(1);
const med = (k) => medianOf(stats.map((s) => s[k]));
console.log(`matching pages per query: mean ${avg('pages')}, median ${med('pages')}`);
console.log(`resources with a page holding both words (today's AND): mean ${avg('resourcesWithAPage')}, median ${med('resourcesWithAPage')}`);
console.log(`resources holding both words somewhere (resource-level AND): mean ${avg('resourcesDoc')}, median ${med('resourcesDoc')}`);
console.log(`today's ranked passes: ${JSON.stringify(Object.fromEntries([1, 2, 3].map((p) => [p, stats.filter((s) => s.passes === p).length])))}`,
  stats.flatMap((s, q) => (s.passes > 1 ? [`${texts[q].join(' ')}: ${s.passes} passes, ${s.pages} pages`] : [])).join('; '));
const top = stats.reduce((a, s) => a + s.top, 0);
const noPage = stats.reduce((a, s) => a + s.noPage, 0);
console.log(`resource-level top results with no single page holding both words: ${noPage} of ${top} (${((100 * noPage) / top).toFixed(1)}%), in ${stats.filter((s) => s.noPage).length} of ${stats.length} queries`);
console.log(`top-20 overlap with today's top 20: mean ${avg('overlap')} of 20, median ${med('overlap')}`);

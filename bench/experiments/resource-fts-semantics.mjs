// Experiment companion to resource-fts-time.mjs: where a cold page-level query's time goes
// (matching, bm25's document frequencies, bm25 per row), and what a resource-level index
// finds differently (AND across pages, phrases across page boundaries, deeper result pages).
//   node bench/experiments/resource-fts-semantics.mjs <sqlite file> [queries=300]
import Database from 'better-sqlite3';
import { ROTATING_QUERIES } from '../lib/page-text.mjs';

const file = process.argv[2] ?? '/tmp/rdoc/data/studyshelf.sqlite';
const QUERIES = Number(process.argv[3] ?? 300);
const db = new Database(file, { readonly: true });
const R = ROTATING_QUERIES;
const pairs = Array.from({ length: QUERIES }, (_, k) => {
  const i = Math.floor((k * 2300) / QUERIES);
  return [R[i % R.length], R[Math.floor(i / R.length) % R.length]];
});
const and = (w) => w.map((x) => `"${x}"`).join(' AND ');
const phrase = (w) => `"${w.join(' ')}"`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const time = (f) => {
  f();
  const xs = [0, 1, 2].map(() => {
    const t0 = process.hrtime.bigint();
    f();
    return Number(process.hrtime.bigint() - t0) / 1e6;
  });
  return median(xs);
};

// 1. Cost split of today's ranking over all matching pages.
const scan = db.prepare('select count(*) from resource_page_fts where resource_page_fts match ?').pluck();
// One row passes +rowid: the doclists are scanned once, bm25 runs once (its document
// frequencies: a scan of each word's whole doclist) -> scan + IDF.
const oneRow = db.prepare(`with t as materialized (select bm25(resource_page_fts) as s from resource_page_fts
  where resource_page_fts match ? and +rowid = ?) select * from t`);
const allRows = db.prepare(`with t as materialized (select bm25(resource_page_fts) as s from resource_page_fts
  where resource_page_fts match ?) select count(*) from t`);
const firstRow = db.prepare('select rowid from resource_page_fts where resource_page_fts match ? limit 1').pluck();
const split = { scan: [], scanPlusIdf: [], allBm25: [] };
for (const w of pairs.slice(0, 100)) {
  const m = and(w);
  const id = firstRow.get(m);
  if (id === undefined) continue;
  split.scan.push(time(() => scan.get(m)));
  split.scanPlusIdf.push(time(() => oneRow.all(m, id)));
  split.allBm25.push(time(() => allRows.get(m)));
}
console.log('page-level cost split (median ms over up to 100 queries):',
  Object.fromEntries(Object.entries(split).map(([k, v]) => [k, median(v).toFixed(2)])));

// 2. AND across pages, phrases across page boundaries.
const pageRes = db.prepare(`select count(distinct p.resource_id) from resource_page_fts f join resource_page p on p.id = f.rowid
  where resource_page_fts match ?`).pluck();
const docRes = db.prepare('select count(*) from resource_doc_fts where resource_doc_fts match ?').pluck();
let andPage = 0, andDoc = 0, phPage = 0, phDoc = 0, phQueries = 0;
for (const w of pairs) {
  if (w[0] === w[1]) continue;
  andPage += Number(pageRes.get(and(w)));
  andDoc += Number(docRes.get(and(w)));
  const p = Number(pageRes.get(phrase(w)));
  const d = Number(docRes.get(phrase(w)));
  phPage += p;
  phDoc += d;
  if (d > p) phQueries++;
}
console.log(`AND: resources with one page holding both words ${andPage}, resources holding both anywhere ${andDoc} (+${((100 * (andDoc - andPage)) / andPage).toFixed(0)}%)`);
console.log(`phrase "a b": resources with the phrase on a page ${phPage}, in the joined text ${phDoc} (+${phDoc - phPage} across a page boundary, in ${phQueries} of ${pairs.length} phrases)`);

// 3. Deeper result pages: share of the resource-level top N with no page holding both words.
const top = db.prepare(`select r.id from (select rowid as rid, bm25(resource_doc_fts) as s from resource_doc_fts
  where resource_doc_fts match ? order by s limit ?) t join resource r on r.rowid = t.rid`).pluck();
const hasPage = db.prepare(`select 1 from resource_page p join resource_page_fts f on f.rowid = p.id
  where p.resource_id = ? and resource_page_fts match ? limit 1`).pluck();
for (const n of [20, 100, 1000]) {
  let none = 0, all = 0;
  for (const w of pairs.slice(0, 30)) {
    const m = and(w);
    for (const id of top.all(m, n)) {
      all++;
      if (!hasPage.get(id, m)) none++;
    }
  }
  console.log(`resource-level top ${n} (30 queries): ${none} of ${all} (${((100 * none) / all).toFixed(1)}%) have no single page with both words`);
}

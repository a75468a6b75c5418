// The overhead row of issue 33: the search API's p50 against the same SQL statement run directly
// on the same database from the bench process (better-sqlite3 on the server's file, or a pg
// client), for a fixed set of queries.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { build } from 'esbuild';
import pg from 'pg';
import { nodeBundle } from '../../scripts/build-pdf-worker.mjs';
import { percentile } from './server.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');

/** @type {Promise<typeof import('./search-statements.mjs')> | undefined} */
let statements;

/** search-statements.mjs bundled with the server's TypeScript it imports (once per bench run). */
function loadStatements() {
  statements ??= (async () => {
    const outfile = path.join(root, 'dist', 'bench', 'search-statements.mjs');
    await build({ ...nodeBundle, entryPoints: [path.join(root, 'bench', 'lib', 'search-statements.mjs')], outfile });
    return /** @type {typeof import('./search-statements.mjs')} */ (await import(pathToFileURL(outfile).href));
  })();
  return statements;
}

/** The fixed set: words of the index only (no abbreviation, no typo: nothing the service expands). */
export const OVERHEAD_QUERIES = [
  { q: 'algorithm ' },
  { q: 'merge sort ' },
  { q: '"shortest path"' },
  { q: 'dijk' },
  { q: 'transform ', branch: 'cse', semester: '3' },
  { q: 'queue ', sort: 'newest' },
  { q: 'kernel deadlock ' },
  { q: 'fourier series ', branch: 'ee' },
];

/** Runs a compiled statement on SQLite as the server's reader thread does (prepared once, .all). */
export function sqliteDirect(dbFile) {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  const prepared = new Map();
  /** @param {string} sql @param {readonly unknown[]} parameters */
  const run = async (sql, parameters) => {
    let statement = prepared.get(sql);
    if (!statement) prepared.set(sql, (statement = db.prepare(sql)));
    return statement.all(parameters).length;
  };
  run.close = async () => db.close();
  return run;
}

/** The same on PostgreSQL: one pg client (the server's pool is pg too). */
export async function postgresDirect(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  /** @param {string} sql @param {readonly unknown[]} parameters */
  const run = async (sql, parameters) => (await client.query(sql, /** @type {unknown[]} */ (parameters))).rowCount;
  run.close = () => client.end();
  return run;
}

/**
 * One client, one request at a time: query k of the set with page size 13 + round (so no request
 * is one the answer cache holds), then the statement the server runs for it, directly, timed from
 * sending it to the last row (compiled beforehand). The two interleaved, so the machine's load
 * hits both alike. Each side warms up on one round at page size 12 first.
 * @param {import('./server.mjs').HttpClient} client
 * @param {(sql: string, parameters: readonly unknown[]) => Promise<number>} direct
 */
export async function benchOverhead(client, record, database, direct, { rounds = 25 } = {}) {
  const { compileSearch } = await loadStatements();
  const dialect = database === 'SQLite' ? 'sqlite' : 'postgres';
  const api = [];
  const own = [];
  for (let round = -1; round < rounds; round++) {
    for (const query of OVERHEAD_QUERIES) {
      const params = { ...query, pageSize: String(13 + round) };
      const res = await client.request({ path: `/api/resources?${new URLSearchParams(params)}` });
      if (res.status !== 200) throw new Error(`overhead: ${JSON.stringify(params)} answered ${res.status}: ${res.body.toString().slice(0, 200)}`);
      const { total, resources } = JSON.parse(res.body.toString());
      const { sql, parameters } = compileSearch(dialect, params);
      const started = process.hrtime.bigint();
      const rows = await direct(sql, parameters);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (rows !== Math.min(total, Number(params.pageSize)) || resources.length !== rows) {
        throw new Error(`overhead: ${JSON.stringify(params)}: the statement gave ${rows} rows, the API ${resources.length} of ${total}`);
      }
      if (round < 0) continue;
      api.push(res.ms);
      own.push(ms);
    }
  }
  api.sort((a, b) => a - b);
  own.sort((a, b) => a - b);
  const ratio = percentile(api, 50) / percentile(own, 50);
  record(
    `search ${database}: overhead, API p50 / the same statement run directly (${OVERHEAD_QUERIES.length} queries x ${rounds} page sizes, each request a cache miss, 1 client)`,
    `${ratio.toFixed(2)}x (API ${percentile(api, 50).toFixed(1)} ms, statement ${percentile(own, 50).toFixed(1)} ms p50)`,
    '<= 2x',
    ratio <= 2,
  );
  process.stderr.write(`  ${database} overhead: API p50 ${percentile(api, 50).toFixed(1)} ms, statement p50 ${percentile(own, 50).toFixed(1)} ms\n`);
}

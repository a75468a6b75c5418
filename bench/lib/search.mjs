// Full-text search latency (issue 33's budgets: p99 under 50 ms at student pace over 200,000
// indexed pages, also while a paper is indexed), on SQLite and on PostgreSQL, and the flat-out
// rows as information. Pages are generated text (page-text.mjs) written straight into the
// database, as processing would have written them.
import Database from 'better-sqlite3';
import pg from 'pg';
import { distinctTerms, pageTextGenerator, prng, ROTATING_QUERIES } from './page-text.mjs';
import { load, percentile } from './server.mjs';

export const PAGES_PER_RESOURCE = 10;

/** The i-th pair of two rotating words: a query not asked before for 40,000 requests. */
const newPair = (i) => `${ROTATING_QUERIES[i % ROTATING_QUERIES.length]} ${ROTATING_QUERIES[Math.floor(i / ROTATING_QUERIES.length) % ROTATING_QUERIES.length]}`;

/**
 * Flat-out shapes, information only (issue 33 budgets the paced rows): 50 clients asking as fast
 * as the server answers, which measures its throughput (latency is 50 clients divided by it).
 * Repeated shapes are answered from the answer cache after their first request.
 */
export const SEARCH_SHAPES = [
  { label: 'one common word', params: { q: 'algorithm ' } },
  { label: 'two words', params: { q: 'merge sort ' } },
  { label: 'phrase', params: { q: '"shortest path"' } },
  { label: 'prefix while typing', params: { q: 'dijk' } },
  { label: 'one-letter typo', params: { q: 'algoritm ' } },
  { label: 'abbreviation', params: { q: 'dbms ' } },
  { label: 'word + branch + semester', params: { q: 'transform ', branch: 'cse', semester: '3' } },
  { label: 'word, sort=newest, page 3', params: { q: 'queue ', sort: 'newest', page: '3' } },
  { label: `${ROTATING_QUERIES.length} different words in turn`, rotate: (i) => ROTATING_QUERIES[i % ROTATING_QUERIES.length] },
  // Every request a query never asked before (an answer no cache holds): two words of the vocabulary.
  { label: 'a new two-word query every request', rotate: newPair },
  { label: 'a new two-word query with branch + semester every request', params: { branch: 'cse', semester: '3' }, rotate: newPair },
  // Search as you type: a word, then the first 3-5 letters of the next (a prefix), new every request.
  {
    label: 'a new word being typed every request',
    typing: true,
    rotate: (i) => {
      const n = ROTATING_QUERIES.length;
      return `${ROTATING_QUERIES[Math.floor(i / n) % n]} ${ROTATING_QUERIES[(i * 7) % n].slice(0, 3 + (i % 3))}`;
    },
  },
];

/** Which topic a subject's pages are about: a stable small number from its name. */
const topicOf = (subject) => [...subject].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7) % 50;

/**
 * Adds pages 1..PAGES_PER_RESOURCE of generated text to the first `resources` resources of a
 * stopped server's SQLite file (the FTS5 index follows by its triggers), and their words to
 * search_term. Returns { pages, ms }.
 */
export function seedPagesSqlite(dbFile, { resources = 20_000 } = {}) {
  const started = Date.now();
  const db = new Database(dbFile);
  try {
    db.pragma('journal_mode = WAL');
    // The bench's generated resources only: the server processes the demo library meanwhile and
    // writes those pages itself.
    const targets = /** @type {{ id: number, subject: string }[]} */ (
      db.prepare("select id, subject from resource where id not in (select resource_id from processing_job) order by rowid limit ?").all(resources)
    );
    const insertPage = db.prepare('insert into resource_page (resource_id, page, body, ocr) values (?, ?, ?, 0)');
    const insertTerm = db.prepare('insert or ignore into search_term (term) values (?)');
    const text = pageTextGenerator();
    let pages = 0;
    db.transaction(() => {
      for (const { id, subject } of targets) {
        for (let page = 1; page <= PAGES_PER_RESOURCE; page++, pages++) {
          const body = text(topicOf(subject));
          insertPage.run(id, page, body);
          for (const term of distinctTerms(body)) insertTerm.run(term);
        }
      }
    })();
    db.exec("insert into resource_page_fts(resource_page_fts) values ('optimize')");
    return { pages, ms: Date.now() - started };
  } finally {
    db.close();
  }
}

const SUBJECTS = ['Data Structures', 'Algorithms', 'Operating Systems', 'Database Management Systems', 'Computer Networks',
  'Signals and Systems', 'Thermodynamics', 'Fluid Mechanics', 'Control Systems', 'Engineering Mathematics II', 'Surveying',
  'Digital Electronics', 'Theory of Computation', 'Machine Learning', 'Power Systems', 'Structural Analysis'];
const BRANCHES = ['cse', 'it', 'ee', 'ece', 'me', 'ce'];
const TYPES = ['NOTES', 'PYQ', 'PRACTICAL'];
const YEARS = ['2024-25', '2023-24', '2022-23'];

/**
 * The same library on PostgreSQL: `resources` resource rows, each with page 0 and
 * PAGES_PER_RESOURCE pages of text. The GIN index is built once after the rows are in (far
 * faster than row by row), with the definition of migration 010. Returns { pages, ms }.
 */
export async function seedPostgres(url, { resources = 20_000, uploaderEmail }) {
  const started = Date.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: users } = await client.query('select id from "user" where email = $1', [uploaderEmail]);
    if (!users.length) throw new Error(`no user ${uploaderEmail} to upload as`);
    const random = prng(2024);
    const pick = (list) => list[Math.floor(random() * list.length)];
    const text = pageTextGenerator();
    await client.query('drop index resource_page_tsv');
    const terms = new Set();
    let pages = 0;
    const now = Date.now();
    for (let start = 0; start < resources; start += 500) {
      const batch = [];
      for (let i = start; i < Math.min(resources, start + 500); i++) {
        const subject = pick(SUBJECTS);
        const [branch, type, year, semester] = [pick(BRANCHES), pick(TYPES), pick(YEARS), 1 + Math.floor(random() * 8)];
        const created = new Date(now - Math.floor(random() * 63e9)).toISOString();
        const id = crypto.randomUUID();
        batch.push({ id, subject, branch, type, year, semester, created, downloads: Math.floor(random() ** 4 * 501), name: `${subject} ${type.toLowerCase()} ${i}.pdf` });
      }
      await client.query(
        `insert into resource (id, file_key, file_name, original_name, subject, semester, resource_type, course, branch,
           academic_year, downloads, file_size_mb, size_bytes, sha256, page_count, uploaded_by, created_at, updated_at)
         select r.id, 'resources/' || r.id || '.pdf', lower(replace(r.subject, ' ', '_')) || '.pdf', r.name, r.subject, r.semester,
           r.type, 'btech', r.branch, r.year, r.downloads, 1, 1048576, md5(r.id) || md5(r.name), $2, $3, r.created, r.created
         from json_to_recordset($1) as r(id text, subject text, branch text, type text, year text, semester int, created text, downloads int, name text)`,
        [JSON.stringify(batch), PAGES_PER_RESOURCE, users[0].id],
      );
      const pageRows = [];
      for (const r of batch) {
        const zero = `${r.subject} \n${r.name.replace(/\.pdf$/i, '')}`;
        pageRows.push({ resource_id: r.id, page: 0, body: zero });
        for (const t of distinctTerms(zero)) terms.add(t);
        for (let page = 1; page <= PAGES_PER_RESOURCE; page++) {
          const body = text(topicOf(r.subject));
          pageRows.push({ resource_id: r.id, page, body });
          for (const t of distinctTerms(body)) terms.add(t);
        }
      }
      pages += pageRows.length;
      await client.query(
        `insert into resource_page (resource_id, page, body) select resource_id, page, body from json_to_recordset($1) as p(resource_id text, page int, body text)`,
        [JSON.stringify(pageRows)],
      );
    }
    await client.query('create index resource_page_tsv on resource_page using gin (tsv)');
    const list = [...terms];
    for (let i = 0; i < list.length; i += 5000) {
      await client.query('insert into search_term (term) select unnest($1::text[]) on conflict do nothing', [list.slice(i, i + 5000)]);
    }
    await client.query('analyze');
    return { pages, ms: Date.now() - started };
  } finally {
    await client.end();
  }
}

/** The pages of one paper, generated text as seedPagesSqlite writes, and their words. */
function paperPages(text, topic, pages) {
  const rows = Array.from({ length: pages }, (_, i) => ({ page: i + 1, body: text(topic) }));
  const terms = new Set();
  for (const row of rows) for (const term of distinctTerms(row.body)) terms.add(term);
  return { rows, terms: [...terms] };
}

/**
 * A paper indexed on a SQLite file as processing indexes one (search-index.repository.ts
 * replacePages): in one transaction, pages 1..N of a resource deleted and `pages` new ones
 * written (the FTS5 index follows by its triggers), their words added to search_term. Its own
 * connection, as a second process would write. Each call rewrites the next of 20 seeded resources.
 */
export function sqlitePaperWriter(dbFile, pages = 40) {
  const db = new Database(dbFile);
  db.pragma('busy_timeout = 5000');
  const targets = /** @type {{ id: string, subject: string }[]} */ (
    db.prepare('select r.id, r.subject from resource r where r.id in (select resource_id from resource_page where page = 1) order by r.rowid limit 20').all()
  );
  const text = pageTextGenerator(101);
  const remove = db.prepare('delete from resource_page where resource_id = ? and page > 0');
  const insertPage = db.prepare('insert into resource_page (resource_id, page, body, ocr) values (?, ?, ?, 0)');
  const insertTerm = db.prepare('insert or ignore into search_term (term) values (?)');
  const replace = db.transaction((id, rows, terms) => {
    remove.run(id);
    for (const row of rows) insertPage.run(id, row.page, row.body);
    for (const term of terms) insertTerm.run(term);
  });
  let written = 0;
  const write = async () => {
    const { id, subject } = targets[written++ % targets.length];
    const { rows, terms } = paperPages(text, topicOf(subject), pages);
    replace.immediate(id, rows, terms);
  };
  write.close = async () => db.close();
  return write;
}

/** The same on PostgreSQL (the resource row locked first, as replacePages does). */
export async function postgresPaperWriter(url, pages = 40) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows: targets } = await client.query(
    'select r.id, r.subject from resource r where r.id in (select resource_id from resource_page where page = 1 limit 20) order by r.id',
  );
  const text = pageTextGenerator(101);
  let written = 0;
  const write = async () => {
    const { id, subject } = targets[written++ % targets.length];
    const { rows, terms } = paperPages(text, topicOf(subject), pages);
    await client.query('begin');
    try {
      await client.query('select id from resource where id = $1 for update', [id]);
      await client.query('delete from resource_page where resource_id = $1 and page > 0', [id]);
      await client.query('insert into resource_page (resource_id, page, body) select $1, p.page, p.body from json_to_recordset($2) as p(page int, body text)', [
        id,
        JSON.stringify(rows),
      ]);
      await client.query('insert into search_term (term) select unnest($1::text[]) on conflict do nothing', [terms]);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    }
  };
  write.close = () => client.end();
  return write;
}

/**
 * Indexes a paper through `writePaper()` every `everyMs` until stopped (one at a time: a slow one
 * delays the next). The stop function resolves the milliseconds each paper's transaction took.
 * @param {() => Promise<void>} writePaper
 */
function startIndexing(writePaper, everyMs) {
  const took = [];
  let stopped = false;
  let running = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(async () => {
      if (stopped) return;
      const started = performance.now();
      await writePaper();
      took.push(performance.now() - started);
    });
  }, everyMs);
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
    return took.sort((a, b) => a - b);
  };
}

const CLASS = { branch: 'cse', semester: '3' }; // the demo student's class (src/cli/demo-data.ts)

/**
 * What students search for: 70% a query someone asked before, 30% one never asked. A new query is
 * two words of the vocabulary (newPair from `firstNew` on: give each row its own range, so that
 * no other row asked them), every other one within the demo student's class (branch + semester,
 * as the home page's search box sends); one asked before is drawn uniformly from the queries this
 * mix gave so far. Returns next(): { params, repeat }.
 */
export function searchMix({ firstNew, seed = 7 }) {
  const random = prng(seed);
  /** @type {Record<string, string>[]} */
  const asked = [];
  let fresh = 0;
  return () => {
    if (asked.length && random() < 0.7) return { params: asked[Math.floor(random() * asked.length)], repeat: true };
    const n = firstNew + fresh++;
    const params = { q: `${newPair(n)} `, ...(n % 2 ? CLASS : {}) };
    asked.push(params);
    return { params, repeat: false };
  };
}

const url = (params) => `/api/resources?${new URLSearchParams(params)}`;
const ms = (times, p) => percentile(times, p).toFixed(1);

/**
 * The student-pace row (issue 33): 50 students, each sending one search a second (load's
 * everyMs), the queries of searchMix; 300 requests to warm up (and fill the queries asked before),
 * then `total` measured. With `writePaper`, a 40-page paper is indexed every `paperEveryMs`
 * meanwhile (from the warm-up on), each moving the write version the answer cache is keyed by.
 * @param {import('./server.mjs').HttpClient} client
 * @param {(what: string, value: string, budget: string, ok: boolean | null) => void} record
 * @param {string} database
 * @param {{ firstNew: number, writePaper?: () => Promise<void>, paperEveryMs?: number, label?: string, total?: number, maxSeconds?: number }} options
 */
export async function benchStudentPace(client, record, database, { firstNew, writePaper = undefined, paperEveryMs = 3000, label = '', total = 1500, maxSeconds = 60 }) {
  const next = searchMix({ firstNew });
  /** @type {boolean[]} */
  const repeats = [];
  const fresh = [];
  const asked = [];
  let failure;
  let unavailable = 0;
  let measuring = false;
  const check = (res, i) => {
    if (res.status === 503) unavailable++;
    else if (res.status !== 200) failure ??= `answered ${res.status}: ${res.body.toString().slice(0, 200)}`;
    if (measuring) (repeats[i] ? asked : fresh).push(res.ms);
  };
  const path = (i) => {
    const { params, repeat } = next();
    repeats[i] = repeat;
    return url(params);
  };
  const stopIndexing = writePaper ? startIndexing(writePaper, paperEveryMs) : undefined;
  /** @type {number[]} */
  let took;
  let result;
  try {
    await load(client, { path, total: 300, concurrency: 50, everyMs: 1000, check });
    unavailable = 0;
    measuring = true;
    result = await load(client, { path, total, concurrency: 50, everyMs: 1000, maxSeconds, check });
  } finally {
    took = (await stopIndexing?.()) ?? [];
  }
  if (failure) throw new Error(`student pace on ${database}: ${failure}`);
  const { times, timedOut, seconds } = result;
  fresh.sort((a, b) => a - b);
  asked.sort((a, b) => a - b);
  const p99 = percentile(times, 99);
  const note =
    `; new ${ms(fresh, 50)} / ${ms(fresh, 99)}, asked before ${ms(asked, 50)} / ${ms(asked, 99)}` +
    (timedOut ? ` (only ${times.length} req: ${maxSeconds} s cap)` : '') +
    (unavailable ? `, ${unavailable} answered 503` : '') +
    (writePaper ? `; ${took.length} papers indexed meanwhile, one every ${paperEveryMs / 1000} s (transaction ${ms(took, 50)} ms p50, ${took.at(-1)?.toFixed(0)} ms max)` : '');
  record(
    `search ${database}: student pace, 50 students x 1 search/s (70% asked before, 30% new)${label}`,
    `${ms(times, 50)} / ${p99.toFixed(1)} ms p50/p99, ${times.length} req in ${seconds.toFixed(0)} s${note}`,
    'p99 < 50 ms',
    p99 < 50 && !unavailable && !timedOut,
  );
  process.stderr.write(`  ${database} student pace${label}: p50 ${ms(times, 50)} ms, p99 ${p99.toFixed(1)} ms${note}\n`);
}

/**
 * The flat-out rows, information only: every shape of SEARCH_SHAPES from 50 clients asking as
 * fast as they are answered, against a signed-in client; one table row per shape through `record`.
 */
export async function benchSearchFlatOut(client, record, database, { total = 2000, warmUp = 300, concurrency = 50, maxSeconds = 20 } = {}) {
  // A running server has long since optimised its hot paths (JIT), as the catalogue rows warm up
  // for: 2,000 requests over the repeated shapes first; each row still warms its own query.
  const repeated = SEARCH_SHAPES.filter((shape) => !shape.rotate);
  await load(client, {
    path: (i) => url(repeated[i % repeated.length].params),
    total: 2000,
    concurrency,
    check: (res) => {
      if (res.status !== 200) throw new Error(`warm-up answered ${res.status}`);
    },
  });
  for (const shape of SEARCH_SHAPES) {
    // A trailing space ends the last word (a prefix otherwise), except while typing.
    /** @type {(i: number) => string} */
    const path = shape.rotate ? (i) => url({ ...shape.params, q: shape.typing ? shape.rotate(i) : `${shape.rotate(i)} ` }) : () => url(shape.params);
    let failure;
    let found = 0;
    // Overload answers (503: no database connection free in time) are counted, not fatal.
    let unavailable = 0;
    const check = (res) => {
      if (res.status === 503) unavailable++;
      if (failure) return;
      if (res.status !== 200 && res.status !== 503) failure = `${shape.label} answered ${res.status}: ${res.body.toString().slice(0, 200)}`;
      else if (res.status === 200 && !shape.rotate) {
        const body = JSON.parse(res.body.toString());
        found = body.total;
        if (!body.resources.length || !body.resources[0].hit) failure = `${shape.label}: no hit (${res.body.toString().slice(0, 200)})`;
      }
    };
    let asked = 0;
    await load(client, { path: (i) => (asked++, path(i)), total: warmUp, concurrency, check });
    unavailable = 0;
    // Rotating shapes go on where the warm-up stopped: a query "never asked before" must not be one it asked.
    const measured = (i) => path(i + asked);
    const { times, timedOut, seconds } = await load(client, { path: measured, total, concurrency, check, maxSeconds });
    if (failure) throw new Error(`sanity check failed: ${failure}`);
    const note = (timedOut ? ` (only ${times.length} req: ${maxSeconds} s cap)` : '') + (unavailable ? ` ${unavailable} answered 503` : '');
    const what = shape.rotate ? shape.label : `${shape.label} ${JSON.stringify(shape.params.q)} [${found} found]`;
    record(
      `search ${database} flat out, 50 clients: ${what}`,
      `${ms(times, 50)} / ${ms(times, 99)} ms p50/p99, ${Math.round(times.length / seconds)} req/s${note}`,
      'info',
      null,
    );
    process.stderr.write(`  ${database} ${what}: p50 ${ms(times, 50)} ms, p99 ${ms(times, 99)} ms, ${times.length} requests in ${seconds.toFixed(1)} s\n`);
  }
}

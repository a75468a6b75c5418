// Full-text search latency (DESIGN.md §5: p99 under 50 ms over at least 200,000 indexed pages at
// 50 concurrent clients), on SQLite and on PostgreSQL. Pages are generated text (page-text.mjs)
// written straight into the database, as processing would have written them.
import Database from 'better-sqlite3';
import pg from 'pg';
import { distinctTerms, pageTextGenerator, prng, ROTATING_QUERIES } from './page-text.mjs';
import { load, percentile, sleep } from './server.mjs';

export const PAGES_PER_RESOURCE = 10;

/** The i-th pair of two rotating words: a query not asked before for 40,000 requests. */
const newPair = (i) => `${ROTATING_QUERIES[i % ROTATING_QUERIES.length]} ${ROTATING_QUERIES[Math.floor(i / ROTATING_QUERIES.length) % ROTATING_QUERIES.length]}`;

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
  // The same common word while processing writes a page every 200 ms (each write changes the
  // index version the memo is checked against): a busy afternoon of uploads.
  // 20,000 requests (or 20 s): 2,000 take well under a second, in which hardly a page is written.
  { label: 'one common word while pages are written', params: { q: 'algorithm ' }, churn: true, measure: { total: 20_000 } },
  // Every request a query never asked before (no memoised answer): two words of the vocabulary.
  // A server that has been answering for a while has been asked each of these words before and
  // remembers its scores (phrase-lists.ts): each word is asked first, and the server given
  // the time to score them (`wordsFirst`); then the warm-up asks 8,000 pairs (or for 40 s).
  {
    label: 'a new two-word query every request',
    wordsFirst: true,
    warmUp: { total: 8000, maxSeconds: 40 },
    rotate: newPair,
  },
  // The same with the facets a student filters by first (their class).
  {
    label: 'a new two-word query with branch + semester every request',
    wordsFirst: true,
    warmUp: { total: 8000, maxSeconds: 40 },
    params: { branch: 'cse', semester: '3' },
    rotate: newPair,
  },
  // The same at a pace: 50 students, each asking a new two-word query every second (50 req/s),
  // where the rows above ask as fast as the server answers (its throughput, latency being 50
  // clients divided by it). The words are those the rows above asked and the server scored.
  {
    label: 'a new two-word query, 50 students asking one a second each',
    warmUp: { total: 300, everyMs: 1000 },
    rotate: (i) => newPair(i + 20_000),
    measure: { total: 2000, everyMs: 1000, maxSeconds: 60 },
  },
  // Search as you type: a word, then the first 3-5 letters of the next (a prefix), new every request.
  // Its words and letters have been asked before (the rows above asked the words; students type
  // the same first letters): the warm-up gives the server the time to read them, as the two-word
  // rows' does (decision 028).
  {
    label: 'a new word being typed every request',
    typing: true,
    lettersFirst: true,
    rotate: (i) => {
      const n = ROTATING_QUERIES.length;
      return `${ROTATING_QUERIES[Math.floor(i / n) % n]} ${ROTATING_QUERIES[(i * 7) % n].slice(0, 3 + (i % 3))}`;
    },
  },
  // The same at a pace: 50 students typing, each sending a new query a second.
  {
    label: 'a new word being typed, 50 students typing one a second each',
    typing: true,
    warmUp: { total: 300, everyMs: 1000 },
    rotate: (i) => {
      const n = ROTATING_QUERIES.length;
      return `${ROTATING_QUERIES[(Math.floor(i / n) + 100) % n]} ${ROTATING_QUERIES[(i * 7) % n].slice(0, 3 + (i % 3))}`;
    },
    measure: { total: 2000, everyMs: 1000, maxSeconds: 60 },
  },
  // New two-word queries while processing writes a page every 200 ms: each page outdates every
  // remembered list. PostgreSQL brings a list up to date from the pages changed (migration 019);
  // SQLite's bm25 follows the whole index, so its lists wait for the index to settle and FTS5
  // ranks meanwhile. Last, so that the rows before measure a settled index.
  {
    label: 'a new two-word query every request while pages are written',
    churn: true,
    rotate: (i) => newPair(i + 30_000),
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

/**
 * Writes a page of new text every `everyMs` through `writePage()` until stopped: what the
 * processing of uploads does to the index while students search.
 */
function startWriting(writePage, everyMs = 200) {
  let n = 0;
  let stopped = false;
  let running = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => (stopped ? undefined : (n++, writePage())));
  }, everyMs);
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
    return n;
  };
}

/** A page writer on a SQLite file (its own connection, as a second process would write). */
export function sqlitePageWriter(dbFile) {
  const db = new Database(dbFile);
  db.pragma('busy_timeout = 5000');
  const { id } = /** @type {{ id: string }} */ (db.prepare('select resource_id as id from resource_page order by id limit 1').get());
  const insert = db.prepare('insert into resource_page (resource_id, page, body, ocr) values (?, ?, ?, 0)');
  // Numbered by the writer, not the row: a second row that writes must not repeat a page number.
  let written = 0;
  const write = () => {
    const n = ++written;
    insert.run(id, 10_000 + n, `algorithm churn page ${n}`);
  };
  write.close = () => db.close();
  return write;
}

/** The same on PostgreSQL. */
export async function postgresPageWriter(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query('select resource_id as id from resource_page order by id limit 1');
  let written = 0;
  const write = () => {
    const n = ++written;
    return client.query('insert into resource_page (resource_id, page, body) values ($1, $2, $3)', [rows[0].id, 10_000 + n, `algorithm churn page ${n}`]);
  };
  write.close = () => client.end();
  // The server reads each phrase's scores and each prefix's pages one at a time, in the
  // background, as bytes (string_agg of float8send): 0.1-0.5 s each on 220,000 pages, minutes for
  // the rows' 200 words or 491 prefixes, depending on the machine. Done once none has run for 5 s
  // (at most 5 minutes).
  write.scored = async () => {
    const started = Date.now();
    let quietSince = Date.now();
    while (Date.now() - quietSince < 5000 && Date.now() - started < 300_000) {
      await sleep(250);
      const { rows: running } = await client.query(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query like '%float8send%' and state = 'active'",
      );
      if (running[0].n > 0) quietSince = Date.now();
    }
  };
  return write;
}

/**
 * Nothing is read to be remembered until the index has stayed at a version for 5 s, counted from
 * the first search that saw it (phrase-lists.ts IndexClock), and a word asked before is not
 * queued: one search, then 6 s (the row before may have written pages).
 */
async function settle(client, urlOf, check) {
  await load(client, { path: () => urlOf('algorithm '), total: 1, concurrency: 1, check });
  await sleep(6000);
}

/**
 * Asks each first few letters that the typing rows type once, after a word, and leaves the server
 * the time to read them (their pages and the letters' scores as a word, decision 028): students
 * type the same first letters all day.
 */
async function askLettersFirst(client, urlOf, check, scored) {
  await settle(client, urlOf, check);
  const letters = [...new Set(ROTATING_QUERIES.flatMap((word) => [3, 4, 5].map((n) => word.slice(0, n))))];
  await load(client, { path: (i) => urlOf(`${ROTATING_QUERIES[i % ROTATING_QUERIES.length]} ${letters[i]}`), total: letters.length, concurrency: 4, check });
  await scored();
}

/**
 * Asks each rotating word once, with the next one (a word alone is not scored for itself: the
 * answer memo serves it), then leaves the server idle while it scores them, so the row measures a
 * server that has been answering for a while, not one that has just started.
 */
async function askWordsFirst(client, urlOf, check, scored) {
  await settle(client, urlOf, check);
  const words = ROTATING_QUERIES.length;
  await load(client, { path: (i) => urlOf(`${ROTATING_QUERIES[i % words]} ${ROTATING_QUERIES[(i + 1) % words]} `), total: words, concurrency: 4, check });
  await scored();
}

/**
 * Waits until the server has read what it was asked to remember (writePage.scored: PostgreSQL's
 * background reads seen in pg_stat_activity), else 30 s: SQLite scores a word in 5-80 ms, and the
 * 200 words and 491 prefixes take it well under that.
 */
const scoredOf = (writePage) => writePage.scored ?? (() => sleep(30_000));

/**
 * Runs every shape against a signed-in client; one table row per shape through `record`.
 * `writePage()` (sqlitePageWriter / postgresPageWriter) serves the shapes measured while the
 * index changes.
 */
export async function benchSearch(client, record, database, writePage, { total = 2000, warmUp = 300, concurrency = 50, maxSeconds = 20 } = {}) {
  // A running server has long since optimised its hot paths (JIT), as the catalogue rows warm up
  // for: the first row measured a just-started process (SQLite "one common word": 47 / 135 ms at
  // 924 req/s; the same row again a minute later, 14 / 33 ms at 3,145 req/s). 2,000 requests over
  // the repeated shapes first; each row still warms its own query.
  const url = (params) => `/api/resources?${new URLSearchParams(params)}`;
  const repeated = SEARCH_SHAPES.filter((shape) => !shape.rotate && !shape.churn);
  await load(client, {
    path: (i) => url(repeated[i % repeated.length].params),
    total: 2000,
    concurrency,
    check: (res) => {
      if (res.status !== 200) throw new Error(`warm-up answered ${res.status}`);
    },
  });
  for (const shape of SEARCH_SHAPES) {
    const stopWriting = shape.churn ? startWriting(writePage) : undefined;
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
    if (shape.wordsFirst) await askWordsFirst(client, (q) => url({ ...shape.params, q }), check, scoredOf(writePage));
    if (shape.lettersFirst) await askLettersFirst(client, (q) => url({ ...shape.params, q }), check, scoredOf(writePage));
    const warm = shape.warmUp ?? { total: warmUp };
    let asked = 0;
    await load(client, { path: (i) => (asked++, path(i)), concurrency, check, ...warm });
    unavailable = 0;
    // Rotating shapes go on where the warm-up stopped: a query "never asked before" must not be one it asked.
    const measured = (i) => path(i + asked);
    const { times, timedOut, seconds } = await load(client, { path: measured, total, concurrency, check, maxSeconds, ...shape.measure });
    const written = await stopWriting?.();
    if (failure) throw new Error(`sanity check failed: ${failure}`);
    const p50 = percentile(times, 50);
    const p99 = percentile(times, 99);
    const note =
      (timedOut ? ` (only ${times.length} req: ${shape.measure?.maxSeconds ?? maxSeconds} s cap)` : '') +
      (unavailable ? ` ${unavailable} answered 503` : '') +
      (written ? `, ${written} pages written meanwhile` : '');
    const what = shape.rotate ? shape.label : `${shape.label} ${JSON.stringify(shape.params.q)} [${found} found]`;
    record(
      `search ${database}: ${what}`,
      `${p50.toFixed(1)} / ${p99.toFixed(1)} ms p50/p99, ${Math.round(times.length / seconds)} req/s${note}`,
      'p99 < 50 ms',
      p99 < 50 && !unavailable,
    );
    process.stderr.write(`  ${database} ${what}: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, ${times.length} requests in ${seconds.toFixed(1)} s\n`);
  }
}

// `npm run bench`: measures the budgets of DESIGN.md §5 that exist so far and prints a table.
// Needs a build (`npm run build`). Traffic goes only to servers this script starts on 127.0.0.1,
// each on a temporary DATA_DIR that is removed at the end (also on failure or Ctrl-C).
import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { benchBrowse } from './lib/browse.mjs';
import { benchSearchOnPostgres, benchSearchOnSqlite } from './lib/search-runs.mjs';
import { firstLoadByRoute } from './lib/first-load.mjs';
import { benchProcessing } from './lib/processing.mjs';
import { benchNearDuplicates } from './lib/near-duplicates.mjs';
import { benchQuestions } from './lib/question-split.mjs';
import { benchQuestionRepeats } from './lib/question-repeats.mjs';
import { benchAutofill } from './lib/autofill.mjs';
import { benchSubjectPage } from './lib/subject-page.mjs';
import { benchHandoff } from './lib/handoff.mjs';
import { benchScale } from './lib/scale.mjs';
import { readFilterColumns, seedResources } from './lib/seed-resources.mjs';
import { benchPdfCheck } from './lib/pdf-check.mjs';
import { benchLighthouse } from './lib/lighthouse.mjs';
import { measureLayoutShift } from './lib/layout-shift.mjs';
import { measureTapToPage } from './lib/tap-to-page.mjs';
import { cleanUpNow, demoPassword, HttpClient, load, makeTempDir, openJobsSqlite, percentile, startServer, waitUntilProcessed } from './lib/server.mjs';
import { measureProcessingMemory, measureUploadMemory, recordUploadMemory } from './lib/upload.mjs';

// `npm run bench -- --only=search` (or browse, upload, pdf, processing, near-duplicates, questions, autofill, catalogue, first-load, lighthouse, cls, tap, scale, handoff; comma-separated) runs only those parts.
// `--only=search-1m` runs the scale row by hand (1,000,000 pages on PostgreSQL): never part of the default run.
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
const runs = (part) => !only || only.includes(part);
const BY_HAND = ['search-1m'];
const runsByHand = (part) => BY_HAND.includes(part) && !!only?.includes(part);
const startedAt = Date.now();
const loadAtStart = loadavg()[0];
const rows = [];
const record = (what, value, budget, ok) => rows.push({ what, value, budget, verdict: ok === null ? '-' : ok ? 'ok' : 'OVER' });
const step = (text) => process.stderr.write(`[bench ${((Date.now() - startedAt) / 1000).toFixed(0).padStart(3)} s] ${text}\n`);

if (!existsSync('dist/server/main.js')) {
  console.error('dist/server/main.js is missing: run `npm run build` first.');
  process.exit(1);
}

// 1. First-load JavaScript: the entry and what index.html preloads, plus each route's page chunk.
const firstLoad = runs('first-load') ? firstLoadByRoute('dist/web') : [];
if (firstLoad) {
  for (const { route, bytes } of firstLoad) {
    record(`first-load JS (gzip) ${route}`, Number.isNaN(bytes) ? 'page chunk not found' : `${(bytes / 1024).toFixed(1)} KB`, '< 150 KB', bytes < 150 * 1024);
  }
} else {
  rows.push({ what: 'first-load JS (gzip)', value: 'dist/web missing (web build failed?)', budget: '< 150 KB', verdict: 'MISSING' });
}

const DOMAIN = 'bench-uni.edu';
const serverEnv = { DEMO_DATA: 'true', INSTITUTION_EMAIL_DOMAIN: DOMAIN, MAX_UPLOAD_MB: '20' };
const dataDir = makeTempDir();
const dbFile = path.join(dataDir, 'studyshelf.sqlite');
let server;
let exitCode = 0;

try {
  // 2. Catalogue API, 50 concurrent keep-alive clients (first start also seeds the demo accounts).
  // The SQLite server (and the minute its demo library takes to process) only for parts that use it.
  const sqliteParts = ['catalogue', 'lighthouse', 'cls', 'tap', 'browse', 'search', 'upload', 'pdf'];
  if (sqliteParts.some(runs)) {
  step('starting the server (demo accounts); waiting until it has processed the demo library');
  server = await startServer({ dataDir, env: serverEnv });
  // Processing the demo PDFs takes the CPU for seconds: measure nothing meanwhile.
  await waitUntilProcessed(() => openJobsSqlite(dbFile));
  for (const [label, urlPath] of !runs('catalogue') ? [] : [
    ['GET /api/catalogue/branches', '/api/catalogue/branches'],
    ['GET /api/catalogue/subjects', '/api/catalogue/subjects?branch=cse&semester=3'],
  ]) {
    const check = (res) => {
      if (res.status !== 200) throw new Error(`${urlPath} answered ${res.status}`);
    };
    // Warm-up: a running server has long since optimised its hot paths (JIT); 2,000 requests do that here.
    await load(server.client, { path: urlPath, total: 2000, check });
    const { times } = await load(server.client, { path: urlPath, total: 5000, check });
    const p99 = percentile(times, 99);
    record(`${label} p50/p99 (50 clients)`, `${percentile(times, 50).toFixed(1)} / ${p99.toFixed(1)} ms`, 'p99 < 25 ms', p99 < 25);
  }
  // Lighthouse (mobile) and layout shift on the production build, signed in as the demo CR,
  // while the library holds only the demo papers (as a fresh install shows it).
  if (runs('lighthouse') || runs('cls') || runs('tap')) {
    const browser = new HttpClient(server.port);
    await browser.login(`cr@${DOMAIN}`, demoPassword(dataDir, 'CR'), server.origin);
    if (runs('lighthouse')) await benchLighthouse({ origin: server.origin, cookie: browser.cookie, record, step });
    if (runs('cls')) {
      step('layout shift per route (PerformanceObserver in Chromium, phone and desktop)');
      for (const { route, viewport, cls, sources } of await measureLayoutShift({ origin: server.origin, cookie: browser.cookie })) {
        record(`CLS ${viewport} ${route}`, `${cls.toFixed(3)}${cls >= 0.1 && sources.length ? ` (${sources[0]})` : ''}`, '< 0.1', cls < 0.1);
      }
    }
    if (runs('tap')) await benchTapToPage({ origin: server.origin, client: browser, record, step });
    browser.close();
  }
  server.client.close();
  await server.stop();
  }

  // 3. Browse/search with 100,000 resources, inserted while the server is stopped.
  if (runs('browse') || runs('search')) {
  step('inserting 100,000 resources into the SQLite file');
  const seeded = seedResources(dbFile, { count: 100_000, uploaderEmail: `cr@${DOMAIN}` });
  step(`inserted ${seeded.inserted} rows in ${(seeded.ms / 1000).toFixed(1)} s; restarting the server`);
  const filterColumns = readFilterColumns(dbFile);
  server = await startServer({ dataDir, env: serverEnv });
  await server.client.login(`student@${DOMAIN}`, demoPassword(dataDir, 'STUDENT'), server.origin);
  if (runs('browse')) {
    step('measuring GET /api/resources (5,000 requests per shape, 50 clients)');
    await benchBrowse(server.client, server.pid, filterColumns, record);
  }
  server.client.close();
  await server.stop();
  }

  // 3b. Full-text search over 200,000 generated pages, on the same SQLite library, then on PostgreSQL.
  if (runs('search')) {
    await benchSearchOnSqlite({ dataDir, dbFile, serverEnv, domain: DOMAIN, record, step });
    await benchSearchOnPostgres({ serverEnv, domain: DOMAIN, record, step });
  }

  // 3c. By hand: student pace over 1,000,000 pages on PostgreSQL (5x the default library: 100,000
  //     resources of 10 text pages plus page 0, 1,100,000 pages in all).
  if (runsByHand('search-1m')) {
    await benchSearchOnPostgres({ serverEnv, domain: DOMAIN, record, step, resources: 100_000, scale: true });
  }

  // 4. Upload memory, each on a freshly started server (so the idle baseline is not the heap
  //    left by the browse run or an earlier upload): five parallel uploads, then one alone.
  //    Processing is off on these servers (PROCESSING_CONCURRENCY=0): this measures the upload
  //    path; what processing a 20 MB file costs is the next row.
  for (const count of runs('upload') ? [5, 1] : []) {
    step(`restarting the server; measuring memory during ${count} x 20 MB upload${count > 1 ? 's' : ''}`);
    server = await startServer({ dataDir, env: { ...serverEnv, PROCESSING_CONCURRENCY: '0' } });
    await server.client.login(`cr@${DOMAIN}`, demoPassword(dataDir, 'CR'), server.origin);
    recordUploadMemory(record, await measureUploadMemory(server, server.client, count));
    server.client.close();
    await server.stop();
  }

  if (runs('upload')) {
    step('restarting the server; measuring memory while it processes one 20 MB upload');
    server = await startServer({ dataDir, env: serverEnv });
    await server.client.login(`cr@${DOMAIN}`, demoPassword(dataDir, 'CR'), server.origin);
    const m = await measureProcessingMemory(server, server.client);
    record(
      'processing 1 x 20 MB PDF after upload: server RSS growth (worker thread included)',
      `+${(m.growth / 1048576).toFixed(1)} MB (${m.detail}, ${m.processed ? `processed in ${m.seconds.toFixed(1)} s` : 'NOT processed in time'})`,
      'info (limit PROCESSING_MEMORY_MB x 2)',
      null,
    );
    server.client.close();
    await server.stop();
  }

  // 5. The upload-time PDF check: warm worker, the slowest real file, a decompression bomb.
  if (runs('pdf')) {
  step('restarting the server; measuring the PDF check');
  server = await startServer({ dataDir, env: serverEnv });
  await server.client.login(`cr@${DOMAIN}`, demoPassword(dataDir, 'CR'), server.origin);
  await benchPdfCheck(server, server.client, record);
  server.client.close();
  await server.stop();
  }

  // 6. Processing (no server): text extraction, thumbnails and OCR, in a worker thread.
  if (runs('processing')) {
    step('measuring text extraction, thumbnails and OCR (real scans from ../shared/corpus)');
    await benchProcessing(record);
  }

  // 6a. Near-duplicate papers (issue 35, no server): a real scan and three copies of it, OCR'd.
  if (runs('near-duplicates')) {
    step('scoring near-duplicate detection on a scan copied three ways (OCR)');
    await benchNearDuplicates(record);
  }

  // 6b. Question split quality (issue 35, no server): labelled scans and the demo papers.
  if (runs('questions')) {
    step('scoring the question splitter on labelled papers');
    await benchQuestions({ record, step });
    step('scoring repeat grouping on labelled pairs');
    const repeats = await benchQuestionRepeats();
    record(
      `Repeated questions: pair precision / recall (${repeats.pairs} pairs, ${repeats.repeats} repeats)`,
      `${repeats.precision.toFixed(3)} / ${repeats.recall.toFixed(3)}`,
      'P >= 0.9 at R >= 0.8',
      repeats.precision >= 0.9 && repeats.recall >= 0.8,
    );
    await benchSubjectPage({ serverEnv, domain: DOMAIN, record, step });
  }

  // 6c. Batch upload's autofill (issue 36, no server): the corpus's papers by name and first page.
  if (runs('autofill')) {
    step("guessing the corpus papers' fields from their names and first pages");
    await benchAutofill({ record, step });
  }

  // 7. Scale-out: one and two instances on PostgreSQL + S3 behind nginx, downloads against nginx's sendfile.
  if (runs('scale')) await benchScale({ serverEnv, domain: DOMAIN, record, step });

  // 8. Files handed to nginx (FILE_HANDOFF_PREFIX) against streamed by the app, files on disk.
  if (runs('handoff')) await benchHandoff({ serverEnv, domain: DOMAIN, record, step });
} catch (error) {
  console.error(`bench failed: ${error instanceof Error ? error.stack : error}`);
  const gone = server?.unexpectedExit();
  if (gone) console.error(gone);
  exitCode = 1;
} finally {
  server?.client.close();
  await server?.stop();
  cleanUpNow();
}

console.table(rows);
// Other work on the machine skews latency: say how busy it was.
console.log(
  `bench took ${((Date.now() - startedAt) / 1000).toFixed(0)} s; 1-min load average ${loadAtStart.toFixed(1)} at start, ` +
    `${loadavg()[0].toFixed(1)} at end, on ${availableParallelism()} CPUs`,
);
process.exit(exitCode);

/**
 * Tap to page 1 and a swipe to page 2 (issue 34), on a demo paper of two pages or more, under
 * Lighthouse's mobile throttling: the page image's time (the budget) and pdf.js's (what a reader
 * waited for before page images).
 */
async function benchTapToPage({ origin, client, record, step }) {
  step('tap to page 1 in the preview (Chromium, Lighthouse mobile throttling)');
  const res = await client.request({ path: '/api/resources?pageSize=50' });
  const resources = JSON.parse(res.body.toString()).resources ?? [];
  const paper = resources.find((r) => (r.pageImages?.count ?? 0) >= 2);
  if (!paper) {
    record('tap to page 1 (phone, throttled)', 'no demo paper with 2+ page images', '< 1.5 s', false);
    return;
  }
  const listPath = `/filter-resources?branch=${paper.branch}&semester=${paper.semester}&resourceType=${paper.resourceType}&academicYear=${paper.academicYear}`;
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push(await measureTapToPage({ origin, cookie: client.cookie, listPath, previewLabel: `Preview ${paper.title}` }));
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const page1 = median(runs.map((r) => r.page1Ms));
  const pdfjs = median(runs.map((r) => r.pdfjsMs));
  const page2 = runs.map((r) => r.page2Ms).filter((v) => v !== null);
  record('tap to page 1, page image (phone, throttled, median of 3)', `${(page1 / 1000).toFixed(2)} s`, '< 1.5 s', page1 < 1500);
  record('tap to page 1, pdf.js ready (same runs; before issue 34 page 1 waited for it)', `${(pdfjs / 1000).toFixed(2)} s`, '-', null);
  record(
    'swipe to page 2 image, before pdf.js ready',
    page2.length ? `${(median(page2) / 1000).toFixed(2)} s; before pdf.js in ${runs.filter((r) => r.page2BeforePdfjs).length}/3` : 'no page 2 image',
    'before pdf.js',
    page2.length > 0 && runs.every((r) => r.page2BeforePdfjs),
  );
}

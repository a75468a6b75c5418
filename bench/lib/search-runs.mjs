// The full-text search runs of `npm run bench`: each seeds its library, starts a server, signs a
// student in and measures the rows of issue 33 (search.mjs, class-rush.mjs, search-direct.mjs).
// Returns nothing running.
import pg from 'pg';
import { benchClassRush } from './class-rush.mjs';
import { benchOverhead, postgresDirect, sqliteDirect } from './search-direct.mjs';
import { benchSearchFlatOut, benchStudentPace, postgresPaperWriter, seedPagesSqlite, seedPostgres, sqlitePaperWriter } from './search.mjs';
import { demoPassword, makeTempDir, openJobsSqlite, startServer, waitUntilProcessed } from './server.mjs';

const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Every row on one database, on a server that has processed its demo library: the flat-out rows
 * (information), the overhead ratio, student pace, the class rush, then student pace while papers
 * are indexed (last: it changes the index). Each row that asks new queries has its own range of
 * them (searchMix firstNew).
 */
async function benchAllRows({ server, record, database, step, signIn, direct, writePaper }) {
  step(`measuring full-text search on ${database}: flat-out rows (50 clients, information)`);
  await benchSearchFlatOut(server.client, record, database);
  step(`measuring the search API's overhead over its statement on ${database}`);
  await benchOverhead(server.client, record, database, direct);
  step(`measuring student pace on ${database} (50 students, one search a second each)`);
  await benchStudentPace(server.client, record, database, { firstNew: 10_000 });
  step(`measuring a class rush on ${database} (200 students in 60 s)`);
  await benchClassRush({ port: server.port, record, database, signIn, firstNew: 18_000 });
  step(`measuring student pace on ${database} while 40-page papers are indexed`);
  await benchStudentPace(server.client, record, database, { firstNew: 14_000, writePaper, label: ', while a 40-page paper is indexed every 3 s' });
}

/** SQLite: 20,000 of the 100,000 browse resources get 10 text pages each (plus every page 0). */
export async function benchSearchOnSqlite({ dataDir, dbFile, serverEnv, domain, record, step }) {
  step('inserting 200,000 pages of text into the SQLite file (FTS5 indexes them)');
  const seeded = seedPagesSqlite(dbFile, { resources: 20_000 });
  step(`inserted ${seeded.pages} pages in ${(seeded.ms / 1000).toFixed(1)} s; restarting the server`);
  const server = await startServer({ dataDir, env: serverEnv });
  const signIn = (client) => client.login(`student@${domain}`, demoPassword(dataDir, 'STUDENT'), server.origin);
  const direct = sqliteDirect(dbFile);
  const writePaper = sqlitePaperWriter(dbFile);
  try {
    await signIn(server.client);
    step('waiting for the server to finish processing the demo library');
    await waitUntilProcessed(() => openJobsSqlite(dbFile));
    await benchAllRows({ server, record, database: 'SQLite', step, signIn, direct, writePaper });
  } finally {
    await writePaper.close();
    await direct.close();
    server.client.close();
    await server.stop();
  }
}

/**
 * PostgreSQL: a fresh database with `resources` resources of 10 text pages each (plus page 0),
 * 20,000 by default (220,000 pages). `scale` (the hand-run row, `--only=search-1m`): only
 * student pace, on the library seeded as given.
 */
export async function benchSearchOnPostgres({ serverEnv, domain, record, step, resources = 20_000, scale = false }) {
  const name = `studyshelf_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  try {
    await admin.connect();
  } catch (error) {
    record('search PostgreSQL', `skipped: no PostgreSQL at ${POSTGRES_ADMIN_URL} (${error.message})`, 'p99 < 50 ms', null);
    return;
  }
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const dataDir = makeTempDir();
  let server;
  const closing = [];
  try {
    await admin.query(`create database ${name}`);
    step('starting a server on PostgreSQL (migrations, demo accounts)');
    server = await startServer({ dataDir, env: { ...serverEnv, DATABASE_URL: url.toString() } });
    const pages = resources * 11;
    step(`inserting ${resources.toLocaleString('en')} resources and ${pages.toLocaleString('en')} pages into PostgreSQL`);
    const seeded = await seedPostgres(url.toString(), { resources, uploaderEmail: `cr@${domain}` });
    step(`inserted ${seeded.pages} pages in ${(seeded.ms / 1000).toFixed(1)} s`);
    const origin = server.origin;
    const signIn = (client) => client.login(`student@${domain}`, demoPassword(dataDir, 'STUDENT'), origin);
    await signIn(server.client);
    step('waiting for the server to finish processing the demo library');
    const jobs = new pg.Client({ connectionString: url.toString() });
    await jobs.connect();
    try {
      await waitUntilProcessed(async () => {
        const { rows } = await jobs.query("select count(*)::int as n from processing_job where status in ('pending', 'running')");
        return rows[0].n;
      });
    } finally {
      await jobs.end();
    }
    if (scale) {
      step(`measuring student pace on PostgreSQL over ${seeded.pages.toLocaleString('en')} pages`);
      await benchStudentPace(server.client, (what, value) => record(what, value, 'info (run by hand)', null), 'PostgreSQL', {
        firstNew: 10_000,
        label: ` [${seeded.pages.toLocaleString('en')} pages]`,
      });
      return;
    }
    const direct = await postgresDirect(url.toString());
    closing.push(direct.close);
    const writePaper = await postgresPaperWriter(url.toString());
    closing.push(writePaper.close);
    await benchAllRows({ server, record, database: 'PostgreSQL', step, signIn, direct, writePaper });
  } finally {
    for (const close of closing) await close();
    server?.client.close();
    await server?.stop();
    await admin.query(`drop database if exists ${name}`).catch(() => undefined);
    await admin.end();
  }
}

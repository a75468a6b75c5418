// The two full-text search runs of `npm run bench`: each seeds its library, starts a server,
// signs a student in and measures every shape of search.mjs. Returns nothing running.
import pg from 'pg';
import { benchSearch, postgresPageWriter, seedPagesSqlite, seedPostgres, sqlitePageWriter } from './search.mjs';
import { demoPassword, makeTempDir, openJobsSqlite, startServer, waitUntilProcessed } from './server.mjs';

const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** SQLite: 20,000 of the 100,000 browse resources get 10 text pages each (plus every page 0). */
export async function benchSearchOnSqlite({ dataDir, dbFile, serverEnv, domain, record, step }) {
  step('inserting 200,000 pages of text into the SQLite file (FTS5 indexes them)');
  const seeded = seedPagesSqlite(dbFile, { resources: 20_000 });
  step(`inserted ${seeded.pages} pages in ${(seeded.ms / 1000).toFixed(1)} s; restarting the server`);
  const server = await startServer({ dataDir, env: serverEnv });
  try {
    await server.client.login(`student@${domain}`, demoPassword(dataDir, 'STUDENT'), server.origin);
    step('waiting for the server to finish processing the demo library');
    await waitUntilProcessed(() => openJobsSqlite(dbFile));
    step('measuring full-text search on SQLite (50 clients)');
    const writePage = sqlitePageWriter(dbFile);
    try {
      await benchSearch(server.client, record, 'SQLite', writePage);
    } finally {
      writePage.close();
    }
  } finally {
    server.client.close();
    await server.stop();
  }
}

/** PostgreSQL: a fresh database with 20,000 resources of 10 text pages each (plus page 0). */
export async function benchSearchOnPostgres({ serverEnv, domain, record, step }) {
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
  try {
    await admin.query(`create database ${name}`);
    step('starting a server on PostgreSQL (migrations, demo accounts)');
    server = await startServer({ dataDir, env: { ...serverEnv, DATABASE_URL: url.toString() } });
    step('inserting 20,000 resources and 220,000 pages into PostgreSQL');
    const seeded = await seedPostgres(url.toString(), { resources: 20_000, uploaderEmail: `cr@${domain}` });
    step(`inserted ${seeded.pages} pages in ${(seeded.ms / 1000).toFixed(1)} s`);
    await server.client.login(`student@${domain}`, demoPassword(dataDir, 'STUDENT'), server.origin);
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
    step('measuring full-text search on PostgreSQL (50 clients)');
    const writePage = await postgresPageWriter(url.toString());
    try {
      await benchSearch(server.client, record, 'PostgreSQL', writePage);
    } finally {
      await writePage.close();
    }
  } finally {
    server?.client.close();
    await server?.stop();
    await admin.query(`drop database if exists ${name}`).catch(() => undefined);
    await admin.end();
  }
}


import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Five projects: unit tests beside the code, the API suite three times, on SQLite, on PostgreSQL
 * and on PostgreSQL with files in an S3-protocol server (s3rver; the scaled-out layout), and
 * `scale` (two built servers behind nginx, needs PostgreSQL and `npm run build`). In CI a
 * missing PostgreSQL fails the run; elsewhere those legs are skipped loudly.
 */
const postgresAdminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresAdminUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const alias = { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)) };

const apiProject = (dialect: 'sqlite' | 'postgres', storage: 'local' | 's3' = 'local'): TestProjectInlineConfiguration => ({
  resolve: { alias },
  test: {
    name: storage === 's3' ? `api-${dialect}-s3` : `api-${dialect}`,
    include: ['tests/api/**/*.test.ts'],
    // The corpus run (51 real PDFs through processing, 2-3 minutes of CPU) tests pdf.js and OCR,
    // and the remembered phrase scores test background scoring that waits on the index settling:
    // neither is about where bytes live, twice (SQLite, PostgreSQL) is enough, and a third copy
    // running beside them starves all three of CPU (the phrase-lists test then timed out waiting).
    exclude: storage === 's3' ? ['tests/api/processing-corpus.test.ts', 'tests/api/search-phrase-lists.test.ts'] : [],
    environment: 'node',
    env: { TEST_DB: dialect, TEST_POSTGRES_URL: postgresAdminUrl, TEST_STORAGE: storage },
    // Generous: some tests hash dozens of passwords (scrypt), and a slow shared host must not fail
    // a test that asserts outcomes. Speed is measured by `npm run bench`, not here.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig(async () => {
  const projects: TestProjectInlineConfiguration[] = [
    {
      resolve: { alias },
      // bench/ holds pure helpers with tests of their own (the split scorer), run with the unit tests.
      // In CI the unit tests share two cores with three API runs and the scale test: a test that
      // starts workers or spawns poppler must not fail for waiting its turn (speed is the bench's).
      test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}', 'bench/**/*.test.mjs'], environment: 'node', testTimeout: 30_000 },
    },
    apiProject('sqlite'),
  ];
  if (await postgresReachable()) {
    projects.push(apiProject('postgres'), apiProject('postgres', 's3'));
    // Two built server processes behind nginx on PostgreSQL and S3 (decision 019).
    projects.push({
      resolve: { alias },
      test: {
        name: 'scale',
        include: ['tests/scale/**/*.test.ts'],
        environment: 'node',
        env: { TEST_DB: 'postgres', TEST_POSTGRES_URL: postgresAdminUrl },
        testTimeout: 120_000,
        hookTimeout: 180_000,
      },
    });
  } else if (process.env.CI) {
    throw new Error(`PostgreSQL is required in CI but not reachable at ${postgresAdminUrl}`);
  } else {
    console.warn(
      `\n*** PostgreSQL not reachable at ${postgresAdminUrl}: SKIPPING the PostgreSQL API tests and the scale test. ***\n` +
        '*** Start PostgreSQL or set TEST_POSTGRES_URL to run them (CI always does). ***\n',
    );
  }
  // Once per run: API tests upload PDFs, inspected by the bundled worker (as in production).
  return { test: { projects, globalSetup: ['tests/support/build-workers.ts'] } };
});

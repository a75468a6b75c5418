import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Three projects: unit tests beside the code, and the API suite twice, on SQLite and on
 * PostgreSQL. In CI a missing PostgreSQL fails the run; elsewhere that leg is skipped loudly.
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

const apiProject = (dialect: 'sqlite' | 'postgres'): TestProjectInlineConfiguration => ({
  resolve: { alias },
  test: {
    name: `api-${dialect}`,
    include: ['tests/api/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: dialect, TEST_POSTGRES_URL: postgresAdminUrl },
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
      test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}'], environment: 'node' },
    },
    apiProject('sqlite'),
  ];
  if (await postgresReachable()) {
    projects.push(apiProject('postgres'));
  } else if (process.env.CI) {
    throw new Error(`PostgreSQL is required in CI but not reachable at ${postgresAdminUrl}`);
  } else {
    console.warn(
      `\n*** PostgreSQL not reachable at ${postgresAdminUrl}: SKIPPING the PostgreSQL API tests. ***\n` +
        '*** Start PostgreSQL or set TEST_POSTGRES_URL to run them (CI always does). ***\n',
    );
  }
  // Once per run: API tests upload PDFs, inspected by the bundled worker (as in production).
  return { test: { projects, globalSetup: ['tests/support/build-workers.ts'] } };
});

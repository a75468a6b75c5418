// The search statements of the server, compiled here as the server compiles them (parseQuery,
// then sqliteSearchStatement / postgresSearchStatement through Kysely), for the overhead row of
// search-direct.mjs. It imports the TypeScript sources, so esbuild bundles it first
// (search-direct.mjs does), as processing.mjs does its worker. No connection: Kysely's DummyDriver.
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { postgresSearchStatement } from '../../src/server/modules/search/postgres-search.repository.ts';
import { parseQuery } from '../../src/server/modules/search/search-query.ts';
import { sqliteSearchStatement } from '../../src/server/modules/search/sqlite-search.repository.ts';

const compilers = {
  sqlite: new Kysely({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  }),
  postgres: new Kysely({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }),
};

/**
 * The statement GET /api/resources runs for these list parameters (as resource-list.ts turns
 * them into a search request), without the abbreviation and typo expansion of search.service.ts:
 * the bench asks only words of the index, which that expansion leaves as they are.
 * @param {'sqlite' | 'postgres'} dialect
 * @param {{ q: string, branch?: string, semester?: string, sort?: string, page?: string, pageSize?: string }} params
 * @returns {{ sql: string, parameters: readonly unknown[] }}
 */
export function compileSearch(dialect, params) {
  const pageSize = Number(params.pageSize ?? 12);
  /** @type {import('../../src/server/modules/search/search.repository.ts').SearchRequest} */
  const request = {
    groups: parseQuery(params.q),
    filter: { branch: params.branch, semester: params.semester ? Number(params.semester) : undefined },
    order: params.sort === 'newest' || params.sort === 'downloads' ? params.sort : 'relevance',
    offset: (Number(params.page ?? 1) - 1) * pageSize,
    limit: pageSize,
  };
  const statement = dialect === 'sqlite' ? sqliteSearchStatement(request) : postgresSearchStatement(request);
  const { sql, parameters } = statement.compile(compilers[dialect]);
  return { sql, parameters };
}

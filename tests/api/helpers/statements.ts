import SQLite from 'better-sqlite3';
import pg from 'pg';
import { vi } from 'vitest';

/** The statements better-sqlite3 runs in this process while `during` runs, but the mail loop's (it polls). */
export async function statementsDuring(during: () => Promise<unknown>): Promise<string[]> {
  const probe = new SQLite(':memory:');
  const statement = Object.getPrototypeOf(probe.prepare('select 1')) as Record<'get' | 'all' | 'run' | 'iterate', () => unknown>;
  probe.close();
  const spies = (['get', 'all', 'run', 'iterate'] as const).map((method) => vi.spyOn(statement, method));
  try {
    await during();
    return spies.flatMap((spy) => spy.mock.contexts.map((ran) => (ran as { source: string }).source)).filter((sql) => !sql.includes('mail_outbox'));
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

/** The statements node-postgres sends from this process while `during` runs, but the pollers' (mail, processing). */
export async function postgresStatementsDuring(during: () => Promise<unknown>): Promise<string[]> {
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  try {
    await during();
    return spy.mock.calls
      .map(([query]) => (typeof query === 'string' ? query : (query as { text: string }).text))
      .filter((text) => !/mail_outbox|processing_job/.test(text));
  } finally {
    spy.mockRestore();
  }
}

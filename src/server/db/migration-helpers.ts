import type { CreateTableBuilder } from 'kysely';
import type { Dialect } from './database.js';

export interface MigrationContext {
  dialect: Dialect;
}

/** Adds an `id` integer primary key that the database numbers itself, in either dialect. */
export function autoIncrementId<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: Dialect,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

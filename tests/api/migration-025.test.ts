import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/database.js';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate.js';
import { createEmptyTestDb } from './helpers/test-database.js';
import { testDialect } from './helpers/test-app.js';

/** Migration 025 (decision 040): existing accounts get no settled term, so the calendar may ask them. */
describe(`migration 025: the term a semester was settled in (${testDialect})`, () => {
  it('adds semesterConfirmedTerm, null for the users already there', async () => {
    const { db, cleanup } = await createEmptyTestDb();
    try {
      await check(db);
    } finally {
      await cleanup();
    }
  });
});

/** From 023 to the latest with a user made before 025. */
async function check(db: Db) {
  await migrateTo(db, '023-page-images');
  const now = new Date().toISOString();
  await db.kysely
    .insertInto('user')
    .values({ id: 'u1', name: 'Old Student', email: 'old@test-uni.edu', emailVerified: 0, image: null, createdAt: now, updatedAt: now, role: 'STUDENT', course: 'btech', branch: 'cse', semester: 3, academicSession: '2024-28' } as never)
    .execute();
  expect(await migrateToLatest(db)).toContain('025-semester-confirmed-term');
  const row = await db.kysely.selectFrom('user').select(['semester', 'semesterConfirmedTerm']).where('id', '=', 'u1').executeTakeFirstOrThrow();
  expect(row).toEqual({ semester: 3, semesterConfirmedTerm: null });
  await db.kysely.updateTable('user').set({ semesterConfirmedTerm: '2027-01' }).where('id', '=', 'u1').execute();
  expect((await db.kysely.selectFrom('user').select('semesterConfirmedTerm').executeTakeFirstOrThrow()).semesterConfirmedTerm).toBe('2027-01');
}

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/database.js';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate.js';
import { createEmptyTestDb } from './helpers/test-database.js';
import { testDialect } from './helpers/test-app.js';

/** Migration 007 on a database that already has CR seats: unverified holders give theirs back. */
describe(`migration 007 on existing data (${testDialect})`, () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ db, cleanup } = await createEmptyTestDb());
  });
  afterAll(async () => {
    await cleanup();
  });

  it('turns unverified seat holders into students waiting for verification, keeps verified CRs, drops login_failure', async () => {
    await migrateTo(db, '006-reports');
    const now = new Date().toISOString();
    const user = (id: string, verified: boolean) => ({
      id,
      name: id,
      email: `${id}@uni.edu`,
      emailVerified: db.dialect === 'postgres' ? verified : Number(verified),
      image: null,
      createdAt: now,
      updatedAt: now,
      role: 'CR',
      course: 'btech',
      branch: 'cse',
      semester: 3,
      academicSession: '2024-25',
    });
    await db.kysely.insertInto('user').values([user('squatter', false), user('real', true)]).execute();
    await db.kysely
      .insertInto('class_rep_seat')
      .values([
        { branch_id: 'cse', semester: 3, seat: 1, user_id: 'squatter', created_at: now },
        { branch_id: 'cse', semester: 3, seat: 2, user_id: 'real', created_at: now },
      ])
      .execute();

    expect(await migrateToLatest(db)).toContain('007-account-limits');

    const roles = await db.kysely.selectFrom('user').select(['id', 'role']).orderBy('id').execute();
    expect(roles).toEqual([
      { id: 'real', role: 'CR' },
      { id: 'squatter', role: 'STUDENT' },
    ]);
    expect((await db.kysely.selectFrom('class_rep_seat').select('user_id').execute()).map((r) => r.user_id)).toEqual(['real']);
    expect((await db.kysely.selectFrom('class_rep_claim').select('user_id').execute()).map((r) => r.user_id)).toEqual(['squatter']);
    await expect(sql`select count(*) from login_failure`.execute(db.kysely)).rejects.toThrow();
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/server/db/database.js';
import { retryDelayMs } from '../../src/server/jobs/job-poller.js';
import type { Claim, JobQueueRepository } from '../../src/server/jobs/job-queue.repository.js';
import { MailOutboxRepository } from '../../src/server/mail/mail-outbox.repository.js';
import { ProcessingJobRepository } from '../../src/server/modules/processing/processing-job.repository.js';
import { insertStoredResource } from './helpers/processing.js';
import { testClock } from './helpers/test-clock.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

type Key = string | number;

/**
 * The one queue (src/server/jobs) under both of its tables: processing_job names a claim's
 * holder in locked_by, mail_outbox by the claim's lease end.
 */
const queues = [
  {
    table: 'processing_job' as const,
    key: 'resource_id',
    done: 'done',
    queueOn: (db: Db) => new ProcessingJobRepository(db).queue as JobQueueRepository<Key>,
    add: async (t: TestApp, n: number) => {
      for (let i = 0; i < n; i++) await insertStoredResource(t, Buffer.from(`job ${Math.random()} ${i}`), `job-${i}.pdf`);
    },
  },
  {
    table: 'mail_outbox' as const,
    key: 'id',
    done: 'sent',
    queueOn: (db: Db) => new MailOutboxRepository(db).queue as JobQueueRepository<Key>,
    add: async (t: TestApp, n: number) => {
      const outbox = new MailOutboxRepository(t.db);
      for (let i = 0; i < n; i++) await outbox.enqueue({ to: `q${i}@example.edu`, subject: 'Queued', text: 'x' }, new Date());
    },
  },
];

describe.each(queues)(`job queue on $table (${testDialect})`, ({ table, key, done, queueOn, add }) => {
  let t: TestApp;
  let queue: JobQueueRepository<Key>;
  let clock: ReturnType<typeof testClock>;

  beforeAll(async () => {
    t = await createTestApp();
    // This file claims the rows itself.
    await t.services.mailDelivery.stop();
    queue = queueOn(t.db);
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.db.kysely.deleteFrom(table).execute();
    clock = testClock();
  });

  const rowOf = (claim: Claim<Key>) =>
    t.db.kysely.selectFrom(table).select(['status', 'attempts', 'locked_until', 'last_error', 'next_attempt_at']).where(key as 'id', '=', claim.key as never).executeTakeFirstOrThrow();

  /** Rows added now are due a moment later on the test clock. */
  const addDue = async (n: number) => {
    await add(t, n);
    clock.advance(1_000);
  };

  it('holds a claim for its lease; once a killed holder\'s lease lapses another takes it, and the first can no longer finish it', async () => {
    await addDue(1);
    const [first] = await queue.claim(clock.now(), 60_000, 1, { token: 'a' });
    expect(first).toMatchObject({ attempt: 1 });
    expect(await queue.hasDue(clock.now())).toBe(false);
    clock.advance(59_999);
    expect(await queue.claim(clock.now(), 60_000, 1, { token: 'b' })).toEqual([]);

    clock.advance(1);
    expect(await queue.hasDue(clock.now())).toBe(true);
    const [second] = await queue.claim(clock.now(), 60_000, 1, { token: 'b' });
    expect(second).toMatchObject({ key: first!.key, attempt: 2 });
    expect(await queue.stillHeld(first!)).toBe(false);
    expect(await queue.end(first!, done, {}, clock.now())).toBe(false);
    expect(await queue.stillHeld(second!)).toBe(true);
    expect(await queue.end(second!, done, {}, clock.now())).toBe(true);
    expect(await rowOf(second!)).toMatchObject({ status: done, attempts: 2, locked_until: null });
  });

  it('retries after a pause that doubles with each attempt, then gives the job up with its reason', async () => {
    await addDue(1);
    const policy = { retryBaseMs: 1_000, maxAttempts: 3 };
    const waits: number[] = [];
    let claim: Claim<Key> | undefined;
    for (let attempt = 1; attempt <= 3; attempt++) {
      [claim] = await queue.claim(clock.now(), 60_000, 1, { token: `t${attempt}` });
      expect(claim).toMatchObject({ attempt });
      const retryInMs = retryDelayMs(attempt, policy);
      expect(await queue.failOrRetry(claim!, `boom ${attempt}`, retryInMs, clock.now())).toBe(true);
      if (retryInMs === undefined) break;
      waits.push(retryInMs);
      clock.advance(retryInMs - 1);
      expect(await queue.hasDue(clock.now())).toBe(false);
      clock.advance(1);
    }
    expect(waits).toEqual([1_000, 2_000]);
    expect(await rowOf(claim!)).toMatchObject({ status: 'failed', attempts: 3, last_error: 'boom 3', locked_until: null });
    expect(await queue.claim(clock.now(), 60_000, 1, { token: 'late' })).toEqual([]);
  });

  it('puts a claim never worked on back in line at once, its attempt not counted', async () => {
    await addDue(1);
    const [claim] = await queue.claim(clock.now(), 60_000, 1, { token: 'a' });
    expect((await queue.claims()).map((c) => c.key)).toEqual([claim!.key]);
    expect(await queue.release(claim!, clock.now(), { counted: false })).toBe(true);
    expect(await rowOf(claim!)).toMatchObject({ status: 'pending', attempts: 0, locked_until: null });
    expect(await queue.claims()).toEqual([]);
    expect(await queue.claim(clock.now(), 60_000, 1, { token: 'b' })).toEqual([expect.objectContaining({ key: claim!.key, attempt: 1 })]);
  });

  it('lets two instances claim at once without both taking any row', async () => {
    await addDue(24);
    // A second instance: its own connection(s) to the same database file or server.
    const otherDb = createDb(t.config.database);
    try {
      const instances = [queue, queueOn(otherDb)];
      const taken = await Promise.all(
        instances.map(async (q, i) => {
          const keys: Key[] = [];
          for (let n = 0; ; n++) {
            const batch = await q.claim(clock.now(), 60_000, 3, { token: `instance${i}:${n}` });
            if (!batch.length) return keys;
            keys.push(...batch.map((c) => c.key));
          }
        }),
      );
      const all = taken.flat();
      expect(all).toHaveLength(24);
      expect(new Set(all).size).toBe(24);
      const rows = await t.db.kysely.selectFrom(table).select('attempts').execute();
      expect(rows.map((r) => Number(r.attempts))).toEqual(Array(24).fill(1));
    } finally {
      await otherDb.close();
    }
  });
});

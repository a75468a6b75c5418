import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { lockSkippingLocked } from '../../db/row-locks.js';

export interface ClaimedJob {
  resourceId: string;
  /** Which attempt this is, counting this one (1 = first). */
  attempt: number;
  /** This claim's token: only its holder may finish the job (locked_by). */
  token: string;
  fileKey: string;
  pageCount: number;
  /** Where this pass's OCR starts: pages before it were read by earlier passes. */
  ocrFromPage: number;
}


/** Queries on processing_job; the rules (retries, limits, results) are in ProcessingService. */
export class ProcessingJobRepository {
  constructor(private readonly db: Db) {}

  /** Jobs due now: pending ones whose time has come, and running ones whose lease lapsed. */
  private due(now: Date) {
    const at = now.toISOString();
    return this.db.kysely
      .selectFrom('processing_job')
      .select('resource_id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', at)]),
          eb.and([eb('status', '=', 'running'), eb('locked_until', '<=', at)]),
        ]),
      );
  }

  /** A plain read, so an idle poll never takes a write lock. */
  async hasDue(now: Date): Promise<boolean> {
    return (await this.due(now).limit(1).executeTakeFirst()) !== undefined;
  }

  async countDue(now: Date): Promise<number> {
    const row = await this.db.kysely
      .selectFrom('processing_job')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('resource_id', 'in', this.due(now))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Takes the oldest due job for `token`, holding it for `leaseMs`, new uploads before the later
   * OCR passes of large scans (priority). With SKIP LOCKED on PostgreSQL two processes claiming
   * at once take different jobs; SQLite has one writer.
   */
  async claimOne(now: Date, leaseMs: number, token: string): Promise<ClaimedJob | undefined> {
    for (;;) {
      const due = this.due(now).orderBy('priority').orderBy('next_attempt_at').orderBy('resource_id').limit(1);
      const job = await this.db.kysely
        .updateTable('processing_job')
        .set((eb) => ({
          status: 'running',
          locked_until: new Date(now.getTime() + leaseMs).toISOString(),
          locked_by: token,
          attempts: eb('attempts', '+', 1),
          pages_done: 0,
          updated_at: now.toISOString(),
        }))
        .where('resource_id', 'in', lockSkippingLocked(due, this.db.dialect))
        .returning(['resource_id', 'attempts', 'ocr_from_page'])
        .executeTakeFirst();
      if (!job) return undefined;
      const resource = await this.db.kysely
        .selectFrom('resource')
        .select(['file_key', 'page_count'])
        .where('id', '=', job.resource_id)
        .executeTakeFirst();
      // Deleted between the claim and here (its job row went with it): take the next one.
      if (!resource) continue;
      return {
        resourceId: job.resource_id,
        attempt: Number(job.attempts),
        token,
        fileKey: resource.file_key,
        pageCount: Number(resource.page_count),
        ocrFromPage: Number(job.ocr_from_page),
      };
    }
  }

  /** Records progress; false when the claim is no longer this token's. */
  async setProgress(job: ClaimedJob, pagesDone: number, now: Date): Promise<boolean> {
    const result = await this.mine(job)
      .set({ pages_done: pagesDone, updated_at: now.toISOString() })
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Whether this claim still holds (another process may have taken over a lapsed lease). */
  async stillHeld(job: ClaimedJob): Promise<boolean> {
    const row = await this.db.kysely
      .selectFrom('processing_job')
      .select('resource_id')
      .where('resource_id', '=', job.resourceId)
      .where('status', '=', 'running')
      .where('locked_by', '=', job.token)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Done (`note`: what went wrong on the way); false when the claim is no longer this token's. */
  async markDone(job: ClaimedJob, pagesDone: number, now: Date, note: string | null = null): Promise<boolean> {
    const at = now.toISOString();
    const result = await this.mine(job)
      .set({
        status: 'done',
        locked_until: null,
        locked_by: null,
        last_error: note,
        pages_done: pagesDone,
        updated_at: at,
        finished_at: at,
        priority: 0,
        ocr_from_page: 1,
      })
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * This pass is written; OCR goes on from `fromPage` in a later pass, due now but behind every
   * new upload (priority 1). Its attempts count afresh: each pass is a job of its own size.
   */
  async continueLater(job: ClaimedJob, fromPage: number, now: Date, note: string | null): Promise<boolean> {
    const at = now.toISOString();
    const result = await this.mine(job)
      .set({
        status: 'pending',
        next_attempt_at: at,
        locked_until: null,
        locked_by: null,
        attempts: 0,
        last_error: note,
        priority: 1,
        ocr_from_page: fromPage,
        updated_at: at,
      })
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async scheduleRetry(job: ClaimedJob, at: Date, reason: string, now: Date): Promise<boolean> {
    const result = await this.mine(job)
      .set({ status: 'pending', next_attempt_at: at.toISOString(), locked_until: null, locked_by: null, last_error: reason, updated_at: now.toISOString() })
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async markFailed(job: ClaimedJob, reason: string, now: Date): Promise<boolean> {
    const at = now.toISOString();
    const result = await this.mine(job)
      .set({ status: 'failed', locked_until: null, locked_by: null, last_error: reason, updated_at: at, finished_at: at })
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Gives a claimed job back untouched (shutdown): pending now, this attempt not counted. */
  async release(job: ClaimedJob, now: Date): Promise<void> {
    await this.releaseUnstarted(job.resourceId, job.token, now);
  }

  /** A claim never worked on (its holder lost the answer): pending now, the attempt not counted. */
  async releaseUnstarted(resourceId: string, token: string, now: Date): Promise<boolean> {
    const result = await this.db.kysely
      .updateTable('processing_job')
      .where('resource_id', '=', resourceId)
      .where('status', '=', 'running')
      .where('locked_by', '=', token)
      .set((eb) => ({
        status: 'pending',
        next_attempt_at: now.toISOString(),
        locked_until: null,
        locked_by: null,
        attempts: eb('attempts', '-', 1),
        updated_at: now.toISOString(),
      }))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Tokens of the jobs running now (few: at most the processing slots of every process). */
  async runningTokens(): Promise<Array<{ resourceId: string; token: string }>> {
    const rows = await this.db.kysely
      .selectFrom('processing_job')
      .select(['resource_id', 'locked_by'])
      .where('status', '=', 'running')
      .where('locked_by', 'is not', null)
      .execute();
    return rows.map((r) => ({ resourceId: r.resource_id, token: r.locked_by! }));
  }

  /** Puts a job held by a process known to be dead back in line now, its attempt counted. */
  async releaseDeadClaim(resourceId: string, token: string, now: Date): Promise<boolean> {
    const at = now.toISOString();
    const result = await this.db.kysely
      .updateTable('processing_job')
      .set({ status: 'pending', next_attempt_at: at, locked_until: null, locked_by: null, last_error: 'Interrupted: the server stopped while processing it', updated_at: at })
      .where('resource_id', '=', resourceId)
      .where('status', '=', 'running')
      .where('locked_by', '=', token)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  private mine(job: ClaimedJob) {
    return this.db.kysely
      .updateTable('processing_job')
      .where('resource_id', '=', job.resourceId)
      .where('status', '=', 'running')
      .where('locked_by', '=', job.token);
  }

  async find(resourceId: string) {
    return this.db.kysely.selectFrom('processing_job').selectAll().where('resource_id', '=', resourceId).executeTakeFirst();
  }

  /** A failed job back in line; false when it was not failed. */
  async retryFailed(resourceId: string, now: Date): Promise<boolean> {
    const at = now.toISOString();
    const result = await this.db.kysely
      .updateTable('processing_job')
      .set({ status: 'pending', attempts: 0, next_attempt_at: at, last_error: null, finished_at: null, pages_done: 0, updated_at: at })
      .where('resource_id', '=', resourceId)
      .where('status', '=', 'failed')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Every resource back in line (reindex): existing jobs reset, missing ones created. */
  async enqueueAll(now: Date): Promise<number> {
    const at = now.toISOString();
    await this.db.kysely
      .updateTable('processing_job')
      .set({
        status: 'pending',
        attempts: 0,
        next_attempt_at: at,
        locked_until: null,
        locked_by: null,
        last_error: null,
        finished_at: null,
        pages_done: 0,
        updated_at: at,
        priority: 0,
        ocr_from_page: 1,
      })
      .execute();
    await sql`
      insert into processing_job (resource_id, status, attempts, next_attempt_at, pages_done, created_at, updated_at)
      select r.id, 'pending', 0, ${at}, 0, ${at}, ${at} from resource r
      where not exists (select 1 from processing_job j where j.resource_id = r.id)`.execute(this.db.kysely);
    const row = await this.db.kysely.selectFrom('processing_job').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

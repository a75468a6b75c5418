import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { JobQueueRepository, type Claim } from '../../jobs/job-queue.repository.js';

export interface ClaimedJob extends Claim<string> {
  resourceId: string;
  fileKey: string;
  pageCount: number;
  /** Where this pass's OCR starts: pages before it were read by earlier passes. */
  ocrFromPage: number;
}

/** Queries on processing_job; the rules (retries, limits, results) are in ProcessingService. */
export class ProcessingJobRepository {
  /** The queue's claims, leases and retries (jobs/job-queue.repository.ts); `locked_by` holds a claim's token. */
  readonly queue: JobQueueRepository<string>;

  constructor(private readonly db: Db) {
    // New uploads before the later OCR passes of large scans (priority), then the longest waiting.
    const order = ['priority', 'next_attempt_at', 'resource_id'];
    this.queue = new JobQueueRepository(db, { table: 'processing_job', key: 'resource_id', claimed: 'running', holder: 'locked_by', touched: 'updated_at', order });
  }

  /** Takes the first due job for `token`, holding it for `leaseMs`. */
  async claimOne(now: Date, leaseMs: number, token: string): Promise<ClaimedJob | undefined> {
    for (;;) {
      const [job] = await this.queue.claim(now, leaseMs, 1, { token, values: { pages_done: 0 }, columns: ['ocr_from_page'] });
      if (!job) return undefined;
      const resource = await this.db.kysely.selectFrom('resource').select(['file_key', 'page_count']).where('id', '=', job.key).executeTakeFirst();
      // Deleted between the claim and here (its job row went with it): take the next one.
      if (!resource) continue;
      const { row, ...claim } = job;
      return { ...claim, resourceId: job.key, fileKey: resource.file_key, pageCount: Number(resource.page_count), ocrFromPage: Number(row.ocr_from_page) };
    }
  }

  /** Records progress; false when the claim is no longer this token's. */
  setProgress(job: ClaimedJob, pagesDone: number, now: Date): Promise<boolean> {
    return this.queue.update(job, { pages_done: pagesDone }, now);
  }

  /** Done (`note`: what went wrong on the way); false when the claim is no longer this token's. */
  markDone(job: ClaimedJob, pagesDone: number, now: Date, note: string | null = null): Promise<boolean> {
    return this.queue.end(job, 'done', { last_error: note, pages_done: pagesDone, finished_at: now.toISOString(), priority: 0, ocr_from_page: 1 }, now);
  }

  /**
   * This pass is written; OCR goes on from `fromPage` in a later pass, due now but behind every
   * new upload (priority 1). Its attempts count afresh: each pass is a job of its own size.
   */
  continueLater(job: ClaimedJob, fromPage: number, now: Date, note: string | null): Promise<boolean> {
    return this.queue.end(job, 'pending', { next_attempt_at: now.toISOString(), attempts: 0, last_error: note, priority: 1, ocr_from_page: fromPage }, now);
  }

  /** Tried again after `retryInMs`, or failed when that is undefined; false when no longer this token's. */
  failOrRetry(job: ClaimedJob, reason: string, retryInMs: number | undefined, now: Date): Promise<boolean> {
    return this.queue.failOrRetry(job, reason, retryInMs, now, { finished_at: now.toISOString() });
  }

  markFailed(job: ClaimedJob, reason: string, now: Date): Promise<boolean> {
    return this.failOrRetry(job, reason, undefined, now);
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

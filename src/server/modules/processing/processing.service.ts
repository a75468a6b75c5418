import {
  JOBS_PAGE_SIZE,
  type ProcessingJob,
  type ProcessingJobListQuery,
  type ProcessingJobListResponse,
  type ProcessingStatus,
} from '../../../shared/processing.js';
import { conflict, notFound } from '../../http/http-error.js';
import type { JobListRow, ProcessingJobListRepository } from './processing-job-list.repository.js';
import type { ProcessingJobRepository } from './processing-job.repository.js';
import { systemClock, type Clock } from '../../system/clock.js';

export const PROCESSING_MESSAGES = {
  jobNotFound: 'There is no processing job for this resource.',
  notFailed: 'Only a failed job can be retried; this one is not failed.',
} as const;

/** The operators' side of processing: the jobs page, retrying a failed job, reindexing all. */
export class ProcessingService {
  constructor(
    private readonly jobs: ProcessingJobRepository,
    private readonly listing: ProcessingJobListRepository,
    private readonly clock: Clock = systemClock,
  ) {}

  async list(query: ProcessingJobListQuery): Promise<ProcessingJobListResponse> {
    const noted = query.status === 'noted';
    const statuses: ProcessingStatus[] = noted ? ['done'] : query.status && query.status !== 'noted' ? [query.status] : ['pending', 'running', 'failed'];
    const { rows, total } = await this.listing.list(statuses, (query.page - 1) * JOBS_PAGE_SIZE, JOBS_PAGE_SIZE, noted);
    return { jobs: rows.map(presentJob), total, page: query.page, pageSize: JOBS_PAGE_SIZE, counts: await this.listing.counts() };
  }

  /** A failed job back in line, its attempts counted afresh. */
  async retry(resourceId: string): Promise<void> {
    if (await this.jobs.retryFailed(resourceId, this.clock())) return;
    const job = await this.jobs.find(resourceId);
    if (!job) throw notFound(PROCESSING_MESSAGES.jobNotFound);
    throw conflict(PROCESSING_MESSAGES.notFailed, { code: 'NOT_FAILED' });
  }

  /** Jobs still waiting (due now or later). */
  async pendingCount(): Promise<number> {
    return (await this.listing.counts()).pending;
  }

  /** Every resource processed again (reindex); returns how many jobs are now pending. */
  enqueueAll(): Promise<number> {
    return this.jobs.enqueueAll(this.clock());
  }
}

function presentJob(row: JobListRow): ProcessingJob {
  return {
    resourceId: row.resource_id,
    subject: row.subject,
    fileName: row.file_name,
    originalName: row.original_name,
    status: row.status,
    attempts: Number(row.attempts),
    pagesDone: Number(row.pages_done),
    pageCount: Number(row.page_count),
    lastError: row.last_error,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

import type { Db } from '../../db/database.js';
import type { ProcessingStatus } from '../../../shared/processing.js';

export interface JobListRow {
  resource_id: string;
  status: ProcessingStatus;
  attempts: number;
  pages_done: number;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  subject: string;
  file_name: string;
  original_name: string;
  page_count: number;
}

/** The admins' view of processing_job: counts per status and a page of jobs with their files. */
export class ProcessingJobListRepository {
  constructor(private readonly db: Db) {}

  /** Jobs per status, and `noted`: done ones with a note. */
  async counts(): Promise<Record<ProcessingStatus | 'noted', number>> {
    const rows = await this.db.kysely
      .selectFrom('processing_job')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.count<number>('last_error').as('noted')])
      .groupBy('status')
      .execute();
    const counts = { pending: 0, running: 0, failed: 0, done: 0, noted: 0 };
    for (const row of rows) {
      counts[row.status] = Number(row.n);
      if (row.status === 'done') counts.noted = Number(row.noted);
    }
    return counts;
  }

  /** Jobs in `statuses`, newest change first; `notedOnly`: only those with a note. */
  async list(statuses: ProcessingStatus[], offset: number, limit: number, notedOnly = false): Promise<{ rows: JobListRow[]; total: number }> {
    const base = this.db.kysely
      .selectFrom('processing_job')
      .innerJoin('resource', 'resource.id', 'processing_job.resource_id')
      .where('processing_job.status', 'in', statuses)
      .$if(notedOnly, (qb) => qb.where('processing_job.last_error', 'is not', null));
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .select([
        'processing_job.resource_id',
        'processing_job.status',
        'processing_job.attempts',
        'processing_job.pages_done',
        'processing_job.last_error',
        'processing_job.created_at',
        'processing_job.updated_at',
        'resource.subject',
        'resource.file_name',
        'resource.original_name',
        'resource.page_count',
      ])
      .orderBy('processing_job.updated_at', 'desc')
      .orderBy('processing_job.resource_id')
      .offset(offset)
      .limit(limit)
      .execute();
    return { rows: rows as JobListRow[], total: Number(total.n) };
  }
}

import type { Insertable, Selectable } from 'kysely';
import type { CorrectionQueue } from '../../../shared/correction.js';
import type { ResourceCorrectionTable } from '../../db/schema.js';
import type { Executor } from '../../db/unit-of-work.js';

export type NewCorrectionRow = Insertable<ResourceCorrectionTable>;

/** A correction with its resource's facts and its suggester's name and address. */
export type CorrectionView = Selectable<ResourceCorrectionTable> & {
  title: string | null;
  subject: string;
  branch: string;
  semester: number;
  resource_type: string;
  academic_year: string;
  suggested_by_name: string | null;
  suggested_by_email: string | null;
};

/** Queries on resource_correction (migration 029); the rules are in CorrectionService. */
export class CorrectionRepository {
  constructor(private readonly db: Executor) {}

  async insert(row: NewCorrectionRow): Promise<void> {
    await this.db.insertInto('resource_correction').values(row).execute();
  }

  private views() {
    return this.db
      .selectFrom('resource_correction as c')
      .innerJoin('resource as r', 'r.id', 'c.resource_id')
      .leftJoin('user as u', 'u.id', 'c.suggested_by')
      .selectAll('c')
      .select(['r.title', 'r.subject', 'r.branch', 'r.semester', 'r.resource_type', 'r.academic_year', 'u.name as suggested_by_name', 'u.email as suggested_by_email']);
  }

  findView(id: string): Promise<CorrectionView | undefined> {
    return this.views().where('c.id', '=', id).executeTakeFirst();
  }

  /**
   * One page of a queue: open ones newest first, closed ones (accepted and dismissed) latest
   * decided first; `klass` narrows to one class's resources (a CR's queue).
   */
  list(queue: CorrectionQueue, klass: { branch?: string; semester?: number }, page: { limit: number; offset: number }): Promise<CorrectionView[]> {
    let query = queue === 'closed' ? this.views().where('c.status', 'in', ['accepted', 'dismissed']) : this.views().where('c.status', '=', queue);
    if (klass.branch !== undefined) query = query.where('r.branch', '=', klass.branch);
    if (klass.semester !== undefined) query = query.where('r.semester', '=', klass.semester);
    query = queue === 'open' ? query.orderBy('c.created_at', 'desc') : query.orderBy('c.decided_at', 'desc').orderBy('c.created_at', 'desc');
    return query.orderBy('c.id').limit(page.limit).offset(page.offset).execute();
  }

  /** Closes it if still open; false when someone else closed it first. */
  async closeIfOpen(id: string, status: 'accepted' | 'dismissed', decidedByName: string, at: string, reason: string | null = null): Promise<boolean> {
    const result = await this.db
      .updateTable('resource_correction')
      .set({ status, decided_by_name: decidedByName, decided_at: at, decision_reason: reason })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}

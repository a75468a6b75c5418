import type { Kysely, Selectable } from 'kysely';
import type { ReportStatus } from '../../../shared/report.js';
import type { Database, IssueReportTable } from '../../db/schema.js';
import { AuditLogRepository, type NewAuditEntry } from '../audit/audit-log.repository.js';

/** A stored report plus its reporter's current name (null once the account is gone). */
export type ReportRow = Selectable<IssueReportTable> & { reporter_name: string | null };
export type NewReportRow = Selectable<IssueReportTable>;

/** The admin inbox's filters; each is optional. */
export interface ReportFilter {
  status?: ReportStatus;
  issueType?: string;
  priority?: string;
}

/** Queries of the issue_report table; no rules live here. */
export class ReportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: NewReportRow): Promise<void> {
    await this.db.insertInto('issue_report').values(row).execute();
  }

  /**
   * Inserts the report unless its reporter already has `max` reports since `since`; false when
   * refused. Counting and inserting happen while holding the reporter's user row (a no-op update
   * locks it on PostgreSQL; SQLite runs one write transaction at a time), so parallel posts
   * cannot all see the same count and all get in.
   */
  async insertWithinLimit(row: NewReportRow & { reporter_id: string }, limit: { max: number; since: string }): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await trx.updateTable('user').set((eb) => ({ id: eb.ref('id') })).where('id', '=', row.reporter_id).execute();
      const repository = new ReportRepository(trx);
      if ((await repository.countByReporter(row.reporter_id, limit.since)) >= limit.max) return false;
      await repository.insert(row);
      return true;
    });
  }

  private selectRows() {
    return this.db
      .selectFrom('issue_report')
      .leftJoin('user', 'user.id', 'issue_report.reporter_id')
      .selectAll('issue_report')
      .select('user.name as reporter_name');
  }

  async findById(id: string): Promise<ReportRow | undefined> {
    return this.selectRows().where('issue_report.id', '=', id).executeTakeFirst();
  }

  /** One reporter's reports, newest first. */
  async pageByReporter(reporterId: string, offset: number, limit: number): Promise<ReportRow[]> {
    return this.selectRows()
      .where('issue_report.reporter_id', '=', reporterId)
      .orderBy('issue_report.created_at', 'desc')
      .orderBy('issue_report.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  async countByReporter(reporterId: string, since?: string): Promise<number> {
    let query = this.db
      .selectFrom('issue_report')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('reporter_id', '=', reporterId);
    if (since) query = query.where('created_at', '>=', since);
    const { count } = await query.executeTakeFirstOrThrow();
    return Number(count);
  }

  /** The inbox: filtered, newest first, one page. */
  async page(filter: ReportFilter, offset: number, limit: number): Promise<ReportRow[]> {
    let query = this.selectRows();
    if (filter.status) query = query.where('issue_report.status', '=', filter.status);
    if (filter.issueType) query = query.where('issue_report.issue_type', '=', filter.issueType);
    if (filter.priority) query = query.where('issue_report.priority', '=', filter.priority);
    return query
      .orderBy('issue_report.created_at', 'desc')
      .orderBy('issue_report.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  async count(filter: ReportFilter): Promise<number> {
    let query = this.db.selectFrom('issue_report').select((eb) => eb.fn.countAll<number | string>().as('count'));
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.issueType) query = query.where('issue_type', '=', filter.issueType);
    if (filter.priority) query = query.where('priority', '=', filter.priority);
    const { count } = await query.executeTakeFirstOrThrow();
    return Number(count);
  }

  /**
   * Sets the status; false when the report does not exist. `audit` describes the change for the
   * audit log (decision 008), written in the same transaction.
   */
  async setStatus(id: string, status: ReportStatus, updatedAt: string, audit: (before: ReportRow) => NewAuditEntry): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const before = await new ReportRepository(trx).findById(id);
      if (!before) return false;
      await trx.updateTable('issue_report').set({ status, updated_at: updatedAt }).where('id', '=', id).execute();
      if (before.status !== status) await new AuditLogRepository(trx).insert(audit(before));
      return true;
    });
  }

  /** Which of these screenshot keys a report still points at (for the orphan sweep). */
  async existingScreenshotKeys(keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.db.selectFrom('issue_report').select('screenshot_key').where('screenshot_key', 'in', keys).execute();
    return new Set(rows.map((r) => r.screenshot_key).filter((k): k is string => k !== null));
  }
}

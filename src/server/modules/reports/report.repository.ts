import type { Selectable } from 'kysely';
import type { ReportStatus } from '../../../shared/report.js';
import type { IssueReportTable } from '../../db/schema.js';
import { assertInUnitOfWork, type Executor } from '../../db/unit-of-work.js';

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
  constructor(private readonly db: Executor) {}

  async insert(row: NewReportRow): Promise<void> {
    await this.db.insertInto('issue_report').values(row).execute();
  }

  /**
   * Holds the reporter's user row until the unit of work ends (a no-op update locks it on
   * PostgreSQL; SQLite runs one write transaction at a time), so parallel posts of one reporter
   * count and insert one after the other (ReportService.create).
   */
  async lockReporter(reporterId: string): Promise<void> {
    assertInUnitOfWork(this.db, 'lockReporter');
    await this.db.updateTable('user').set((eb) => ({ id: eb.ref('id') })).where('id', '=', reporterId).execute();
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

  async setStatus(id: string, status: ReportStatus, updatedAt: string): Promise<void> {
    await this.db.updateTable('issue_report').set({ status, updated_at: updatedAt }).where('id', '=', id).execute();
  }

  /** Which of these screenshot keys a report still points at (for the orphan sweep). */
  async existingScreenshotKeys(keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.db.selectFrom('issue_report').select('screenshot_key').where('screenshot_key', 'in', keys).execute();
    return new Set(rows.map((r) => r.screenshot_key).filter((k): k is string => k !== null));
  }
}

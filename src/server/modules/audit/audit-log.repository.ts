import type { Selectable } from 'kysely';
import type { AuditAction } from '../../../shared/admin.js';
import type { AuditLogTable } from '../../db/schema.js';
import type { Executor } from '../../db/unit-of-work.js';

export type AuditLogRow = Selectable<AuditLogTable>;

/** What a service records about one administrator action; snapshots are plain objects. */
export interface NewAuditEntry {
  actor: { id: string; name: string };
  action: AuditAction;
  targetType: 'user' | 'resource' | 'admin_request' | 'report' | 'request' | 'subject_alias' | 'question';
  targetId: string;
  summary: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * The audit log (migration 004). Services build it on the unit of work of the change it
 * describes (decision 024), so an entry is written together with that change, or not at all.
 */
export class AuditLogRepository {
  constructor(private readonly db: Executor) {}

  async insert(entry: NewAuditEntry): Promise<void> {
    await this.db
      .insertInto('audit_log')
      .values({
        actor_id: entry.actor.id,
        actor_name: entry.actor.name,
        action: entry.action,
        target_type: entry.targetType,
        target_id: entry.targetId,
        summary: entry.summary,
        before_json: entry.before ? JSON.stringify(entry.before) : null,
        after_json: entry.after ? JSON.stringify(entry.after) : null,
        created_at: new Date().toISOString(),
      })
      .execute();
  }

  async count(): Promise<number> {
    const row = await this.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Newest first; the id breaks ties between entries of the same millisecond. */
  page(offset: number, limit: number): Promise<AuditLogRow[]> {
    return this.db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }
}

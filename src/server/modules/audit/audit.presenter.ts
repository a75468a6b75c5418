import type { AuditEntry } from '../../../shared/admin.js';
import type { AuditLogRow } from './audit-log.repository.js';

/** An audit row as the API shows it, with its snapshots parsed back into objects. */
export function presentAuditEntry(row: AuditLogRow): AuditEntry {
  return {
    id: Number(row.id),
    actorId: row.actor_id,
    actorName: row.actor_name,
    action: row.action as AuditEntry['action'],
    targetType: row.target_type,
    targetId: row.target_id,
    summary: row.summary,
    before: parseSnapshot(row.before_json),
    after: parseSnapshot(row.after_json),
    createdAt: row.created_at,
  };
}

function parseSnapshot(json: string | null): Record<string, unknown> | null {
  return json ? (JSON.parse(json) as Record<string, unknown>) : null;
}

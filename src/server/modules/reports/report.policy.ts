import type { SessionUser } from '../../../shared/account.js';
import { can } from '../../../shared/permissions.js';

/**
 * Who may see a report and its screenshot: the reporter and administrators. Everyone else is
 * told it does not exist (404), so report ids cannot be probed.
 */
export function canViewReport(user: Pick<SessionUser, 'id' | 'role'>, report: { reporter_id: string | null }): boolean {
  return can(user.role, 'manageReports') || (report.reporter_id !== null && report.reporter_id === user.id);
}

/** Only administrators move a report through its statuses. */
export function canChangeReportStatus(user: Pick<SessionUser, 'role'>): boolean {
  return can(user.role, 'manageReports');
}

import {
  ISSUE_TYPE_VALUES,
  PRIORITY_VALUES,
  SCREENSHOT_TYPES,
  reportScreenshotUrl,
  type IssueType,
  type Priority,
  type Report,
  type ScreenshotType,
} from '../../../shared/report.js';
import type { ReportRow } from './report.repository.js';

/** A stored row as the API shows it. Unknown stored values fall back rather than break a page. */
export function presentReport(row: ReportRow): Report {
  const screenshotType = row.screenshot_type as ScreenshotType | null;
  return {
    id: row.id,
    issueType: (ISSUE_TYPE_VALUES as readonly string[]).includes(row.issue_type) ? (row.issue_type as IssueType) : 'other',
    title: row.title,
    description: row.description,
    priority: (PRIORITY_VALUES as readonly string[]).includes(row.priority) ? (row.priority as Priority) : 'medium',
    email: row.email,
    status: row.status,
    reporterId: row.reporter_id,
    reporterName: row.reporter_name ?? null,
    screenshot:
      row.screenshot_key && screenshotType && (SCREENSHOT_TYPES as readonly string[]).includes(screenshotType)
        ? { type: screenshotType, size: Number(row.screenshot_size ?? 0), url: reportScreenshotUrl(row.id) }
        : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

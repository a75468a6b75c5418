import type { AuditEntry } from '@shared/admin';
import { Badge } from '../../../components/ui/badge';

// Keyed by string: actions added by later features still render, with their raw name.
const ACTION_LABELS: Record<string, { label: string; tone: 'red' | 'orange' | 'blue' | 'green' | 'neutral' }> = {
  'user.role_change': { label: 'Role change', tone: 'orange' },
  'user.delete': { label: 'User deleted', tone: 'red' },
  'user.sessions_end': { label: 'Sessions ended', tone: 'orange' },
  'user.class_change': { label: 'Class change', tone: 'blue' },
  'user.self_delete': { label: 'Account deleted by owner', tone: 'red' },
  'admin_request.approve': { label: 'Admin approved', tone: 'green' },
  'admin_request.decline': { label: 'Admin declined', tone: 'neutral' },
  'resource.delete': { label: 'Resource deleted', tone: 'red' },
  'resource.retitle': { label: 'Resource retitled', tone: 'blue' },
  'resource.edit': { label: 'Resource edited', tone: 'blue' },
  'resource.replace_file': { label: 'File replaced', tone: 'blue' },
  'correction.accept': { label: 'Correction applied', tone: 'green' },
  'correction.dismiss': { label: 'Correction dismissed', tone: 'neutral' },
  'report.status_change': { label: 'Report status', tone: 'blue' },
  'request.fulfil': { label: 'Request fulfilled', tone: 'green' },
  'request.decline': { label: 'Request declined', tone: 'neutral' },
  'subject_alias.save': { label: 'Abbreviation saved', tone: 'blue' },
  'subject_alias.delete': { label: 'Abbreviation deleted', tone: 'neutral' },
  'question.merge': { label: 'Questions merged', tone: 'neutral' },
  'question.separate': { label: 'Question separated', tone: 'neutral' },
};

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const show = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** The fields a change touched, as "field: before → after" (only before for deletions). */
function changes(entry: AuditEntry): { field: string; before: string; after: string | null }[] {
  const before = entry.before ?? {};
  const after = entry.after;
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after ?? {})])];
  return fields
    .filter((field) => after === null || show(before[field]) !== show(after[field]))
    .map((field) => ({ field, before: show(before[field]), after: after === null ? null : show(after[field]) }));
}

/** One row of the audit log: when, who, what, and the before and after values. */
export function AuditEntryItem({ entry }: { entry: AuditEntry }) {
  const action = ACTION_LABELS[entry.action] ?? { label: entry.action, tone: 'neutral' as const };
  const rows = changes(entry);
  return (
    <li className="px-4 py-4 sm:px-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <Badge tone={action.tone}>{action.label}</Badge>
        <time dateTime={entry.createdAt} className="text-slate-600">
          {timeFormat.format(new Date(entry.createdAt))}
        </time>
        <span className="text-slate-600">
          by <span className="font-semibold text-slate-900">{entry.actorName}</span>
        </span>
      </div>
      <p className="mt-2 text-sm break-words text-slate-900">{entry.summary}</p>
      {rows.length > 0 ? (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer font-medium text-brand-700 hover:underline">
            {entry.after === null ? 'Record before deletion' : 'Before and after'}
          </summary>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg bg-slate-50 p-3 text-slate-800">
            {rows.map((row) => (
              <div key={row.field} className="contents">
                <dt className="font-medium">{row.field}</dt>
                <dd className="break-all">
                  {row.after === null ? (
                    row.before
                  ) : (
                    <>
                      <span className="text-slate-600 line-through decoration-slate-400">{row.before}</span>
                      <span aria-hidden="true"> → </span>
                      <span className="sr-only"> changed to </span>
                      <span className="font-semibold">{row.after}</span>
                    </>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
    </li>
  );
}

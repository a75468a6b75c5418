import { Eye } from 'lucide-react';
import { RESOURCE_TYPE_SHORT, semesterLabel } from '@shared/catalogue';
import { examLabel } from '@shared/exams';
import { previewResourceHref } from '@shared/routes';
import { Link } from 'react-router';
import { ThumbnailImage } from '../../../components/ui/thumbnail-image';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useLibraryMatches, type MatchDraft } from '../api/library-matches';

/** Typing settles for this long before the library is asked (one search per pause, not per key). */
const DEBOUNCE_MS = 400;

/**
 * "These may be what you want" (issue 36): what the library already holds for the request being
 * written, so a student finds it instead of waiting for a CR. Shown once a subject is chosen.
 */
export function LibraryMatches({ draft }: { draft: MatchDraft }) {
  // A string, not the form's values object (new at each render), so the timer only restarts on a change.
  const { branch, semester, subject, resourceType, exam } = draft;
  const settled = JSON.parse(useDebouncedValue(JSON.stringify({ branch, semester, subject, resourceType, exam }), DEBOUNCE_MS)) as MatchDraft;
  const ready = !!(settled.branch && settled.semester && settled.subject.trim().length >= 2);
  const found = useLibraryMatches(settled, ready);
  if (!ready) return null;
  const resources = found.data?.resources ?? [];
  return (
    <section aria-label="These may be what you want" aria-busy={found.isFetching} className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h2 className="text-sm font-semibold text-slate-900">These may be what you want</h2>
      {found.isPending ? <p className="mt-2 text-sm text-slate-600">Looking in the library...</p> : null}
      {found.isError ? <p className="mt-2 text-sm text-slate-600">The library could not be searched just now; you can still send the request.</p> : null}
      {found.isSuccess && resources.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Nothing in the library fits yet. Send the request and your class's CRs will see it.</p>
      ) : null}
      {resources.length > 0 ? (
        <ul className="mt-3 space-y-2">
          {resources.map((r) => (
            <li key={r.id}>
              <Link
                to={previewResourceHref(r.id)}
                className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-2 hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <ThumbnailImage src={r.thumbnailUrl} alt="" width={40} height={56} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-slate-900">{r.title}</span>
                  <span className="block text-sm text-slate-600">
                    {[RESOURCE_TYPE_SHORT[r.resourceType], examLabel(r), semesterLabel(r.semester), r.academicYear].filter(Boolean).join(' · ')}
                  </span>
                </span>
                <Eye aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

import { TriangleAlert } from 'lucide-react';
import { previewResourceHref } from '@shared/routes';
import { nearDuplicateMessage } from '@shared/near-duplicates';
import { Button } from '../../../components/ui/button';
import { TextLink } from '../../../components/ui/text-link';

export interface NearDuplicate {
  id: string;
  title: string;
  percent: number;
}

interface NearDuplicateNoticeProps {
  match: NearDuplicate;
  busy: boolean;
  onUploadAnyway: () => void;
}

/**
 * The upload's text is nearly that of a paper in the library (409 NEAR_DUPLICATE, decision 047):
 * nothing was saved; the uploader opens the paper already there, or sends the file again anyway.
 * Loaded only when shown: the upload page's first load stays in its budget.
 */
export function NearDuplicateNotice({ match, busy, onUploadAnyway }: NearDuplicateNoticeProps) {
  return (
    <div role="alert" className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1 space-y-3">
        <p className="font-medium">{nearDuplicateMessage(match.title, match.percent)}</p>
        <p>Nothing was saved yet. Another scan or export of a paper already here only splits its downloads and shelves.</p>
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={onUploadAnyway} disabled={busy}>
            Upload anyway
          </Button>
          <TextLink to={previewResourceHref(match.id)}>Open the existing one</TextLink>
        </div>
      </div>
    </div>
  );
}

import type { NearDuplicatePair, PairPaper } from '@shared/near-duplicates';
import { previewResourceHref } from '@shared/routes';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextLink } from '../../../components/ui/text-link';

interface PairCardProps {
  pair: NearDuplicatePair;
  busy: boolean;
  onKeep: (keep: PairPaper, drop: PairPaper) => void;
  onDismiss: () => void;
}

const day = (iso: string) => new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** One flagged pair: both papers side by side (stacked on a phone), keep either, or say they differ. */
export function NearDuplicatePairCard({ pair, busy, onKeep, onDismiss }: PairCardProps) {
  const [first, second] = pair.papers as [PairPaper, PairPaper];
  return (
    <Card className="space-y-4 p-4 sm:p-5" data-testid="near-duplicate-pair">
      <p className="text-sm font-semibold text-amber-800">{`${pair.percent}% the same text`}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        {[first, second].map((paper, i) => (
          <div key={paper.id} className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3">
            <TextLink to={previewResourceHref(paper.id)} className="font-medium break-words">
              {paper.title}
            </TextLink>
            <p className="text-sm text-slate-600">
              {`${paper.subject} · ${paper.academicYear} · ${paper.pageCount} ${paper.pageCount === 1 ? 'page' : 'pages'}${paper.scanned ? ' · Scanned' : ''}`}
            </p>
            <p className="text-sm text-slate-600">{`${paper.downloads} ${paper.downloads === 1 ? 'download' : 'downloads'} · added ${day(paper.createdAt)}`}</p>
            <Button variant="secondary" className="mt-auto" disabled={busy} onClick={() => onKeep(paper, i === 0 ? second : first)} aria-label={`Keep “${paper.title}”`}>
              Keep this one
            </Button>
          </div>
        ))}
      </div>
      <Button variant="secondary" disabled={busy} onClick={onDismiss}>
        Not the same paper
      </Button>
    </Card>
  );
}

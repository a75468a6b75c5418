import { Download, Eye, Pencil, ScanLine, Trash2, UserRound } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { subjectHref } from '@shared/routes';
import type { Resource } from '@shared/resource';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ThumbnailImage } from '../../../components/ui/thumbnail-image';
import { formatUploadDate, paperExamLabel, uploaderLabel } from '../../../lib/resource-labels';
import { formatCount, formatSize, RESOURCE_TYPE_SHORT } from '../utils/labels';
import { SaveToggle } from './save-toggle';
import { ResourceMeta } from './resource-meta';
import { hitQuestionLabel, SearchSnippet } from './search-snippet';

interface ResourceCardProps {
  resource: Resource;
  signedIn: boolean;
  canDelete: boolean;
  /** Admins may retitle any resource; others only their own uploads (`uploader: 'you'`). */
  canEditAll?: boolean;
  onPreview: (resource: Resource) => void;
  onDownload: (resource: Resource) => void;
  onDelete: (resource: Resource) => void;
  onEditTitle?: (resource: Resource) => void;
  /** On My shelf (shown to signed-in users). */
  saved: boolean;
  onToggleSaved: (resourceId: string, saved: boolean) => void;
  /** The list is of one class: the class would be the same on every card, so it is left out. */
  withoutClass?: boolean;
}

const iconButton = '-m-1 inline-flex size-10 shrink-0 items-center justify-center rounded-lg';

/**
 * One result (SPEC.md §2) that shows the paper: its title first (what tells two "DBMS Notes" of
 * one class apart, two lines at most), the first page, pages, size, upload date and who uploaded
 * it, the class unless the list is of one class; Save as an icon; Preview,
 * Download, and for its uploader or admins Edit details, for admins Delete. Memoized: when the shelf
 * answer arrives (or the list refetches), only the cards whose `saved` changed render again, not
 * twenty cards in one long task; so the callbacks given to it must keep their identity.
 */
export const ResourceCard = memo(function ResourceCard({ resource, signedIn, canDelete, canEditAll, onPreview, onDownload, onDelete, onEditTitle, saved, onToggleSaved, withoutClass }: ResourceCardProps) {
  const { hit } = resource;
  const by = uploaderLabel(resource.uploader);
  const exam = paperExamLabel(resource);
  const onEdit = canEditAll || resource.uploader === 'you' ? onEditTitle : undefined;
  return (
    <Card className="flex h-full flex-col p-5" data-testid="resource-card">
      <div className="flex items-start gap-4">
        <ThumbnailImage
          src={resource.thumbnailUrl}
          alt={`First page of ${resource.title}`}
          // About A4's proportions; the server makes the image about 240 px wide (sharp at 2x and 3x).
          width={84}
          height={119}
        />
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            {/* Two lines at most (issue 34); the whole title is in the tooltip, and read out in full. */}
            <h3 className="line-clamp-2 text-lg leading-snug font-semibold wrap-anywhere text-slate-900" title={resource.title}>
              {resource.title}
            </h3>
            <div className="flex shrink-0">
              {signedIn ? <SaveToggle resource={resource} saved={saved} onToggle={onToggleSaved} /> : null}
              {onEdit ? (
                <button
                  type="button"
                  onClick={() => onEdit(resource)}
                  aria-label={`Edit details of ${resource.title}`}
                  title="Edit details"
                  className={`${iconButton} text-slate-600 hover:bg-slate-100 hover:text-slate-900`}
                >
                  <Pencil aria-hidden="true" className="size-4" />
                </button>
              ) : null}
              {canDelete ? (
                <button
                  type="button"
                  onClick={() => onDelete(resource)}
                  aria-label="Delete Resource (Admin Only)"
                  title="Delete Resource (Admin Only)"
                  className={`${iconButton} text-red-700 hover:bg-red-50`}
                >
                  <Trash2 aria-hidden="true" className="size-5" />
                </button>
              ) : null}
            </div>
          </div>
          <p className="mt-1 flex flex-wrap items-center gap-1.5 text-sm text-slate-700">
            <Badge tone={resource.resourceType === 'PYQ' ? 'accent' : resource.resourceType === 'PRACTICAL' ? 'neutral' : 'brand'}>
              {RESOURCE_TYPE_SHORT[resource.resourceType]}
            </Badge>
            <Link
              to={subjectHref(resource.subject)}
              className="min-w-0 wrap-anywhere underline decoration-slate-300 underline-offset-2 hover:decoration-slate-700"
              title={`All papers of ${resource.subject} and their most asked questions`}
            >
              {resource.subject}
            </Link>
            {resource.scanned ? (
              <Badge tone="neutral" title="Its text was read from page images (a phone scan)">
                <ScanLine aria-hidden="true" className="mr-1 size-3" />
                Scanned
              </Badge>
            ) : null}
          </p>
          {exam ? (
            <p data-testid="exam-label" className={`mt-1 text-sm ${exam.missing ? 'text-amber-800 italic' : 'font-medium text-slate-800'}`}>
              {exam.text}
            </p>
          ) : null}
          <p className="mt-1.5 text-sm text-slate-600" data-testid="paper-facts">
            {`${formatCount(resource.pageCount, 'page', 'pages')} · ${formatSize(resource.sizeBytes)}`}
            <br />
            <span>{`${formatUploadDate(resource.createdAt)}${by ? ` · ${by}` : ''}`}</span>
          </p>
          {resource.beingRead ? <p className="mt-1 text-sm text-amber-800">Being read: searchable in a few minutes</p> : null}
        </div>
      </div>
      {hit ? (
        <button
          type="button"
          onClick={() => onPreview(resource)}
          className="mt-3 -mx-2 rounded-lg px-2 py-1.5 text-left hover:bg-slate-50"
        >
          <span className="sr-only">{hit.question ? 'Open this question: ' : 'Open this match: '}</span>
          {hit.question ? (
            <span className="mb-1 block text-sm font-semibold text-brand-800" data-testid="hit-question">
              {hitQuestionLabel(hit.question)}
            </span>
          ) : null}
          <SearchSnippet hit={hit} className="line-clamp-3" />
        </button>
      ) : null}
      <ResourceMeta resource={resource} withoutClass={withoutClass} className="mt-3 flex flex-1 flex-wrap content-start gap-x-4 gap-y-1 text-sm text-slate-700" />
      {resource.uploadedByName !== undefined ? (
        <p className="mt-3 flex items-center gap-1.5 text-xs text-slate-600">
          <UserRound aria-hidden="true" className="size-3.5" />
          {`Uploaded by ${resource.uploadedByName ?? 'a deleted account'}`}
        </p>
      ) : null}
      <div className="mt-4 grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={() => onPreview(resource)} aria-label={`Preview ${resource.title}`}>
          <Eye aria-hidden="true" className="size-4" />
          Preview
        </Button>
        <Button onClick={() => onDownload(resource)} disabled={!signedIn} aria-label={`Download ${resource.title}`}>
          <Download aria-hidden="true" className="size-4" />
          Download
        </Button>
      </div>
    </Card>
  );
});

import { Download, Eye, ScanLine, Trash2, UserRound } from 'lucide-react';
import type { Resource } from '@shared/resource';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ThumbnailImage } from '../../../components/ui/thumbnail-image';
import { RESOURCE_TYPE_SHORT } from '../utils/labels';
import { SaveToggle } from './save-toggle';
import { ResourceMeta } from './resource-meta';
import { SearchSnippet } from './search-snippet';

// About A4's proportions; the server makes the image about 240 px wide (sharp at 2x and 3x).
const THUMB_WIDTH = 84;
const THUMB_HEIGHT = 119;

interface ResourceCardProps {
  resource: Resource;
  signedIn: boolean;
  canDelete: boolean;
  onPreview: (resource: Resource) => void;
  onDownload: (resource: Resource) => void;
  onDelete: (resource: Resource) => void;
}

/** One search result (SPEC.md §2): facts, Preview, Download, and for admins the uploader and Delete. */
export function ResourceCard({ resource, signedIn, canDelete, onPreview, onDownload, onDelete }: ResourceCardProps) {
  const { hit } = resource;
  return (
    <Card className="flex h-full flex-col p-5" data-testid="resource-card">
      <div className="flex items-start gap-4">
        <ThumbnailImage
          src={resource.thumbnailUrl}
          alt={`First page of ${resource.subject}, ${resource.originalName}`}
          width={THUMB_WIDTH}
          height={THUMB_HEIGHT}
        />
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <div className="flex flex-wrap gap-1.5">
              <Badge tone={resource.resourceType === 'PYQ' ? 'accent' : resource.resourceType === 'PRACTICAL' ? 'neutral' : 'brand'}>
                {RESOURCE_TYPE_SHORT[resource.resourceType]}
              </Badge>
              {resource.scanned ? (
                <Badge tone="neutral" title="Its text was read from page images (a phone scan)">
                  <ScanLine aria-hidden="true" className="mr-1 size-3" />
                  Scanned
                </Badge>
              ) : null}
            </div>
            {signedIn ? <SaveToggle resource={resource} className="-my-1 ml-auto" /> : null}
            {canDelete ? (
              <button
                type="button"
                onClick={() => onDelete(resource)}
                aria-label="Delete Resource (Admin Only)"
                title="Delete Resource (Admin Only)"
                className="-m-2 inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-red-700 hover:bg-red-50"
              >
                <Trash2 aria-hidden="true" className="size-5" />
              </button>
            ) : null}
          </div>
          <h3 className="mt-2 text-lg leading-snug font-semibold break-words text-slate-900">{resource.subject}</h3>
          {/* Two papers of one subject differ by their file names (and year, in the facts below). */}
          <p className="mt-0.5 truncate text-sm text-slate-600" title={resource.originalName}>
            {resource.originalName}
          </p>
        </div>
      </div>
      {hit ? (
        <button
          type="button"
          onClick={() => onPreview(resource)}
          className="mt-3 -mx-2 rounded-lg px-2 py-1.5 text-left hover:bg-slate-50"
        >
          <span className="sr-only">Open this match: </span>
          <SearchSnippet hit={hit} className="line-clamp-3" />
        </button>
      ) : null}
      <ResourceMeta resource={resource} className="mt-3 grid flex-1 grid-cols-1 gap-1.5 text-sm text-slate-700" />
      {resource.uploadedByName !== undefined ? (
        <p className="mt-3 flex items-center gap-1.5 text-xs text-slate-600">
          <UserRound aria-hidden="true" className="size-3.5" />
          {`Uploaded by ${resource.uploadedByName ?? 'a deleted account'}`}
        </p>
      ) : null}
      <div className="mt-4 grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={() => onPreview(resource)} aria-label={`Preview ${resource.subject}`}>
          <Eye aria-hidden="true" className="size-4" />
          Preview
        </Button>
        <Button onClick={() => onDownload(resource)} disabled={!signedIn} aria-label={`Download ${resource.subject}`}>
          <Download aria-hidden="true" className="size-4" />
          Download
        </Button>
      </div>
    </Card>
  );
}

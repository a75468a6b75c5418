import { Link } from 'react-router';
import { RESOURCE_TYPE_SHORT } from '@shared/catalogue';
import type { Resource } from '@shared/resource';
import { ThumbnailImage } from '../../../components/ui/thumbnail-image';
import { formatSize } from '../../../lib/format-size';
import { formatUploadDate, paperExamLabel, uploaderLabel } from '../../../lib/resource-labels';

/** Thumbnail box. */
export const TILE_THUMB = { width: 60, height: 85 } as const;

/**
 * The tile's height, the same for every tile and for its loading placeholder, so nothing moves
 * when the papers arrive: the tallest content (a two-line title, subject, facts and an extra
 * line: 48 + 22 + 18 + 18 px) with the padding and border.
 */
export const TILE_HEIGHT = 132;

interface PaperTileProps {
  resource: Resource;
  /** Where the tile leads: the library with this paper's preview open. */
  to: string;
  /** An extra fact, such as "12 downloads this term". */
  extra?: string;
}

/** A paper in a home-page section: first page, title, subject and type, and its facts. */
export function PaperTile({ resource, to, extra }: PaperTileProps) {
  const by = uploaderLabel(resource.uploader);
  // A past paper is dated by its exam ("End-sem · Dec 2024"), not by when it was uploaded.
  const when = paperExamLabel(resource)?.text ?? formatUploadDate(resource.createdAt);
  return (
    <Link
      to={to}
      style={{ minHeight: TILE_HEIGHT }}
      className="flex h-full gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50"
    >
      {/* The title beside it names the link; the image adds nothing for a screen reader. */}
      <ThumbnailImage src={resource.thumbnailUrl} alt="" width={TILE_THUMB.width} height={TILE_THUMB.height} />
      <span className="min-w-0 flex-1">
        <span className="line-clamp-2 font-semibold wrap-anywhere text-slate-900">{resource.title}</span>
        <span className="mt-0.5 block truncate text-sm text-slate-700">{`${RESOURCE_TYPE_SHORT[resource.resourceType]} · ${resource.subject}`}</span>
        <span className="mt-0.5 block text-xs text-slate-600">
          {`${resource.pageCount} ${resource.pageCount === 1 ? 'page' : 'pages'} · ${formatSize(resource.sizeBytes)} · ${when}`}
        </span>
        {by || extra ? <span className="mt-0.5 block text-xs text-slate-600">{[extra, by].filter(Boolean).join(' · ')}</span> : null}
      </span>
    </Link>
  );
}

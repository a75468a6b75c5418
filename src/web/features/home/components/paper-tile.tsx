import { Link } from 'react-router';
import { RESOURCE_TYPE_SHORT } from '@shared/catalogue';
import type { Resource } from '@shared/resource';
import { subjectHref } from '@shared/routes';
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

/**
 * A paper in a home-page section: first page, title, subject and type, and its facts. The title
 * is the tile's link, stretched over the whole tile; the subject is a link of its own, above it,
 * to the subject's page (links cannot nest, so the tile itself is not an anchor).
 */
export function PaperTile({ resource, to, extra }: PaperTileProps) {
  const by = uploaderLabel(resource.uploader);
  // A past paper is dated by its exam ("End-sem · Dec 2024"), not by when it was uploaded.
  const when = paperExamLabel(resource)?.text ?? formatUploadDate(resource.createdAt);
  return (
    <div
      data-testid="paper-tile"
      style={{ minHeight: TILE_HEIGHT }}
      className="relative flex h-full gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm transition-colors focus-within:border-brand-300 hover:border-brand-300 hover:bg-brand-50"
    >
      {/* The title beside it names the link; the image adds nothing for a screen reader. */}
      <ThumbnailImage src={resource.thumbnailUrl} alt="" width={TILE_THUMB.width} height={TILE_THUMB.height} />
      <span className="min-w-0 flex-1">
        <Link
          to={to}
          className="line-clamp-2 rounded font-semibold wrap-anywhere text-slate-900 after:absolute after:inset-0 after:rounded-xl after:content-['']"
        >
          {resource.title}
        </Link>
        {/* Padded by the focus outline's 4 px (cancelled by the margins) so truncating does not clip it. */}
        <span className="-mt-0.5 -mb-1 block truncate py-1 text-sm text-slate-700">
          {`${RESOURCE_TYPE_SHORT[resource.resourceType]} · `}
          <Link
            to={subjectHref(resource.subject)}
            className="relative z-10 rounded underline decoration-slate-300 underline-offset-2 hover:decoration-slate-700"
            title={`All papers of ${resource.subject} and their most asked questions`}
          >
            {resource.subject}
          </Link>
        </span>
        <span className="mt-0.5 block text-xs text-slate-600">
          {`${resource.pageCount} ${resource.pageCount === 1 ? 'page' : 'pages'} · ${formatSize(resource.sizeBytes)} · ${when}`}
        </span>
        {by || extra ? <span className="mt-0.5 block text-xs text-slate-600">{[extra, by].filter(Boolean).join(' · ')}</span> : null}
      </span>
    </div>
  );
}

import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { semesterLabel } from '@shared/catalogue';
import { resourceFileUrl, type Resource } from '@shared/resource';
import { RESOURCE_MESSAGES } from '@shared/resource';
import { Dialog, DialogCloseButton } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import type { PreviewTarget } from '../hooks/use-linked-preview';
import { formatCount, RESOURCE_TYPE_SHORT } from '../utils/labels';
import { useResourceQuestions } from '../api/get-questions';
import { PageImageStrip } from './page-image-strip';
import { PreviewActions } from './preview-share-actions';
import { RelatedPapers } from './related-papers';

// pdf.js is large: only someone who opens a preview downloads it (DESIGN.md §5).
const PdfViewer = lazy(() => import('./pdf-viewer/pdf-viewer'));

interface PreviewDialogProps {
  /** The resource, and for a search hit the page to open on and the words to highlight. */
  target: PreviewTarget | null;
  signedIn: boolean;
  canDelete: boolean;
  onClose: () => void;
  onDownload: (resource: Resource) => void;
  onDelete: (resource: Resource) => void;
  /** The page being read, for the address (`&page=N`), so a copied link opens on it. */
  onPageChange?: (page: number) => void;
  /** Opens another paper's preview: with it, "Related papers" lists the papers to read next. */
  onOpenRelated?: (resource: Resource) => void;
}

/**
 * SPEC.md §2 Preview modal: the resource's facts, the PDF viewer, and Download or Delete. The
 * whole screen on a phone and nearly all of it wider: one row holds the title, the facts and the
 * buttons, and the viewer has the rest (issue 34: at least 80% of a 390 x 844 phone's height).
 */
export function PreviewDialog({ target, signedIn, canDelete, onClose, onDownload, onDelete, onPageChange, onOpenRelated }: PreviewDialogProps) {
  const resource = target?.resource ?? null;
  return (
    <Dialog
      open={resource !== null}
      onClose={onClose}
      // Its title tells two papers of one subject apart; the subject beside it completes the name.
      title={resource?.title ?? ''}
      subtitle={resource?.subject}
      size="viewer"
      description={
        resource
          ? [
              RESOURCE_TYPE_SHORT[resource.resourceType],
              semesterLabel(resource.semester),
              resource.branch.toUpperCase(),
              resource.academicYear,
              formatCount(resource.downloads, 'download', 'downloads'),
            ].join(' · ')
          : undefined
      }
      headerActions={
        resource ? (
          <PreviewActions
            resource={resource}
            page={target?.page}
            signedIn={signedIn}
            canDelete={canDelete}
            onDownload={onDownload}
            onDelete={onDelete}
          />
        ) : undefined
      }
      body={
        resource ? (
          <>
            {signedIn && onOpenRelated ? <RelatedPapers key={resource.id} resource={resource} onOpen={onOpenRelated} /> : null}
            <div className="mt-2 flex min-h-0 flex-1 flex-col">
              <PreviewPages key={resource.id} target={target!} onPageChange={onPageChange} />
            </div>
          </>
        ) : undefined
      }
      closeButton={<DialogCloseButton label="Close preview" onClick={onClose} className="shrink-0" />}
    />
  );
}

/** One of the pdf.js viewer's remembered choices (viewer-storage.ts), read without loading its code. */
function viewerSetting(key: string): string | null {
  try {
    return window.localStorage.getItem(`studyshelf.pdf-viewer.${key}`);
  } catch {
    return null;
  }
}

/** How long the viewer's code waits for the first page image before it is asked for anyway. */
const VIEWER_WAIT_MS = 3000;

/** What stands for the viewer (its toolbar and pages) until its code is there. */
function ViewerPlaceholder({ withImages = true }: { withImages?: boolean }) {
  return (
    // Fills the height the viewer will, its toolbar (3.5rem and a border) at the top.
    <div className="flex min-h-0 flex-1 flex-col text-slate-200">
      {withImages ? (
        // Where the toolbar will be: the images below already show the pages.
        <div className="flex h-[calc(3.5rem+1px)] shrink-0 items-center border-b border-slate-700 bg-slate-800 px-3 text-sm">
          <Spinner label={RESOURCE_MESSAGES.pdfLoading} showLabel />
        </div>
      ) : (
        <div className="flex min-h-0 flex-1 items-center justify-center">
          <Spinner label={RESOURCE_MESSAGES.pdfLoading} showLabel />
        </div>
      )}
    </div>
  );
}

/** Height of the viewer's toolbar (p-2 round 2.5rem controls, and its border): the pages start below it. */
const TOOLBAR_OFFSET = 'top-[calc(3.5rem+2px)]';

/**
 * The viewer, with the page images processing made (issue 34) over its pages until pdf.js has
 * drawn page 1: the images show the moment the preview opens, while the viewer's code loads and
 * starts. At the swap pdf.js is moved to the page the reader scrolled to. Without images (an old
 * resource, processing not done yet, a search hit past the last image) it is the viewer alone.
 */
function PreviewPages({ target, onPageChange }: { target: PreviewTarget; onPageChange?: (page: number) => void }) {
  const { resource } = target;
  const pageImages = resource.pageImages;
  const withImages = pageImages !== null && (target.page ?? 1) <= pageImages.count;
  const [imagesShown, setImagesShown] = useState(withImages);
  const imagePage = useRef(target.page ?? 1);
  const [light] = useState(() => viewerSetting('theme') === 'light');
  const [fitPage] = useState(() => viewerSetting('zoom') === 'page-fit');
  // With images, the viewer's code (large, with pdf.js's worker) is asked for once the first
  // image is there, or after VIEWER_WAIT_MS: on slow 4G the two would share the line, and the
  // image, which the reader sees first, would take twice as long.
  const [viewerWanted, setViewerWanted] = useState(!withImages);
  useEffect(() => {
    if (viewerWanted) return;
    const timer = window.setTimeout(() => setViewerWanted(true), VIEWER_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [viewerWanted]);

  const rootRef = useRef<HTMLDivElement>(null);
  // A question opened from the question bank: outlined on its page once its place is known.
  const questions = useResourceQuestions(resource.id, target.question !== undefined);
  const outline = questions.data?.questions.find((q) => q.id === target.question)?.regions;
  const outlineSettled = target.question === undefined || !questions.isPending;

  const handleStatusChange = useCallback((status: string, goToPage: (page: number) => void) => {
    if (status === 'loading') return;
    if (status === 'ready' && imagePage.current > 1) goToPage(imagePage.current);
    // A keyboard reader scrolling the images goes on scrolling pdf.js's pages, not the page behind.
    const hadFocus = document.activeElement?.closest('[aria-label="Page images"]') != null;
    setImagesShown(false);
    if (hadFocus) requestAnimationFrame(() => rootRef.current?.querySelector<HTMLElement>('[role="region"][aria-label="Pages"]')?.focus());
  }, []);

  return (
    // The same height as the viewer it stands for (its toolbar and pages), so nothing moves when it arrives.
    <div ref={rootRef} className="relative flex min-h-0 flex-1 flex-col overflow-hidden rounded-lg bg-slate-900">
      <Suspense
        fallback={<ViewerPlaceholder withImages={withImages} />}
      >
        {viewerWanted && outlineSettled ? (
          <PdfViewer
            url={resourceFileUrl(resource.id)}
            title={resource.title}
            initialPage={target.page}
            highlight={target.terms}
            outline={outline}
            onPageChange={onPageChange}
            onStatusChange={withImages ? handleStatusChange : undefined}
            scannedResourceId={resource.scanned ? resource.id : undefined}
          />
        ) : (
          <ViewerPlaceholder />
        )}
      </Suspense>
      {imagesShown && pageImages ? (
        <PageImageStrip
          resource={{ ...resource, pageImages }}
          initialPage={target.page}
          light={light}
          fitPage={fitPage}
          outline={outline}
          onPageChange={(page) => (imagePage.current = page)}
          onFirstLoaded={() => setViewerWanted(true)}
          className={`absolute inset-x-px bottom-px z-10 rounded-b-lg ${TOOLBAR_OFFSET}`}
        />
      ) : null}
    </div>
  );
}

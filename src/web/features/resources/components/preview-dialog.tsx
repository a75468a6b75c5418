import { Download, Trash2 } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { semesterLabel } from '@shared/catalogue';
import { resourceFileUrl, type Resource } from '@shared/resource';
import { RESOURCE_MESSAGES } from '@shared/resource';
import { ROUTES } from '@shared/routes';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogCloseButton } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import type { PreviewTarget } from '../hooks/use-linked-preview';
import { formatCount, RESOURCE_TYPE_SHORT } from '../utils/labels';
import { PreviewShareActions } from './preview-share-actions';

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
}

/**
 * SPEC.md §2 Preview modal: the resource's facts, the PDF viewer, and Download or Delete. On a
 * phone it takes the whole screen: the viewer fills what the facts and the buttons leave, so
 * Download stays in view whatever the page's zoom (issue 14).
 */
export function PreviewDialog({ target, signedIn, canDelete, onClose, onDownload, onDelete, onPageChange }: PreviewDialogProps) {
  const resource = target?.resource ?? null;
  return (
    <Dialog
      open={resource !== null}
      onClose={onClose}
      // Its title tells two papers of one subject apart; the subject under it completes the name.
      title={resource?.title ?? ''}
      subtitle={resource?.subject}
      size="viewer"
      description={
        resource ? (
          <p className="flex flex-wrap gap-x-3 gap-y-1">
            <span>{RESOURCE_TYPE_SHORT[resource.resourceType]}</span>
            <span aria-hidden="true">·</span>
            <span>{semesterLabel(resource.semester)}</span>
            <span aria-hidden="true">·</span>
            <span>{resource.branch.toUpperCase()}</span>
            <span aria-hidden="true">·</span>
            <span>{formatCount(resource.downloads, 'download', 'downloads')}</span>
            <span aria-hidden="true">·</span>
            <span>{resource.academicYear}</span>
          </p>
        ) : undefined
      }
      body={
        resource ? (
          <div className="mt-3 flex min-h-0 flex-1 flex-col gap-3 sm:mt-4 sm:block">
            {signedIn ? <PreviewShareActions resource={resource} page={target?.page} /> : null}
            {/* The same height as the viewer it stands for (its toolbar and pages), so nothing moves when it arrives. */}
            <div className="flex min-h-0 flex-1 flex-col overflow-hidden rounded-lg bg-slate-900 sm:mt-3 sm:block">
              <Suspense
                fallback={
                  <div className="flex min-h-0 flex-1 items-center justify-center text-slate-200 sm:h-[calc(min(56vh,calc(100dvh-24rem))+3.5rem+1px)]">
                    <Spinner label={RESOURCE_MESSAGES.pdfLoading} showLabel />
                  </div>
                }
              >
                <PdfViewer
                  url={resourceFileUrl(resource.id)}
                  title={resource.title}
                  initialPage={target?.page}
                  highlight={target?.terms}
                  onPageChange={onPageChange}
                  scannedResourceId={resource.scanned ? resource.id : undefined}
                />
              </Suspense>
            </div>
          </div>
        ) : undefined
      }
      closeButton={<DialogCloseButton label="Close preview" onClick={onClose} />}
    >
      {resource && canDelete ? (
        <Button variant="secondary" onClick={() => onDelete(resource)} className="text-red-700 sm:mr-auto">
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </Button>
      ) : null}
      {resource && signedIn ? (
        <Button onClick={() => onDownload(resource)} className="flex-1 sm:flex-none">
          <Download aria-hidden="true" className="size-4" />
          Download Resource
        </Button>
      ) : (
        <p className="text-sm text-slate-700">
          {`${RESOURCE_MESSAGES.loginToDownload}. `}
          <TextLink to={ROUTES.login}>Login here</TextLink>
        </p>
      )}
    </Dialog>
  );
}

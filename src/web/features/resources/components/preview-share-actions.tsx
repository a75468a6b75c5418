import { Download, EllipsisVertical, Flag, Library, Link2, PencilLine, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { RESOURCE_MESSAGES, type Resource } from '@shared/resource';
import { previewResourceHref, reportResourceHref, ROUTES, subjectHref } from '@shared/routes';
import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { LinkButton } from '../../../components/ui/link-button';
import { lazyComponent } from '../../../components/ui/lazy-component';
import { useDisclosure } from '../../../components/ui/use-disclosure';
import { copyLink } from '../../../lib/copy-link';
import { useShelfIds } from '../../../lib/shelf';
import { useShelfToggle } from '../../../lib/shelf-toggle';
import { SaveToggle } from './save-toggle';

// Only who suggests a correction loads its form.
const SuggestCorrectionDialog = lazyComponent(() => import('./suggest-correction-dialog'), (m) => m.SuggestCorrectionDialog);

interface PreviewActionsProps {
  resource: Resource;
  /** The page being read: a copied link opens on it. */
  page?: number;
  signedIn: boolean;
  canDelete: boolean;
  onDownload: (resource: Resource) => void;
  onDelete: (resource: Resource) => void;
}

// Icons alone on a phone (their names stay for screen readers), worded from 640 px.
const iconOnPhone = 'max-sm:size-10 max-sm:px-0';
const wordFromSm = 'sr-only sm:not-sr-only';

/**
 * The preview's buttons, in its title's row so they take no height from the viewer: Save (an
 * icon, as on the cards), Copy link, Report this file, Suggest a correction and
 * Delete, then Download. On a phone Download is an icon and the others wait under "More actions".
 */
export function PreviewActions({ resource, page, signedIn, canDelete, onDownload, onDelete }: PreviewActionsProps) {
  if (!signedIn) {
    return (
      <LinkButton to={ROUTES.login} variant="secondary" title={RESOURCE_MESSAGES.loginToDownload} className="shrink-0">
        <Download aria-hidden="true" className="size-4" />
        Log in<span className="max-sm:sr-only"> to download</span>
      </LinkButton>
    );
  }
  return (
    <div className="flex shrink-0 items-center gap-1.5 sm:gap-2">
      <SignedInActions resource={resource} page={page} canDelete={canDelete} onDelete={onDelete} />
      <button type="button" onClick={() => onDownload(resource)} className={buttonClasses('primary', 'md', iconOnPhone)}>
        <Download aria-hidden="true" className="size-4" />
        <span className={wordFromSm}>Download Resource</span>
      </button>
    </div>
  );
}

function SignedInActions({ resource, page, canDelete, onDelete }: Pick<PreviewActionsProps, 'resource' | 'page' | 'canDelete' | 'onDelete'>) {
  const { ids } = useShelfIds();
  const { toggle } = useShelfToggle();
  const { open, wrapperProps, buttonProps, panelProps } = useDisclosure();
  const [suggesting, setSuggesting] = useState(false);

  // Rows of a menu on a phone, buttons of the row wider.
  const item = buttonClasses('secondary', 'md', 'max-sm:w-full max-sm:justify-start max-sm:border-0 max-sm:shadow-none');
  return (
    <>
      <SaveToggle resource={resource} saved={ids.has(resource.id)} onToggle={toggle} />
      <div {...wrapperProps} className="relative">
        <button
          {...buttonProps}
          type="button"
          aria-label="More actions"
          title="More actions"
          className={buttonClasses('secondary', 'md', 'size-10 max-sm:px-0 sm:hidden')}
        >
          <EllipsisVertical aria-hidden="true" className="size-5" />
        </button>
        <div
          {...panelProps}
          className={cn(
            open ? 'flex' : 'hidden',
            'absolute top-full right-0 z-40 mt-1 w-52 flex-col gap-1 rounded-lg border border-slate-200 bg-white p-1 shadow-xl',
            'sm:static sm:mt-0 sm:flex sm:w-auto sm:flex-row sm:gap-2 sm:border-0 sm:bg-transparent sm:p-0 sm:shadow-none',
          )}
        >
          <button type="button" onClick={() => void copyLink(previewResourceHref(resource.id, page))} className={item}>
            <Link2 aria-hidden="true" className="size-4" />
            Copy link
          </button>
          <LinkButton
            to={subjectHref(resource.subject)}
            variant="secondary"
            title={`All papers of ${resource.subject} and their most asked questions`}
            className="max-sm:w-full max-sm:justify-start max-sm:border-0 max-sm:shadow-none"
          >
            <Library aria-hidden="true" className="size-4" />
            <span>
              <span className="sm:max-lg:sr-only">All </span>papers<span className="sr-only"> of {resource.subject}</span>
            </span>
          </LinkButton>
          <LinkButton to={reportResourceHref(resource.id)} variant="secondary" className="max-sm:w-full max-sm:justify-start max-sm:border-0 max-sm:shadow-none">
            <Flag aria-hidden="true" className="size-4" />
            <span>
              Report<span className="sm:max-lg:sr-only"> this file</span>
            </span>
          </LinkButton>
          <button type="button" onClick={() => setSuggesting(true)} className={item} title="Suggest a correction">
            <PencilLine aria-hidden="true" className="size-4" />
            <span>
              {/* "Suggest" alone beside the others up to 1536 px, so the title keeps its room. */}
              Suggest<span className="sm:max-2xl:sr-only"> a correction</span>
            </span>
          </button>
          {canDelete ? (
            <button type="button" onClick={() => onDelete(resource)} className={cn(item, 'text-red-700')}>
              <Trash2 aria-hidden="true" className="size-4" />
              Delete
            </button>
          ) : null}
        </div>
      </div>
      {suggesting ? <SuggestCorrectionDialog resource={resource} open onClose={() => setSuggesting(false)} /> : null}
    </>
  );
}

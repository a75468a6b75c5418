import { Flag, Link2 } from 'lucide-react';
import type { Resource } from '@shared/resource';
import { previewResourceHref, reportResourceHref } from '@shared/routes';
import { buttonClasses } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { copyLink } from '../../../lib/copy-link';
import { SaveToggle } from './save-toggle';

/** The preview's Save toggle, "Copy link" (to this preview) and "Report this file" (the report form, pre-filled). */
export function PreviewShareActions({ resource }: { resource: Resource }) {
  return (
    <div className="flex flex-wrap gap-2 sm:mr-auto">
      <SaveToggle resource={resource} />
      <button type="button" onClick={() => void copyLink(previewResourceHref(resource.id))} className={buttonClasses('secondary', 'md')}>
        <Link2 aria-hidden="true" className="size-4" />
        Copy link
      </button>
      <LinkButton to={reportResourceHref(resource.id)} variant="secondary">
        <Flag aria-hidden="true" className="size-4" />
        Report this file
      </LinkButton>
    </div>
  );
}

import { Flag, Link2 } from 'lucide-react';
import type { Resource } from '@shared/resource';
import { previewResourceHref, reportResourceHref } from '@shared/routes';
import { buttonClasses } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { copyLink } from '../../../lib/copy-link';
import { useShelfIds } from '../../../lib/shelf';
import { useShelfToggle } from '../../../lib/shelf-toggle';
import { SaveToggle } from './save-toggle';

/**
 * The preview's Save toggle, "Copy link" (to this preview, on the page being read) and "Report
 * this file" (the report form, pre-filled). They sit above the viewer, so the row of buttons
 * under it keeps Download in view on a phone.
 */
export function PreviewShareActions({ resource, page }: { resource: Resource; page?: number }) {
  const { ids } = useShelfIds();
  const { toggle } = useShelfToggle();
  return (
    <div className="flex flex-wrap gap-2">
      <SaveToggle resource={resource} saved={ids.has(resource.id)} onToggle={toggle} />
      <button type="button" onClick={() => void copyLink(previewResourceHref(resource.id, page))} className={buttonClasses('secondary', 'md')}>
        <Link2 aria-hidden="true" className="size-4" />
        Copy link
      </button>
      <LinkButton to={reportResourceHref(resource.id)} variant="secondary">
        <Flag aria-hidden="true" className="size-4" />
        {/* "Report" on the narrowest phones, so the three fit one row; the name stays whole. */}
        <span>
          Report<span className="max-[400px]:sr-only"> this file</span>
        </span>
      </LinkButton>
    </div>
  );
}

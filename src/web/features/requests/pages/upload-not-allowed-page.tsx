import { MessageSquarePlus, Search, ShieldCheck } from 'lucide-react';
import type { PageHead } from '@shared/page-heads/page-head';
import { ROUTES } from '@shared/routes';
import { PageColumn } from '../../../components/page-column';
import { Card } from '../../../components/ui/card';
import { LinkButton } from '../../../components/ui/link-button';

/**
 * The upload page's head (page-heads/upload-resources.ts), which the server painted first. A copy:
 * importing it here too would split it into a chunk of its own, loaded by the upload page as well,
 * whose first load has the least room of all (its test: first-paint.spec.ts).
 */
const UPLOAD_HEAD: PageHead = {
  heading: 'Upload Resources',
  lead: 'Share academic materials with your peers',
  width: 'prose',
  column: 'py-10 sm:py-14',
  block: '',
  leadClass: 'mt-2 text-slate-600',
  signedInOnly: true,
};

/**
 * /upload-resources for a signed-in user who may not upload (issue 36: no dead ends): says who
 * can, and offers a request instead. Under the upload page's own head, which the server painted.
 */
export function UploadNotAllowedPage() {
  return (
    <PageColumn head={UPLOAD_HEAD}>
      <Card className="mt-8 p-5 sm:p-8">
        <div className="flex items-start gap-3">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-700" />
          <div className="space-y-2">
            <h2 className="text-lg font-semibold text-slate-900">Only class representatives and administrators can upload</h2>
            <p className="text-slate-700">
              Each class's CRs (class representatives) and the administrators add files to the library, so every file is checked
              for its class and subject.
            </p>
            <p className="text-slate-700">Missing notes or a past paper? Ask for it: your class's CRs see every request, and you get an e-mail when it is added.</p>
          </div>
        </div>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <LinkButton to={ROUTES.requestResources} size="lg">
            <MessageSquarePlus aria-hidden="true" className="size-4" />
            Request a resource
          </LinkButton>
          <LinkButton to={ROUTES.filterResources} size="lg" variant="secondary">
            <Search aria-hidden="true" className="size-4" />
            Search the library
          </LinkButton>
        </div>
      </Card>
    </PageColumn>
  );
}

import { ROUTES } from '@shared/routes';
import { REQUEST_RESOURCES_HEAD } from '@shared/page-heads/request-resources';
import { Card } from '../../../components/ui/card';
import { PageColumn } from '../../../components/page-column';
import { TextLink } from '../../../components/ui/text-link';
import { RequestForm } from '../components/request-form';

/** /request-resources (signed in): SPEC.md §2's request form. */
export function RequestResourcesPage() {
  return (
    <PageColumn head={REQUEST_RESOURCES_HEAD}>
      <Card className="mt-8 p-5 sm:p-8">
        <RequestForm />
      </Card>
      <p className="mt-6 text-center text-sm text-slate-600">
        <TextLink to={ROUTES.myRequests}>See your requests</TextLink>
      </p>
    </PageColumn>
  );
}

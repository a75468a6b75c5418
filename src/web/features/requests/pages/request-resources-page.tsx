import { ROUTES } from '@shared/routes';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { TextLink } from '../../../components/ui/text-link';
import { RequestForm } from '../components/request-form';

/** /request-resources (signed in): SPEC.md §2's request form. */
export function RequestResourcesPage() {
  return (
    <Container width="prose" className="py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Request Resources</h1>
      <p className="mt-2 text-slate-600">
        Can't find notes or a paper? Ask for it: your class's CRs see the request, and you get an e-mail when it is added.
        If classmates already asked, you join their request.
      </p>
      <Card className="mt-8 p-5 sm:p-8">
        <RequestForm />
      </Card>
      <p className="mt-6 text-center text-sm text-slate-600">
        <TextLink to={ROUTES.myRequests}>See your requests</TextLink>
      </p>
    </Container>
  );
}

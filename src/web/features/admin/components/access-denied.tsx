import { ShieldX } from 'lucide-react';
import { ADMIN_MESSAGES } from '@shared/admin';
import { ROUTES } from '@shared/routes';
import { Container } from '../../../components/ui/container';
import { LinkButton } from '../../../components/ui/link-button';

/** What an admin screen shows to anyone else (the route guard normally redirects them first). */
export function AccessDenied() {
  return (
    <Container width="prose" className="py-16 text-center">
      <ShieldX aria-hidden="true" className="mx-auto size-12 text-red-700" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{ADMIN_MESSAGES.accessDenied}</h1>
      <LinkButton to={ROUTES.branches} variant="secondary" className="mt-6">
        Back to the library
      </LinkButton>
    </Container>
  );
}

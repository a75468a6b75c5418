import { SearchX } from 'lucide-react';
import { MESSAGES } from '@shared/messages';
import { ROUTES } from '@shared/routes';
import { Container } from '../../../components/ui/container';
import { LinkButton } from '../../../components/ui/link-button';

export function NotFoundPage() {
  return (
    <Container width="prose" className="flex flex-col items-center py-20 text-center sm:py-28">
      <span className="inline-flex size-16 items-center justify-center rounded-full bg-brand-100 text-brand-800">
        <SearchX aria-hidden="true" className="size-8" />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-widest text-brand-700 uppercase">Error 404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{MESSAGES.notFoundHeading}</h1>
      <p className="mt-4 text-lg text-slate-600">{MESSAGES.notFoundText}</p>
      <LinkButton to={ROUTES.home} size="lg" className="mt-8">
        {MESSAGES.backToHome}
      </LinkButton>
    </Container>
  );
}

import { SearchX } from 'lucide-react';
import { MESSAGES } from '@shared/messages';
import { ROUTES } from '@shared/routes';
import { Container } from '../../../components/ui/container';
import { LinkButton } from '../../../components/ui/link-button';
import { LibrarySearchForm } from '../../../components/ui/library-search-form';

/** SPEC.md §2's not-found screen, plus a search of the library (issue 36: no dead ends). */
export function NotFoundPage() {
  return (
    <Container width="prose" className="flex flex-col items-center py-20 text-center sm:py-28">
      <span className="inline-flex size-16 items-center justify-center rounded-full bg-brand-100 text-brand-800">
        <SearchX aria-hidden="true" className="size-8" />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-widest text-brand-700 uppercase">Error 404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{MESSAGES.notFoundHeading}</h1>
      <p className="mt-4 text-lg text-slate-600">{MESSAGES.notFoundText}</p>
      <LibrarySearchForm id="not-found-search" label="Search the library" placeholder="Search notes and papers" className="mt-8 flex w-full max-w-md gap-2" />
      <LinkButton to={ROUTES.home} size="lg" variant="secondary" className="mt-6">
        {MESSAGES.backToHome}
      </LinkButton>
    </Container>
  );
}

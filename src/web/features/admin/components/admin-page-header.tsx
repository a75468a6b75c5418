import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { ROUTES } from '@shared/routes';
import { TextLink } from '../../../components/ui/text-link';

/** The top of a dashboard sub-page: a way back to /dashboard, the title and what the page is for. */
export function AdminPageHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <TextLink to={ROUTES.dashboard} className="inline-flex items-center gap-1 text-sm">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Dashboard
      </TextLink>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-2 text-slate-600">{children}</p>
    </div>
  );
}

import type { ReactNode } from 'react';
import { Container } from '../../../components/ui/container';

interface InfoPageProps {
  title: string;
  intro: string;
  children: ReactNode;
}

// Element styles for long-form text; the project has no typography plugin, so they live here.
const proseClasses =
  'space-y-10 text-slate-700 leading-7 ' +
  '[&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 ' +
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-brand-900 ' +
  '[&_strong]:font-semibold [&_strong]:text-slate-900';

/** Shared frame of the About, Privacy and Terms pages: one h1, an intro, then h2 sections. */
export function InfoPage({ title, intro, children }: InfoPageProps) {
  return (
    <Container width="prose" className="py-12 sm:py-16">
      <article>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <p className="mt-4 text-lg leading-8 text-slate-600">{intro}</p>
        <div className={`mt-10 ${proseClasses}`}>{children}</div>
      </article>
    </Container>
  );
}

export function InfoSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="text-xl font-semibold text-slate-900 sm:text-2xl">{title}</h2>
      {children}
    </section>
  );
}

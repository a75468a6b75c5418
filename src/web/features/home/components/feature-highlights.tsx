import { Eye, Layers, Users } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';

interface Highlight {
  icon: LucideIcon;
  title: string;
  text: string;
}

const HIGHLIGHTS: readonly Highlight[] = [
  {
    icon: Layers,
    title: 'Browse by branch and semester',
    text: 'Pick your branch, semester and subject to find notes, previous-year papers and practical files in a few taps.',
  },
  {
    icon: Eye,
    title: 'Preview before you download',
    text: 'Open any PDF in the browser first, so you only download what you actually need on a slow connection.',
  },
  {
    icon: Users,
    title: 'Shared by class representatives',
    text: 'Files are uploaded by the class representatives of each semester and by administrators, not by anonymous strangers.',
  },
];

export function FeatureHighlights() {
  return (
    <section aria-labelledby="highlights-heading" className="py-14 sm:py-20">
      <Container>
        <h2 id="highlights-heading" className="text-center text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Everything for your semester in one place
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
            <li key={title}>
              <Card className="h-full p-6">
                <span className="inline-flex size-12 items-center justify-center rounded-lg bg-brand-100 text-brand-800">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 text-slate-600">{text}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

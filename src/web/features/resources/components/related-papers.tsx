import { ChevronDown } from 'lucide-react';
import { examLabel } from '@shared/exams';
import type { Resource } from '@shared/resource';
import { cn } from '../../../components/ui/cn';
import { useDisclosure } from '../../../components/ui/use-disclosure';
import { useRelatedPapers } from '../api/get-related-papers';

interface RelatedPapersProps {
  resource: Resource;
  onOpen: (resource: Resource) => void;
}

/**
 * "Related papers" under the preview's title (issue 35): the other years of the same exam and
 * papers sharing questions with this one. One thin row holding a button, shown only when there
 * is something to list; the list drops over the viewer, so the page keeps its height. Asked for
 * when the preview opens: a small answer, so the row is usually there before the first page.
 */
export function RelatedPapers({ resource, onOpen }: RelatedPapersProps) {
  const related = useRelatedPapers(resource.id);
  const { open, wrapperProps, buttonProps, panelProps } = useDisclosure();
  const data = related.data;
  const count = data ? data.otherYears.length + data.sharingQuestions.length : 0;
  if (!count || !data) return null;

  return (
    <div {...wrapperProps} className="relative mt-1 flex">
      <button
        {...buttonProps}
        type="button"
        className="inline-flex h-8 items-center gap-1 rounded-md px-2 text-sm font-medium text-sky-800 hover:bg-sky-50"
      >
        Related papers ({count})
        <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', open && 'rotate-180')} />
      </button>
      <div
        {...panelProps}
        hidden={!open}
        className="absolute top-full left-0 z-30 mt-1 max-h-[60vh] w-[min(24rem,calc(100vw-1rem))] overflow-y-auto rounded-lg border border-slate-200 bg-white p-2 shadow-lg"
      >
        <PaperList
          heading="Other years of this exam"
          items={data.otherYears.map((paper) => ({ paper, detail: examLabel(paper) || paper.academicYear }))}
          onOpen={onOpen}
        />
        <PaperList
          heading="Sharing questions"
          items={data.sharingQuestions.map(({ resource: paper, sharedQuestions }) => ({
            paper,
            detail: `${sharedQuestions} questions in common${examLabel(paper) ? ` · ${examLabel(paper)}` : ''}`,
          }))}
          onOpen={onOpen}
        />
      </div>
    </div>
  );
}

function PaperList({ heading, items, onOpen }: { heading: string; items: Array<{ paper: Resource; detail: string }>; onOpen: (resource: Resource) => void }) {
  if (!items.length) return null;
  return (
    <section className="not-first:mt-2">
      <h3 className="px-2 py-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">{heading}</h3>
      <ul aria-label={heading}>
        {items.map(({ paper, detail }) => (
          <li key={paper.id}>
            <button
              type="button"
              onClick={() => onOpen(paper)}
              className="block w-full rounded-md px-2 py-1.5 text-left hover:bg-slate-100 focus-visible:bg-slate-100"
            >
              <span className="block truncate text-sm font-medium text-slate-900">{paper.title}</span>
              <span className="block truncate text-xs text-slate-700">{detail}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

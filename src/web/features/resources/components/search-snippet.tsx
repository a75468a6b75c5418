import { Fragment } from 'react';
import type { HitQuestion, SearchHit } from '@shared/search';
import { cn } from '../../../components/ui/cn';

/** "Page 3", or where page 0 matched: what the uploader typed and the file's name. */
export function hitPlaceLabel(page: number): string {
  return page === 0 ? 'Subject / file name' : `Page ${page}`;
}

/** "Q3(a) · 5 marks · asked in 2019, 2022": the question a hit stands in (issue 35). */
export function hitQuestionLabel(question: HitQuestion): string {
  const marks = question.marks === null ? '' : `${question.marks} mark${question.marks === 1 ? '' : 's'}`;
  const asked = question.askedYears.length ? `asked in ${question.askedYears.join(', ')}` : '';
  return [question.label, marks, asked].filter(Boolean).join(' · ');
}

interface SearchSnippetProps {
  hit: SearchHit;
  /** Replaces `block`: a line-clamp sets its own display, and `block` would win over it. */
  className?: string;
}

/**
 * Why a result matched: the page and a few words around the match. The parts are rendered as
 * text, never as HTML (the words come from uploaded PDFs); matched parts are <mark>ed.
 */
export function SearchSnippet({ hit, className }: SearchSnippetProps) {
  return (
    <span className={cn('text-sm leading-relaxed text-slate-700', className ?? 'block')} data-testid="search-snippet">
      <span className="mr-1.5 inline-block rounded bg-slate-800 px-1.5 py-0.5 text-xs font-semibold text-white">
        {hitPlaceLabel(hit.page)}
      </span>
      {hit.snippet.map((part, index) =>
        part.match ? (
          <mark key={index} className="rounded-sm bg-amber-200 px-0.5 font-medium text-slate-900">
            {part.text}
          </mark>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </span>
  );
}

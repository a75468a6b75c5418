import { Fragment } from 'react';
import type { SearchHit } from '@shared/search';
import { cn } from '../../../components/ui/cn';

/** "Page 3", or where page 0 matched: what the uploader typed and the file's name. */
export function hitPlaceLabel(page: number): string {
  return page === 0 ? 'Subject / file name' : `Page ${page}`;
}

interface SearchSnippetProps {
  hit: SearchHit;
  className?: string;
}

/**
 * Why a result matched: the page and a few words around the match. The parts are rendered as
 * text, never as HTML (the words come from uploaded PDFs); matched parts are <mark>ed.
 */
export function SearchSnippet({ hit, className }: SearchSnippetProps) {
  return (
    <span className={cn('block text-sm leading-relaxed text-slate-700', className)} data-testid="search-snippet">
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

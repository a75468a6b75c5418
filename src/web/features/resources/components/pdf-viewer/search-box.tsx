import { ChevronDown, ChevronUp, Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { cn } from '../../../../components/ui/cn';
import { ToolbarButton } from './toolbar-controls';
import { findStatusText, type FindStatus } from './viewer-settings';
import type { FindQuery } from './use-pdf-viewer';
import type { ThemeClasses } from './viewer-theme';

interface SearchBoxProps {
  status: FindStatus;
  disabled: boolean;
  theme: ThemeClasses;
  className?: string;
  /** The words of a search hit the viewer opened with: shown in the box, found as any of them. */
  initialTerms?: readonly string[];
  onFind: (query: FindQuery, options?: { again?: boolean; previous?: boolean }) => void;
}

// How long the count must stay unchanged before it is announced.
const ANNOUNCE_DELAY_MS = 600;

/** `value`, once it has stopped changing for `delay` ms. */
function useSettledValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * "Search in document": matches are highlighted in the pages' text layer by pdf.js's find
 * controller; Enter (Shift+Enter) and the arrows move between them. The count is shown as it
 * grows page by page, and announced (polite live region) once it has settled, so a screen reader
 * hears "1 of 100 matches" once rather than every intermediate count.
 */
export function SearchBox({ status, disabled, theme, className, initialTerms = [], onFind }: SearchBoxProps) {
  const initialText = initialTerms.join(' ');
  const [query, setQuery] = useState(initialText);
  // While the box still holds the hit's words, they are found one by one, as the viewer did.
  const toFind = (text: string): FindQuery => (text.trim() === initialText && initialTerms.length > 1 ? initialTerms : text.trim());
  const statusId = useId();
  const statusText = findStatusText(status);
  const announcedText = useSettledValue(statusText, ANNOUNCE_DELAY_MS);
  const canStep = !disabled && query.trim() !== '' && status.total > 0;

  return (
    <div role="search" className={cn('flex min-w-0 items-center gap-1', className)}>
      <div className="relative min-w-0 flex-1">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 opacity-70" />
        <input
          type="search"
          aria-label="Search in document"
          aria-describedby={statusId}
          placeholder="Search in document"
          autoComplete="off"
          enterKeyHint="search"
          disabled={disabled}
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            onFind(toFind(event.currentTarget.value));
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              if (query.trim()) onFind(toFind(query), { again: true, previous: event.shiftKey });
            } else if (event.key === 'Escape' && query) {
              // Escape clears the search first; only a second Escape reaches the dialog.
              event.preventDefault();
              event.stopPropagation();
              setQuery('');
              onFind('');
            }
          }}
          // 16 px text on phones: iOS zooms into smaller focused fields (see ui/input.tsx).
          className={cn(
            'min-h-10 w-full min-w-0 rounded-md border py-2 pl-8 text-base sm:text-sm',
            theme.control,
            statusText ? 'pr-28' : 'pr-2',
            'placeholder:opacity-70 disabled:opacity-50',
          )}
        />
        <span
          aria-hidden="true"
          className={cn(
            'pointer-events-none absolute top-1/2 right-2 max-w-26 -translate-y-1/2 truncate text-xs tabular-nums',
            theme.muted,
          )}
        >
          {statusText}
        </span>
        <span id={statusId} role="status" aria-live="polite" className="sr-only">
          {announcedText}
        </span>
      </div>
      <ToolbarButton
        icon={ChevronUp}
        label="Previous match"
        theme={theme}
        disabled={!canStep}
        onClick={() => onFind(toFind(query), { again: true, previous: true })}
      />
      <ToolbarButton
        icon={ChevronDown}
        label="Next match"
        theme={theme}
        disabled={!canStep}
        onClick={() => onFind(toFind(query), { again: true })}
      />
    </div>
  );
}

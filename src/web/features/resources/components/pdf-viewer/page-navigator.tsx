import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '../../../../components/ui/cn';
import { ToolbarStepper } from './toolbar-controls';
import { parsePageNumber } from './viewer-settings';
import type { ThemeClasses } from './viewer-theme';

interface PageNavigatorProps {
  pageNumber: number;
  pagesCount: number;
  disabled: boolean;
  theme: ThemeClasses;
  onPrevious: () => void;
  onNext: () => void;
  onGoTo: (pageNumber: number) => void;
}

/**
 * Previous and next page buttons around a page number field ("3 of 12"). A narrow viewer (a
 * phone, where a finger scrolls the pages) keeps only the field, so its toolbar is one row.
 */
export function PageNavigator({ pageNumber, pagesCount, disabled, theme, onPrevious, onNext, onGoTo }: PageNavigatorProps) {
  const ofId = useId();
  // What is being typed; null shows the page on screen, which follows scrolling.
  const [draft, setDraft] = useState<string | null>(null);

  /** Goes to the typed page if it is one of the document's; anything else is dropped. */
  const commit = () => {
    const page = draft === null ? null : parsePageNumber(draft, pagesCount);
    if (page !== null && page !== pageNumber) onGoTo(page);
    setDraft(null);
  };

  return (
    <ToolbarStepper
      theme={theme}
      back={{ icon: ChevronLeft, label: 'Previous page', disabled: disabled || pageNumber <= 1, onClick: onPrevious }}
      forward={{ icon: ChevronRight, label: 'Next page', disabled: disabled || pageNumber >= pagesCount, onClick: onNext }}
    >
      <input
        type="text"
        inputMode="numeric"
        autoComplete="off"
        aria-label="Page number"
        aria-describedby={ofId}
        disabled={disabled}
        value={draft ?? (pagesCount > 0 ? String(pageNumber) : '')}
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            // The field keeps focus for the next number.
            event.preventDefault();
            commit();
          } else if (event.key === 'Escape' && draft !== null) {
            // Escape first reverts an edit, without also closing the preview dialog around us.
            event.preventDefault();
            event.stopPropagation();
            setDraft(null);
          }
        }}
        // 16 px text: iOS zooms into smaller focused fields (see ui/input.tsx).
        className={cn(
          'min-h-10 w-12 rounded-md border px-1 text-center text-base tabular-nums sm:text-sm',
          theme.control,
          'disabled:opacity-50',
        )}
      />
      <span id={ofId} className={cn('px-1 text-sm whitespace-nowrap tabular-nums', theme.muted)}>
        of {pagesCount || '–'}
      </span>
    </ToolbarStepper>
  );
}

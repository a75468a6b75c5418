import { Bookmark, BookmarkCheck } from 'lucide-react';
import type { Resource } from '@shared/resource';

interface SaveToggleProps {
  resource: Resource;
  /** On My shelf now (useShelfIds). */
  saved: boolean;
  /** Puts it on the shelf or takes it off (useShelfToggle's `toggle`). */
  onToggle: (resourceId: string, saved: boolean) => void;
}

/**
 * "Save" / "Saved": puts a resource on My shelf or takes it off (a toggle button, aria-pressed).
 * An icon alone (on a card the word would squeeze the title); the words stay
 * for screen readers and the tooltip, the tint and the check say saved.
 * Its name ends with the subject (for screen readers only), so a list of cards has distinct names.
 * The shelf comes from the caller, which asks once for a whole list, so cards do not each
 * subscribe to the data cache in the list's first render.
 */
export function SaveToggle({ resource, saved, onToggle }: SaveToggleProps) {
  const Icon = saved ? BookmarkCheck : Bookmark;
  return (
    <button
      type="button"
      aria-pressed={saved}
      onClick={() => onToggle(resource.id, !saved)}
      title={saved ? 'Remove from My shelf' : 'Save to My shelf'}
      // Saved: tinted, so it never competes with the filled Download button beside it.
      className={`inline-flex size-10 shrink-0 items-center justify-center rounded-lg border transition-colors ${
        saved ? 'border-brand-700 bg-brand-100 text-brand-900 hover:bg-brand-50' : 'border-slate-300 bg-white text-brand-800 hover:bg-brand-50'
      }`}
    >
      <Icon aria-hidden="true" className="size-4" />
      <span className="sr-only">{`${saved ? 'Saved' : 'Save'} ${resource.subject}`}</span>
    </button>
  );
}

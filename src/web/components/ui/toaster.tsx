import { CircleAlert, CircleCheck, LoaderCircle, X } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { resolveValue, toast, useToaster, type Toast } from 'react-hot-toast/headless';
import { cn } from './cn';

/*
 * Our own rendering of react-hot-toast's headless store (see lib/toast.ts for why headless).
 * The store keeps the library's timing defaults, which are SPEC.md's toast rules: success 2 s,
 * error 4 s, loading until replaced, at most 20 toasts. They are spelled out here so a library
 * upgrade cannot change them silently.
 */
const TOAST_DURATIONS = { success: 2000, error: 4000, loading: Infinity, blank: 4000 } as const;

const icons = {
  success: <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-green-700" />,
  error: <CircleAlert aria-hidden="true" className="size-5 shrink-0 text-red-700" />,
  loading: <LoaderCircle aria-hidden="true" className="size-5 shrink-0 animate-spin text-brand-700" />,
} as const;

function ToastItem({ item, onDismiss }: { item: Toast; onDismiss: () => void }) {
  const icon = item.type in icons ? icons[item.type as keyof typeof icons] : null;
  return (
    <li
      className={cn(
        'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border bg-white py-3 pr-2 pl-4 text-sm text-slate-900 shadow-lg motion-safe:animate-toast-in',
        // Over a modal only the newest shows: a stack reached the preview's Copy link and Report.
        'group-data-over-modal:[&:not(:first-child)]:hidden',
        item.type === 'error' ? 'border-red-200' : 'border-slate-200',
      )}
    >
      {icon}
      <p className="flex-1 pt-0.5 leading-5">{resolveValue(item.message, item)}</p>
      <button
        type="button"
        onClick={onDismiss}
        className="-my-1 inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        aria-label="Dismiss notification"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}

const TIMED = {
  success: { duration: TOAST_DURATIONS.success },
  error: { duration: TOAST_DURATIONS.error },
  loading: { duration: TOAST_DURATIONS.loading },
  blank: { duration: TOAST_DURATIONS.blank },
};
// No timers: the store counts a toast's time from when it was raised, so one raised before the
// area showed would be cut short (or gone at once) when the timers first run.
const UNTIMED = { duration: Infinity };

// How long the empty live region is in the page before the toasts are put in it: a screen reader
// announces changes to a live region it already knows, not what a region arrives with, and the
// browser adds the region to its accessibility tree only with a later frame.
const ANNOUNCE_DELAY_MS = 100;

/** The toasts, their timers, and the area's popover while it holds any. */
function ToastStack({ area }: { area: RefObject<HTMLElement | null> }) {
  const [timed, setTimed] = useState(false);
  const { toasts, handlers } = useToaster(timed ? TIMED : UNTIMED);
  // Newest first, by when each was last raised: the store lists a new id first but keeps an
  // updated one (the same id raised again) where it was.
  const visible = toasts.filter((item) => item.visible).sort((a, b) => b.createdAt - a.createdAt);
  const early = useRef(visible);
  useLayoutEffect(() => {
    // Raised again, the toasts raised before the area showed get their full time from now.
    for (const item of early.current) (item.type === 'blank' ? toast : toast[item.type])(item.message, { id: item.id });
    setTimed(true);
  }, []);
  useLayoutEffect(() => {
    const popover = area.current;
    if (!popover || typeof popover.showPopover !== 'function') return;
    if (!visible.length) {
      popover.removeAttribute('popover'); // which closes it
      return;
    }
    popover.setAttribute('popover', 'manual');
    popover.toggleAttribute('data-over-modal', document.querySelector('dialog[open]') !== null);
    if (popover.matches(':popover-open')) popover.hidePopover();
    popover.showPopover();
  }, [area, visible.length, toasts]);
  return (
    <ol
      className="flex flex-col items-end gap-2 sm:group-data-over-modal:items-center"
      // Hovering pauses the timers, so a long message can be finished.
      onMouseEnter={handlers.startPause}
      onMouseLeave={handlers.endPause}
    >
      {visible.map((item) => (
        <ToastItem key={item.id} item={item} onDismiss={() => toast.dismiss(item.id)} />
      ))}
    </ol>
  );
}

/**
 * Top-right stack of toasts, just under the sticky nav bar (h-16) so they never cover its
 * buttons. A permanent polite live region that mounts empty and takes the toasts in a moment
 * later, so every toast is read, even one raised before it arrived. While it holds a toast it is
 * a manual popover, re-raised on every change: only another top-layer element shows above an
 * open modal <dialog>'s backdrop (a download from the preview would otherwise toast unseen).
 * Over a modal only the newest toast shows (the others stay in the region, hidden), at the
 * bottom (centred on wider screens, off the dialog's ×): the preview's title, actions and tools
 * are in its top rows. Holding none it is a plain empty box, because opening a popover makes the
 * browser restyle the whole page, a long task on a phone.
 */
export function Toaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), ANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const area = useRef<HTMLElement>(null);
  return (
    <section
      ref={area}
      aria-label="Notifications"
      aria-live="polite"
      className="group pointer-events-none fixed inset-x-4 top-[4.5rem] bottom-auto z-[60] m-0 h-fit w-auto overflow-visible border-0 bg-transparent p-0 data-over-modal:top-auto data-over-modal:bottom-[4.5rem] sm:left-auto sm:data-over-modal:left-4"
    >
      {ready ? <ToastStack area={area} /> : null}
    </section>
  );
}

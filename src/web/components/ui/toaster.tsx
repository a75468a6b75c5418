import { CircleAlert, CircleCheck, LoaderCircle, X } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
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

/**
 * Top-right stack of toasts, just under the sticky nav bar (h-16) so they never cover its
 * buttons. The list is a permanent polite live region, so every toast is read. It is a manual
 * popover, re-raised on every change: an open modal <dialog> lives in the browser's top layer,
 * and only another top-layer element can show above its backdrop (a download started from the
 * preview would otherwise toast unseen behind it).
 */
export function Toaster() {
  const { toasts, handlers } = useToaster({
    success: { duration: TOAST_DURATIONS.success },
    error: { duration: TOAST_DURATIONS.error },
    loading: { duration: TOAST_DURATIONS.loading },
    blank: { duration: TOAST_DURATIONS.blank },
  });
  const ref = useRef<HTMLElement>(null);
  const visible = toasts.filter((item) => item.visible);
  useLayoutEffect(() => {
    const popover = ref.current;
    if (!popover || typeof popover.showPopover !== 'function') return;
    if (popover.matches(':popover-open')) popover.hidePopover();
    popover.showPopover();
  }, [visible.length, toasts]);
  return (
    <section
      ref={ref}
      popover="manual"
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-4 top-[4.5rem] bottom-auto z-[60] m-0 h-fit w-auto overflow-visible border-0 bg-transparent p-0 sm:left-auto"
    >
      <ol
        aria-live="polite"
        className="flex flex-col items-end gap-2"
        // Hovering pauses the timers, so a long message can be finished.
        onMouseEnter={handlers.startPause}
        onMouseLeave={handlers.endPause}
      >
        {visible.map((item) => (
          <ToastItem key={item.id} item={item} onDismiss={() => toast.dismiss(item.id)} />
        ))}
      </ol>
    </section>
  );
}

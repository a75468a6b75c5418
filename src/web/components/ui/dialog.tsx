import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cn } from './cn';

interface DialogProps {
  open: boolean;
  /** Called for Escape and for a click on the backdrop: both mean "cancel". */
  onClose: () => void;
  title: string;
  description?: ReactNode;
  /** The buttons; put the safe choice first, as it receives the initial focus. */
  children: ReactNode;
  className?: string;
}

/**
 * A modal built on the native <dialog> and showModal(): the browser makes the rest of the page
 * inert, keeps focus inside, puts the dialog in the top layer and returns focus to the opener on
 * close, which no hand-written focus trap does as reliably.
 */
export function Dialog({ open, onClose, title, description, children, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // The page behind must not scroll under a phone's finger while the dialog is open.
  useEffect(() => {
    if (!open) return;
    document.documentElement.classList.add('overflow-hidden');
    return () => document.documentElement.classList.remove('overflow-hidden');
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      // Escape fires "cancel"; React state decides whether the dialog closes, not the browser.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // A click on the <dialog> itself (not its content) landed on the backdrop.
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
      className={cn(
        'm-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/60',
        className,
      )}
    >
      {open ? (
        <div className="p-6">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {description ? (
            <div id={descriptionId} className="mt-2 text-sm text-slate-700">
              {description}
            </div>
          ) : null}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}

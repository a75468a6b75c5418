import { X } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { cn } from './cn';

interface DialogProps {
  open: boolean;
  /** Called for Escape and for a click on the backdrop: both mean "cancel". */
  onClose: () => void;
  title: string;
  /** A line under the title that is part of the dialog's name (a preview: the subject under the title). */
  subtitle?: string;
  description?: ReactNode;
  /** The buttons; put the safe choice first, as it receives the initial focus. */
  children?: ReactNode;
  /** Content between the description and the buttons (a viewer, a form). */
  body?: ReactNode;
  /** A control shown beside the title, such as a close button. */
  closeButton?: ReactNode;
  /** Buttons in the title's row, before the close button (a viewer's Download). */
  headerActions?: ReactNode;
  /**
   * 'wide' for wide content; 'viewer' for a document viewer: the whole screen on a phone and
   * nearly all of it wider, one compact row of title, details (one line each, cut with an
   * ellipsis; the whole title in its tooltip and the dialog's name) and buttons, and the body
   * filling the rest, so the page being read gets most of a phone's height.
   */
  size?: 'md' | 'wide' | 'viewer';
  className?: string;
}

/**
 * A modal built on the native <dialog> and showModal(): the browser makes the rest of the page
 * inert, keeps focus inside, puts the dialog in the top layer and returns focus to the opener on
 * close, which no hand-written focus trap does as reliably.
 */
export function Dialog({ open, onClose, title, subtitle, description, children, body, closeButton, headerActions, size = 'md', className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const subtitleId = useId();
  const descriptionId = useId();

  // A layout effect, so the dialog is open (displayed) before its children's effects run: a
  // viewer measuring its container must not see a closed dialog of zero width.
  useLayoutEffect(() => {
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
      aria-labelledby={subtitle ? `${titleId} ${subtitleId}` : titleId}
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
        'bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/60',
        size === 'viewer'
          ? 'm-0 h-dvh max-h-none w-full max-w-none sm:m-auto sm:h-[calc(100dvh-2rem)] sm:w-[calc(100%-2rem)] sm:max-w-6xl sm:rounded-xl'
          : cn('m-auto w-[calc(100%-2rem)] rounded-xl', size === 'wide' ? 'max-w-6xl' : 'max-w-md'),
        className,
      )}
    >
      {open ? (
        size === 'viewer' ? (
          <div className="flex h-full flex-col p-2 sm:p-4">
            <div className="flex items-center gap-2">
              <div className="min-w-0 flex-1">
                <h2 id={titleId} title={title} className="truncate text-base leading-6 font-semibold text-slate-900 sm:text-lg">
                  {title}
                </h2>
                <p className="truncate text-xs leading-5 text-slate-700 sm:text-sm">
                  {subtitle ? <span id={subtitleId} className="font-medium">{subtitle}</span> : null}
                  {subtitle && description ? <span aria-hidden="true">{' · '}</span> : null}
                  {description ? <span id={descriptionId}>{description}</span> : null}
                </p>
              </div>
              {headerActions}
              {closeButton}
            </div>
            {body}
            {children ? <div className="mt-2 flex flex-wrap items-center justify-end gap-3">{children}</div> : null}
          </div>
        ) : (
          <div className={size === 'wide' ? 'p-4 sm:p-6' : 'p-6'}>
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <h2 id={titleId} className="text-lg font-semibold break-words text-slate-900">
                  {title}
                </h2>
                {subtitle ? (
                  <p id={subtitleId} className="text-sm font-medium break-words text-slate-700">
                    {subtitle}
                  </p>
                ) : null}
              </div>
              {closeButton}
            </div>
            {description ? (
              <div id={descriptionId} className="mt-2 text-sm text-slate-700">
                {description}
              </div>
            ) : null}
            {body}
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">{children}</div>
          </div>
        )
      ) : null}
    </dialog>
  );
}

/** The × beside a dialog's title (Dialog's `closeButton`), named for what it closes ("Close preview"). */
export function DialogCloseButton({ label, onClick, className }: { label: string; onClick: () => void; className?: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={cn(
        'inline-flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900',
        className,
      )}
    >
      <X aria-hidden="true" className="size-5" />
    </button>
  );
}

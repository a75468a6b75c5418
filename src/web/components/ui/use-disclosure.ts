import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';

/**
 * A button that shows and hides a panel of controls (a disclosure, not an ARIA menu: it may hold
 * selects and toggles, and Tab moves through it as through the page). A choice made in the panel
 * (a button or link pressed, a select changed) closes it, so it never stays over what the choice
 * shows (issue 34); so do Escape (which then goes no further: not the dialog around it), a
 * pointer down outside, and Tab out of it. Spread the three prop sets on the wrapper, the button
 * and the panel.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnOutside = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => document.removeEventListener('pointerdown', closeOnOutside);
  }, [open]);

  // Focus goes back to the button, as the control that had it disappears with the panel.
  const closeToButton = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return {
    open,
    wrapperProps: {
      ref: wrapperRef,
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key !== 'Escape' || !open) return;
        event.preventDefault();
        event.stopPropagation();
        closeToButton();
      },
      onBlur: (event: FocusEvent) => {
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      },
    },
    buttonProps: {
      ref: buttonRef,
      'aria-expanded': open,
      'aria-controls': panelId,
      onClick: () => setOpen((value) => !value),
    },
    panelProps: {
      id: panelId,
      onClick: (event: MouseEvent) => {
        if ((event.target as Element).closest('button, a')) closeToButton();
      },
      onChange: closeToButton,
    },
  };
}

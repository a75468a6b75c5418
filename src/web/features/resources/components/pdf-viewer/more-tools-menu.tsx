import { EllipsisVertical } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { cn } from '../../../../components/ui/cn';
import { ToolbarButton } from './toolbar-controls';
import type { ThemeClasses } from './viewer-theme';

interface MoreToolsMenuProps {
  theme: ThemeClasses;
  className?: string;
  children: ReactNode;
}

/**
 * "More tools": the controls a narrow viewer has no room for, behind a disclosure button. A
 * disclosure rather than an ARIA menu: it holds a select and toggles, which a menu may not, and
 * Tab moves through it as through any other part of the page. Escape, a click outside or Tab out
 * of it closes it.
 */
export function MoreToolsMenu({ theme, className, children }: MoreToolsMenuProps) {
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

  return (
    <div
      ref={wrapperRef}
      className={cn('relative', className)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          // Closes the menu only, not the preview dialog it sits in.
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <ToolbarButton
        ref={buttonRef}
        icon={EllipsisVertical}
        label="More tools"
        theme={theme}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      />
      <div
        id={panelId}
        hidden={!open}
        className={cn('absolute top-full right-0 z-30 mt-2 w-60 rounded-lg border p-3 shadow-xl', theme.popover)}
      >
        {children}
      </div>
    </div>
  );
}


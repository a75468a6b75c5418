import { ChevronDown } from 'lucide-react';
import { useId, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { cn } from '../../../../components/ui/cn';
import type { ThemeClasses } from './viewer-theme';

// 40 px targets: comfortably above WCAG 2.2's 24 px minimum on a phone toolbar.
const controlBase =
  'inline-flex min-h-10 items-center justify-center gap-2 rounded-md border text-sm font-medium transition-colors ' +
  'disabled:cursor-not-allowed disabled:opacity-50';

/** A lucide icon, or one drawn here (a lucide icon new to the app lands in every page's first load). */
export type ToolbarIcon = ComponentType<{ className?: string; 'aria-hidden'?: 'true' }>;

interface ToolbarButtonProps extends ComponentProps<'button'> {
  icon: ToolbarIcon;
  /** The accessible name; also the tooltip, and the visible text when `showLabel` is set. */
  label: string;
  showLabel?: boolean;
  theme: ThemeClasses;
}

/** An icon button of the viewer's toolbar, named for screen readers and titled for mice. */
export function ToolbarButton({
  icon: Icon,
  label,
  showLabel = false,
  theme,
  className,
  type = 'button',
  ...props
}: ToolbarButtonProps) {
  return (
    <button
      type={type}
      aria-label={showLabel ? undefined : label}
      title={showLabel ? undefined : label}
      className={cn(controlBase, theme.control, showLabel ? 'w-full justify-start px-3' : 'min-w-10 px-2', className)}
      {...props}
    >
      <Icon aria-hidden="true" className="size-5 shrink-0" />
      {showLabel ? <span>{label}</span> : null}
    </button>
  );
}

/** A step button of a ToolbarStepper. */
interface StepButton {
  icon: ToolbarIcon;
  label: string;
  disabled: boolean;
  onClick: () => void;
}

interface ToolbarStepperProps {
  theme: ThemeClasses;
  back: StepButton;
  forward: StepButton;
  children: ReactNode;
}

/**
 * A control between a step back and a step forward (the page number, the zoom). The step buttons
 * show only in a wide viewer: on a phone a finger scrolls and pinches, and the toolbar stays one
 * row. A wrapper hides each: cn() does not settle `hidden` against the button's own display.
 */
export function ToolbarStepper({ theme, back, forward, children }: ToolbarStepperProps) {
  return (
    <div className="flex items-center gap-1">
      <span className="hidden @3xl:inline-flex">
        <ToolbarButton {...back} theme={theme} />
      </span>
      {children}
      <span className="hidden @3xl:inline-flex">
        <ToolbarButton {...forward} theme={theme} />
      </span>
    </div>
  );
}

interface ToolbarSelectProps extends ComponentProps<'select'> {
  label: string;
  /** Shows the label above the select (menus) instead of only to screen readers (toolbar). */
  showLabel?: boolean;
  theme: ThemeClasses;
  children: ReactNode;
}

/**
 * A native select styled for the toolbar; its own, not ui/select, whose white control cannot
 * be recoloured for the dark theme (cn() does not resolve conflicting Tailwind classes).
 */
export function ToolbarSelect({ label, showLabel = false, theme, className, children, ...props }: ToolbarSelectProps) {
  const id = useId();
  return (
    <div className={cn(showLabel ? 'flex flex-col gap-1' : 'relative', className)}>
      <label htmlFor={id} className={showLabel ? cn('text-xs font-medium', theme.muted) : 'sr-only'}>
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          className={cn(controlBase, theme.control, 'w-full appearance-none pr-8 pl-3 text-left')}
          {...props}
        >
          {children}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-2 size-4 -translate-y-1/2 opacity-70"
        />
      </div>
    </div>
  );
}

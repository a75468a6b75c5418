import { useRef, type RefObject } from 'react';
import { cn } from '../../../../components/ui/cn';
import { clampSplit, SPLIT_MAX, SPLIT_MIN, SPLIT_STEP } from './viewer-settings';

interface SplitSeparatorProps {
  /** Width of the thumbnails, in percent of `areaRef`'s width. */
  value: number;
  onChange: (percent: number) => void;
  /** The element the percentage is measured against: the whole viewer area below the toolbar. */
  areaRef: RefObject<HTMLElement | null>;
  /** id of the thumbnails sidebar that this separator resizes. */
  controls: string;
  className?: string;
}

const KEY_STEPS: Record<string, number> = {
  ArrowLeft: -SPLIT_STEP,
  ArrowDown: -SPLIT_STEP,
  ArrowRight: SPLIT_STEP,
  ArrowUp: SPLIT_STEP,
};

/**
 * The draggable bar between thumbnails and pages: a focusable ARIA window splitter. Pointer drag
 * (mouse, pen or finger, via pointer capture) and the arrow keys (5 % a step; Home and End go to
 * the ends) both stay within 20-80 % of the viewer's width.
 */
export function SplitSeparator({ value, onChange, areaRef, controls, className }: SplitSeparatorProps) {
  const dragging = useRef(false);

  const fromPointer = (clientX: number) => {
    const area = areaRef.current?.getBoundingClientRect();
    if (!area || area.width === 0) return;
    onChange(clampSplit(((clientX - area.left) / area.width) * 100));
  };

  return (
    <div
      role="separator"
      tabIndex={0}
      aria-label="Resize thumbnails"
      aria-orientation="vertical"
      aria-controls={controls}
      aria-valuemin={SPLIT_MIN}
      aria-valuemax={SPLIT_MAX}
      aria-valuenow={value}
      aria-valuetext={`Thumbnails ${value}% of the width`}
      onKeyDown={(event) => {
        const step = KEY_STEPS[event.key];
        let next: number | undefined;
        if (step !== undefined) next = value + step;
        else if (event.key === 'Home') next = SPLIT_MIN;
        else if (event.key === 'End') next = SPLIT_MAX;
        if (next === undefined) return;
        // The arrows would otherwise also scroll the dialog.
        event.preventDefault();
        onChange(clampSplit(next));
      }}
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        // No text selection and no focus theft from the drag; the bar still takes focus so
        // that the arrow keys work right after.
        event.preventDefault();
        event.currentTarget.focus();
        event.currentTarget.setPointerCapture(event.pointerId);
        dragging.current = true;
      }}
      onPointerMove={(event) => {
        if (dragging.current) fromPointer(event.clientX);
      }}
      onPointerUp={(event) => {
        dragging.current = false;
        event.currentTarget.releasePointerCapture(event.pointerId);
      }}
      onPointerCancel={() => {
        dragging.current = false;
      }}
      // A 6 px bar with a 24 px hit area (WCAG 2.5.8) from the ::before pseudo-element; no
      // touch-action so a finger drags the bar instead of scrolling the page.
      className={cn(
        'relative w-1.5 shrink-0 cursor-col-resize touch-none transition-colors',
        "before:absolute before:inset-y-0 before:-right-2.5 before:-left-2.5 before:content-['']",
        className,
      )}
    />
  );
}

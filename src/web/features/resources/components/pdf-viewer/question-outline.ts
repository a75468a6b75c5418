import type { QuestionRegion } from '@shared/questions';
import type { EventBus } from './pdfjs';

export const OUTLINE_CLASS = 'question-outline';

/**
 * Outlines a question where it stands on its pages (the question bank's "open on its page"): a
 * box laid over each page that pdf.js draws, in fractions of the page, so it follows zoom.
 * pdf.js empties a page's box when it draws it again, hence on every `pagerendered`.
 */
export function outlineOnPages(eventBus: EventBus, regions: readonly QuestionRegion[], signal: AbortSignal): void {
  const onRendered = ({ source, pageNumber }: { source: { div: HTMLElement }; pageNumber: number }) => {
    const page = source.div;
    if (page.querySelector(`.${OUTLINE_CLASS}`)) return;
    for (const { box } of regions.filter((r) => r.page === pageNumber)) page.append(outlineBox(box));
  };
  eventBus.on('pagerendered', onRendered);
  signal.addEventListener('abort', () => eventBus.off('pagerendered', onRendered));
}

/** A box at [left, top, right, bottom] (fractions), with a margin so the outline does not touch the words. */
export function outlineBox([left = 0, top = 0, right = 1, bottom = 1]: readonly number[]): HTMLElement {
  const box = document.createElement('div');
  box.className = OUTLINE_CLASS;
  box.dataset.testid = 'question-outline';
  const pad = 0.005;
  Object.assign(box.style, {
    left: `${Math.max(0, left - pad) * 100}%`,
    top: `${Math.max(0, top - pad) * 100}%`,
    width: `${(Math.min(1, right + pad) - Math.max(0, left - pad)) * 100}%`,
    height: `${(Math.min(1, bottom + pad) - Math.max(0, top - pad)) * 100}%`,
  });
  return box;
}

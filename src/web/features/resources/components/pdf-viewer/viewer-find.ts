import type { MutableRefObject } from 'react';
import { FindState, type EventBus, type PDFFindController } from './pdfjs';
import type { FindStatus } from './viewer-settings';

/** A list of words finds any of them (a search hit's terms); a string is found as typed. */
export type FindQuery = string | readonly string[];

export interface FindOptions {
  again?: boolean;
  previous?: boolean;
}

export const IDLE_FIND: FindStatus = { phase: 'idle', current: 0, total: 0 };

interface MatchesCount {
  current: number;
  total: number;
}

// pdf.js types its event listeners as Function; this keeps each handler's payload typed.
export function listen<T>(eventBus: EventBus, name: string, signal: AbortSignal, listener: (event: T) => void) {
  eventBus.on(name, listener, { signal });
}

/** Asks pdf.js's find controller for `query`; the empty query clears the highlights. */
export function dispatchFind(eventBus: EventBus, query: FindQuery, options: FindOptions = {}) {
  if (query.length === 0) {
    eventBus.dispatch('findbarclose', { source: null });
    return;
  }
  eventBus.dispatch('find', {
    source: null,
    type: options.again ? 'again' : '',
    // pdf.js takes a list of words and finds any of them; a copy, as it sorts the list in place.
    query: typeof query === 'string' ? query : [...query],
    caseSensitive: false,
    entireWord: false,
    highlightAll: true,
    findPrevious: options.previous === true,
    matchDiacritics: false,
  });
}

/**
 * Follows pdf.js's find state into `setFindStatus`. pdf.js reports a state even for the empty
 * query that clears the highlights; `query` (the last one asked) lets those be ignored.
 */
export function listenForFindStatus(
  eventBus: EventBus,
  signal: AbortSignal,
  query: MutableRefObject<FindQuery>,
  setFindStatus: (update: (previous: FindStatus) => FindStatus) => void,
) {
  listen<{ matchesCount: MatchesCount }>(eventBus, 'updatefindmatchescount', signal, ({ matchesCount }) => {
    if (query.current.length === 0) return;
    setFindStatus((previous) => ({ ...previous, current: matchesCount.current, total: matchesCount.total }));
  });
  listen<{ state: number; matchesCount: MatchesCount }>(eventBus, 'updatefindcontrolstate', signal, (e) => {
    if (query.current.length === 0) return;
    if (e.state === FindState.PENDING) setFindStatus((previous) => ({ ...previous, phase: 'pending' }));
    else setFindStatus(() => ({ phase: 'done', current: e.matchesCount.current, total: e.matchesCount.total }));
  });
}

/**
 * pdf.js brings a match into view with the element's native scrollIntoView, which scrolls every
 * scrollable ancestor: on a phone the preview dialog itself would move and its title leave the screen.
 * Only the pages' own scroll container may move; the positions of those around it are put back.
 */
export function keepOuterScroll(findController: PDFFindController, container: HTMLElement) {
  const scrollMatchIntoView = findController.scrollMatchIntoView.bind(findController);
  findController.scrollMatchIntoView = (match) => {
    // React takes a closed preview's pages out of the document before the effect's cleanup stops
    // pdf.js, and a text layer drawn in between would scroll a hit that is no longer on the page;
    // a hidden viewer (display: none on the way out) cannot scroll either: pdf.js would log
    // "offsetParent is not set". The container is positioned, so only those two leave it no parent.
    if (container.offsetParent === null) return;
    const outer: { element: Element; top: number; left: number }[] = [];
    for (let element = container.parentElement; element; element = element.parentElement) {
      outer.push({ element, top: element.scrollTop, left: element.scrollLeft });
    }
    scrollMatchIntoView(match);
    for (const { element, top, left } of outer) {
      if (element.scrollTop !== top) element.scrollTop = top;
      if (element.scrollLeft !== left) element.scrollLeft = left;
    }
  };
}

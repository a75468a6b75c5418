import { BETA_BADGE, NAV_CLASSES, PAGE_COLUMN, PAGE_HEADING_CLASS } from './page-frame.js';
import type { PageHead } from './page-heads.js';

/**
 * What a page looks like before its scripts have run: the nav bar's brand and, for pages that
 * open with a fixed heading, that heading and its lead sentence where the page puts them. The
 * server writes it into index.html, so a phone paints the page's largest text (Lighthouse's LCP)
 * as soon as the HTML and CSS arrive instead of after the app's script has run; the app shows
 * the same markup while the session check and the page's code are still on their way, so nothing
 * flashes or moves (docs/decisions/026-first-paint.md). The pages build their heads from the same
 * table (web: components/page-column.tsx).
 */

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const classes = (...names: string[]) => names.filter(Boolean).join(' ');

/** The column with the page's heading and lead, as HTML. */
export function pageHeadHtml(head: PageHead): string {
  const column = classes(PAGE_COLUMN.base, PAGE_COLUMN[head.width], head.column);
  const block = head.block ? ` class="${head.block}"` : '';
  return (
    `<div class="${column}"><div${block}><h1 class="${PAGE_HEADING_CLASS}">${escapeHtml(head.heading)}</h1>` +
    `<p class="${head.leadClass}">${escapeHtml(head.lead)}</p></div></div>`
  );
}

// The books-on-a-shelf mark (web: app/logo-mark.tsx draws the same).
const LOGO_SVG =
  '<svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" class="size-8 shrink-0">' +
  '<rect width="32" height="32" rx="7" fill="#ffffff"></rect>' +
  '<path d="M8 9h4v14H8zM14 9h4v14h-4zM20.2 9.6l3.8-1 3.6 13.5-3.8 1z" fill="#1e3a8a"></path>' +
  '<path d="M6 24.5h20v1.5H6z" fill="#fbbf24"></path></svg>';

/**
 * The whole first screen before the app runs: the nav bar's brand (its links depend on the
 * session) and the page's head, or an empty page column for pages without a fixed one.
 * `noscript` is the sentence shown, in place of the page, to a browser that runs no scripts.
 * `top` is HTML (already escaped) painted in place of a fixed head: the signed-in home's header.
 */
export function pageShellHtml({ productName, head, top, noscript }: { productName: string; head?: PageHead; top?: string; noscript?: string }): string {
  const bar = classes(PAGE_COLUMN.base, PAGE_COLUMN.default, NAV_CLASSES.bar);
  const column = classes(PAGE_COLUMN.base, PAGE_COLUMN.prose, 'py-10 text-lg text-slate-700');
  return (
    `<div class="flex min-h-screen flex-col"><header class="${NAV_CLASSES.header}"><div class="${bar}">` +
    `<div class="${NAV_CLASSES.brandGroup}"><span class="${NAV_CLASSES.brand}">${LOGO_SVG}` +
    `<span class="truncate">${escapeHtml(productName)}</span></span>` +
    `<span class="${NAV_CLASSES.badge}">${BETA_BADGE}</span></div></div></header>` +
    `<main class="${NAV_CLASSES.main}">${head ? pageHeadHtml(head) : (top ?? '')}` +
    `${noscript ? `<noscript><p class="${column}">${escapeHtml(noscript)}</p></noscript>` : ''}</main></div>`
  );
}

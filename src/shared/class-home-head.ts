import type { SessionUser } from './account.js';
import { PAGE_COLUMN } from './page-frame.js';
import { escapeHtml } from './page-shell.js';

/**
 * The dark header of the signed-in home ("Your class", "<Branch>, Semester N"): what it says and
 * its classes. The page renders it from here (web: features/home/components/class-home.tsx) and
 * the server paints the same for a request whose session cookie resolves to a user
 * (server/http/home-first-paint.ts), so the heading, this page's largest text, is painted with
 * the HTML instead of after the app has booted (docs/decisions/026-first-paint.md).
 */

export interface ClassHomeHead {
  eyebrow: string;
  heading: string;
}

/** The user's class (branch and semester of their profile); admins have none and see the whole library. */
export function classOf(user: Pick<SessionUser, 'role' | 'branch' | 'semester'>): { branch: string; semester: number } | null {
  return user.role !== 'ADMIN' && user.semester ? { branch: user.branch, semester: user.semester } : null;
}

/** What the header says; `branchName` is the branch's full name (its id in capitals while unknown). */
export function classHomeHead(user: Pick<SessionUser, 'role' | 'branch' | 'semester' | 'name'>, branchName: string | undefined): ClassHomeHead {
  const klass = classOf(user);
  return klass
    ? { eyebrow: 'Your class', heading: `${branchName ?? klass.branch.toUpperCase()}, Semester ${klass.semester}` }
    : { eyebrow: 'The whole library', heading: `Welcome back, ${user.name}` };
}

/**
 * Classes of the header. The heading is text-3xl on a phone so that it is the largest text of the
 * first screen: at text-2xl a two-line paper title under it is larger, and Lighthouse would take
 * that later paint, after the app and /api/home, as the LCP. A short one-line heading can still
 * lose (docs/decisions/026-first-paint.md).
 */
export const CLASS_HOME_HEAD_CLASSES = {
  section: 'surface-dark bg-linear-to-b from-brand-900 to-brand-800 text-white',
  column: 'py-8 sm:py-12',
  eyebrow: 'text-sm font-semibold tracking-wide text-accent-400 uppercase',
  heading: 'mt-1 text-3xl font-bold tracking-tight text-balance sm:text-4xl',
  /** The search box's row (web: class-search.tsx) and the links' row under it, as the page has them. */
  searchRow: 'mt-5 flex max-w-2xl gap-2',
  linksRow: 'mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm',
} as const;

/** The room the search box (44 px) and the links (one 20 px line) take until the app draws them. */
const RESERVED = { search: 'h-11', links: 'h-5' } as const;

/**
 * The header as HTML, its texts escaped; the search box and the links are left as empty rows of their
 * height: a box painted before the scripts run could be typed into and then replaced.
 */
export function classHomeHeadHtml(head: ClassHomeHead): string {
  const c = CLASS_HOME_HEAD_CLASSES;
  return (
    `<section class="${c.section}"><div class="${PAGE_COLUMN.base} ${PAGE_COLUMN.default} ${c.column}">` +
    `<p class="${c.eyebrow}">${escapeHtml(head.eyebrow)}</p><h1 class="${c.heading}">${escapeHtml(head.heading)}</h1>` +
    `<div class="${c.searchRow} ${RESERVED.search}"></div><div class="${c.linksRow} ${RESERVED.links}"></div></div></section>`
  );
}

/** Name of the meta tag with the branch the server painted ({id, name} as JSON), read by the page. */
export const CLASS_BRANCH_META_NAME = 'studyshelf-class-branch';

/*
 * The viewer's choices and the arithmetic on them, free of pdf.js and React so unit tests can
 * run them in Node.
 */

/** The zoom levels SPEC.md names, as pdf.js scales (1 = 100 %): the select offers exactly these. */
export const ZOOM_LEVELS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4] as const;

// Scales are floats that went through pdf.js; compare them with some slack.
const EPSILON = 1e-3;

/** The next zoom level above (direction 1) or below (-1) `scale`, or `scale` itself at the ends. */
export function stepZoom(scale: number, direction: 1 | -1): number {
  if (direction > 0) return ZOOM_LEVELS.find((level) => level > scale + EPSILON) ?? scale;
  return [...ZOOM_LEVELS].reverse().find((level) => level < scale - EPSILON) ?? scale;
}

/** The preset shown for a scale (pdf.js reports the scale it applied, maybe rounded). */
export function nearestZoomLevel(scale: number): number {
  return ZOOM_LEVELS.reduce((best, level) => (Math.abs(level - scale) < Math.abs(best - scale) ? level : best));
}

/** pdf.js's named zooms that follow the viewer's size: the page's width, or the whole page. */
export const FIT_ZOOMS = [
  { value: 'page-width', label: 'Fit width' },
  { value: 'page-fit', label: 'Fit page' },
] as const;

/** A named zoom, as pdf.js's currentScaleValue takes it. */
export type FitZoom = (typeof FIT_ZOOMS)[number]['value'];

/** A zoom choice: one of the fits, or a scale (1 = 100 %). */
export type ZoomChoice = FitZoom | number;

/** Below this viewer width (CSS px) the viewer is on a phone (or a narrow window). */
export const PHONE_VIEWER_WIDTH = 640;

/**
 * The zoom a document opens at: the fit the reader last chose in the zoom select, else the
 * page's width at every size (at fit page a desktop's page is too small to read).
 */
export function initialZoom(saved: string | null): FitZoom {
  return FIT_ZOOMS.find((fit) => fit.value === saved)?.value ?? 'page-width';
}

/** The select's value for what pdf.js reports: a fit by name, a preset level, or '' for another scale (a pinch). */
export function zoomSelectValue(scale: number, preset: string | null): string {
  if (preset && FIT_ZOOMS.some((fit) => fit.value === preset)) return preset;
  const level = nearestZoomLevel(scale);
  return Math.abs(level - scale) < 5e-3 ? String(level) : '';
}

/** The smallest and largest scales a pinch may reach (SPEC.md's zoom levels' range). */
export function clampScale(scale: number): number {
  return Math.min(ZOOM_LEVELS[ZOOM_LEVELS.length - 1]!, Math.max(ZOOM_LEVELS[0], scale));
}

/** Percent text of a zoom level, as the select shows it. */
export function zoomLabel(level: number): string {
  return `${Math.round(level * 100)}%`;
}

/** Narrowest thumbnails sidebar, in percent of the viewer's width (SPEC.md: split 20-80). */
export const SPLIT_MIN = 20;
/** Widest thumbnails sidebar, in percent of the viewer's width. */
export const SPLIT_MAX = 80;
/** What one arrow key press moves the separator by, in percent. */
export const SPLIT_STEP = 5;
/** The sidebar's width when first opened, in percent. */
export const SPLIT_DEFAULT = 25;
/** Its width when first opened over a narrow viewer's pages (a phone): a quarter would be ~90 px. */
export const SPLIT_NARROW = 40;

/** A split percentage kept inside 20-80 and rounded, as the separator announces it. */
export function clampSplit(percent: number): number {
  if (Number.isNaN(percent)) return SPLIT_DEFAULT;
  return Math.min(SPLIT_MAX, Math.max(SPLIT_MIN, Math.round(percent)));
}

/** pdf.js ScrollMode names with their labels, in menu order; "Page" is pdf.js's single page mode. */
export const SCROLL_MODES = [
  { key: 'VERTICAL', label: 'Vertical' },
  { key: 'HORIZONTAL', label: 'Horizontal' },
  { key: 'WRAPPED', label: 'Wrapped' },
  { key: 'PAGE', label: 'Single page' },
] as const;

/** A scroll mode, by its pdf.js ScrollMode name. */
export type ScrollModeKey = (typeof SCROLL_MODES)[number]['key'];

/** No search, a search still reading pages, or a search with its answer. */
export type FindPhase = 'idle' | 'pending' | 'done';

/** Where a search stands, as the status beside the search box reads it. */
export interface FindStatus {
  phase: FindPhase;
  current: number;
  total: number;
}

/** "2 of 5 matches", "No matches", or nothing while there is nothing to say yet. */
export function findStatusText(status: FindStatus): string {
  if (status.phase === 'idle') return '';
  if (status.total > 0) return `${status.current} of ${status.total} ${status.total === 1 ? 'match' : 'matches'}`;
  return status.phase === 'done' ? 'No matches' : '';
}

/** A page number typed by the user, if it names a page of the document. */
export function parsePageNumber(text: string, pagesCount: number): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const page = Number(text);
  return page >= 1 && page <= pagesCount ? page : null;
}

/** The viewer's colour theme; dark is the default. */
export type ViewerTheme = 'dark' | 'light';

import type { ViewerTheme } from './viewer-settings';

/** Tailwind classes of the viewer's surfaces in one theme. */
export interface ThemeClasses {
  root: string;
  toolbar: string;
  /** Buttons and selects of the toolbar. */
  control: string;
  /** The area around the pages. */
  pages: string;
  sidebar: string;
  /** A thumbnail's frame; `current` marks the page on screen. */
  thumbnail: string;
  thumbnailCurrent: string;
  separator: string;
  popover: string;
  muted: string;
}

/**
 * The two themes' classes. Dark is the default (SPEC.md: "a PDF viewer in dark theme"). Only the
 * chrome and the area around the pages change: page colours are never inverted, a scanned page
 * must look like paper. `surface-dark` turns the app's focus outline white (styles.css);
 * `scheme-*` gives native scrollbars and select pop-ups the matching colours.
 */
export const THEMES: Record<ViewerTheme, ThemeClasses> = {
  dark: {
    root: 'surface-dark scheme-dark border-slate-700 bg-slate-900 text-slate-100',
    toolbar: 'border-slate-700 bg-slate-800',
    control:
      'border-slate-600 bg-slate-900 text-slate-100 hover:bg-slate-700 aria-pressed:bg-slate-600 aria-expanded:bg-slate-600',
    pages: 'bg-slate-900',
    sidebar: 'bg-slate-800',
    thumbnail: 'border-slate-600 hover:border-slate-300',
    thumbnailCurrent: 'border-sky-400 ring-2 ring-sky-400',
    separator: 'bg-slate-700 hover:bg-sky-400 active:bg-sky-400',
    popover: 'border-slate-600 bg-slate-800 text-slate-100',
    muted: 'text-slate-300',
  },
  light: {
    root: 'scheme-light border-slate-300 bg-slate-100 text-slate-900',
    toolbar: 'border-slate-300 bg-white',
    control:
      'border-slate-300 bg-white text-slate-900 hover:bg-slate-100 aria-pressed:bg-slate-200 aria-expanded:bg-slate-200',
    pages: 'bg-slate-200',
    sidebar: 'bg-slate-50',
    thumbnail: 'border-slate-300 hover:border-slate-500',
    thumbnailCurrent: 'border-brand-700 ring-2 ring-brand-700',
    separator: 'bg-slate-300 hover:bg-brand-600 active:bg-brand-600',
    popover: 'border-slate-300 bg-white text-slate-900',
    muted: 'text-slate-600',
  },
};

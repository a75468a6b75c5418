/*
 * What counts as text on a page, for deciding that a page is a scan: the server OCRs such pages
 * (processing), and batch upload sends such a first page's header to be read (decision 056).
 */

/** Fewer visible characters than this and a page counts as having no text layer. */
export const MIN_TEXT_CHARS = 20;

/** Visible characters of a text. */
export function visibleChars(text: string): number {
  return text.replace(/\s+/gu, '').length;
}

/**
 * The line a phone scanner app stamps on every page it saves ("Scanned with CamScanner"): text of
 * the app's, not of the page, so it must not make a scan look like it has a text layer.
 */
const SCANNER_STAMP = /\bscanned\s+(?:with|by|using)\s+\S+(?:\s+scanner)?/giu;

/** True when a page's extracted text is (almost) empty: a scan, or a page of pictures. */
export function needsOcr(pageText: string): boolean {
  return visibleChars(pageText.replace(SCANNER_STAMP, '')) < MIN_TEXT_CHARS;
}

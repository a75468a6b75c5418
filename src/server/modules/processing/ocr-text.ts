/**
 * What counts as text on a page, for deciding to OCR it and for noting what OCR left unread.
 * Kept apart from ocr.ts so the server process can use it without loading tesseract.js.
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

/**
 * OCR found (almost) nothing on a page: fewer than MIN_TEXT_CHARS visible characters and at
 * most one word of three letters or more on it, counting its text layer ("Page 2" alone, a
 * stray mark). "Unit 3 notes" is short, but it is the page's text.
 */
export function readNothing(ocrText: string, layerText: string): boolean {
  const text = `${ocrText}\n${layerText}`;
  return visibleChars(ocrText) < MIN_TEXT_CHARS && (text.match(/\p{L}{3,}/gu)?.length ?? 0) <= 1;
}

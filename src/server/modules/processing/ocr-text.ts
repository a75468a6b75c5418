/**
 * What counts as text on a page, for deciding to OCR it and for noting what OCR left unread.
 * Kept apart from ocr.ts so the server process can use it without loading tesseract.js; the
 * part the browser shares is in shared/scan-text.ts.
 */
import { MIN_TEXT_CHARS, visibleChars } from '../../../shared/scan-text.js';

export { MIN_TEXT_CHARS, needsOcr, visibleChars } from '../../../shared/scan-text.js';

/**
 * OCR found (almost) nothing on a page: fewer than MIN_TEXT_CHARS visible characters and at
 * most one word of three letters or more on it, counting its text layer ("Page 2" alone, a
 * stray mark). "Unit 3 notes" is short, but it is the page's text.
 */
export function readNothing(ocrText: string, layerText: string): boolean {
  const text = `${ocrText}\n${layerText}`;
  return visibleChars(ocrText) < MIN_TEXT_CHARS && (text.match(/\p{L}{3,}/gu)?.length ?? 0) <= 1;
}

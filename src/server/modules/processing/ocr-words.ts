// Types only: a value import would load zod into every processing child process.
import type { PageWord, PageWordLine } from '../../../shared/page-words.js';

/** The parts of Tesseract's block tree (its `blocks` output) that word positions need. */
export interface OcrBlock {
  paragraphs: Array<{ lines: Array<{ words: Array<{ text: string; bbox: { x0: number; y0: number; x1: number; y1: number } }> }> }>;
}

/** Four digits of a fraction: 0.1 px on a page drawn 1000 px wide. */
const SCALE = 10_000;
const fraction = (value: number, of: number) => Math.round(Math.min(1, Math.max(0, value / of)) * SCALE) / SCALE;

/**
 * Tesseract's words, line by line, with boxes as fractions of the image (`width` x `height` px)
 * it read. `halfTurned`: the image was turned 180 degrees before reading (the upside-down pass),
 * so its boxes are turned back onto the page as drawn and its words are marked `turned`. Empty words and lines are left out; the
 * order stays Tesseract's, the order the text is read in.
 */
export function ocrWordLines(blocks: readonly OcrBlock[] | null | undefined, size: { width: number; height: number }, halfTurned = false): PageWordLine[] {
  const lines: PageWordLine[] = [];
  const { width, height } = size;
  for (const block of blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const words: PageWord[] = [];
        for (const word of line.words) {
          const text = word.text.trim();
          if (!text) continue;
          const { x0, y0, x1, y1 } = word.bbox;
          words.push({
            text,
            box: halfTurned
              ? [fraction(width - x1, width), fraction(height - y1, height), fraction(width - x0, width), fraction(height - y0, height)]
              : [fraction(x0, width), fraction(y0, height), fraction(x1, width), fraction(y1, height)],
            ...(halfTurned ? { turned: true } : {}),
          });
        }
        if (words.length) lines.push(words);
      }
    }
  }
  // In reading order either way: the text layer's copy and find follow the sentences.
  return lines;
}

// Types only: a value import would load zod into every processing child process.
import type { PageWord, PageWordLine } from '../../../shared/page-words.js';

/** The parts of Tesseract's block tree (its `blocks` output) that word positions need. */
export interface OcrBlock {
  paragraphs: Array<{ lines: Array<{ words: Array<{ text: string; bbox: PixelBox }> }> }>;
}

interface PixelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Four digits of a fraction: 0.1 px on a page drawn 1000 px wide. */
const SCALE = 10_000;
const fraction = (value: number, of: number) => Math.round(Math.min(1, Math.max(0, value / of)) * SCALE) / SCALE;

/**
 * Tesseract's words, line by line, with boxes as fractions of the image (`width` x `height` px)
 * it read. `radians`: how far Tesseract turned the image before reading it, clockwise about its
 * centre (it straightens a skewed photo, and the upside-down pass turns it half a turn); boxes
 * are turned back onto the page as drawn, and words read upside down are marked `turned`.
 * Empty words and lines are left out; the order stays Tesseract's, the order the text is read in.
 */
export function ocrWordLines(blocks: readonly OcrBlock[] | null | undefined, size: { width: number; height: number }, radians = 0): PageWordLine[] {
  const lines: PageWordLine[] = [];
  const { width, height } = size;
  const turnBack = turnerBack(size, radians);
  const upsideDown = Math.abs(radians) > Math.PI / 2;
  for (const block of blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const words: PageWord[] = [];
        for (const word of line.words) {
          const text = word.text.trim();
          if (!text) continue;
          const [x0, y0, x1, y1] = turnBack(word.bbox);
          words.push({
            text,
            box: [fraction(x0, width), fraction(y0, height), fraction(x1, width), fraction(y1, height)],
            ...(upsideDown ? { turned: true } : {}),
          });
        }
        if (words.length) lines.push(words);
      }
    }
  }
  // In reading order either way: the text layer's copy and find follow the sentences.
  return lines;
}

type Box = [x0: number, y0: number, x1: number, y1: number];

/** Maps a box on the turned image back onto the image as given: the box around its turned corners. */
function turnerBack(size: { width: number; height: number }, radians: number): (bbox: PixelBox) => Box {
  if (radians === 0) return ({ x0, y0, x1, y1 }) => [x0, y0, x1, y1];
  const [cx, cy] = [size.width / 2, size.height / 2];
  const [cos, sin] = [Math.cos(-radians), Math.sin(-radians)];
  return ({ x0, y0, x1, y1 }) => {
    const xs: number[] = [];
    const ys: number[] = [];
    for (const [x, y] of [[x0, y0], [x1, y0], [x0, y1], [x1, y1]] as const) {
      xs.push(cx + (x - cx) * cos - (y - cy) * sin);
      ys.push(cy + (x - cx) * sin + (y - cy) * cos);
    }
    return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  };
}

// Lines of words with boxes from pdf.js text content, for born-digital pages while the processing
// worker gives lines only for OCR pages. A stand-in for the bench, not production's method:
// items are grouped by baseline and read left to right, so two columns share their lines.

/**
 * @typedef {{ text: string, box: [number, number, number, number] }} Word
 * @typedef {{ str: string, transform: number[], width: number, height: number }} TextItem
 */

const SCALE = 10_000;
const fraction = (/** @type {number} */ value) => Math.round(Math.min(1, Math.max(0, value)) * SCALE) / SCALE;

/**
 * @param {readonly TextItem[]} items text content items (marked-content entries left out)
 * @param {{ width: number, height: number, convertToViewportPoint(x: number, y: number): number[] }} viewport the page at scale 1
 * @returns {Word[][]}
 */
export function textContentLines(items, viewport) {
  /** @type {{ words: Word[], baseline: number, size: number, left: number }[]} */
  const placed = [];
  for (const item of items) {
    if (!item.str.trim()) continue;
    const [x0, y0] = viewport.convertToViewportPoint(item.transform[4], item.transform[5]);
    const [x1] = viewport.convertToViewportPoint(item.transform[4] + item.width, item.transform[5]);
    const size = item.height || Math.hypot(item.transform[2], item.transform[3]) || 10;
    const left = Math.min(x0, x1);
    const span = Math.abs(x1 - x0);
    // Words share the item's width by their share of its characters (no per-glyph widths here).
    const perChar = item.str.length ? span / item.str.length : 0;
    /** @type {Word[]} */
    const words = [];
    for (const match of item.str.matchAll(/\S+/g)) {
      const start = left + match.index * perChar;
      const end = start + match[0].length * perChar;
      words.push({
        text: match[0],
        box: [fraction(start / viewport.width), fraction((y0 - size) / viewport.height), fraction(end / viewport.width), fraction(y0 / viewport.height)],
      });
    }
    placed.push({ words, baseline: y0, size, left });
  }
  placed.sort((a, b) => a.baseline - b.baseline || a.left - b.left);
  /** @type {{ baseline: number, size: number, parts: typeof placed }[]} */
  const lines = [];
  for (const entry of placed) {
    const line = lines.at(-1);
    if (line && Math.abs(entry.baseline - line.baseline) <= Math.max(line.size, entry.size) / 2) line.parts.push(entry);
    else lines.push({ baseline: entry.baseline, size: entry.size, parts: [entry] });
  }
  return lines.map((line) => line.parts.sort((a, b) => a.left - b.left).flatMap((part) => part.words)).filter((words) => words.length);
}

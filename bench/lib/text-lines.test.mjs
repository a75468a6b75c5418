import { describe, expect, it } from 'vitest';
import { textContentLines } from './text-lines.mjs';

/** A 100 x 200 pt page at scale 1: pdf.js's y runs up from the bottom, the viewport's down from the top. */
const viewport = { width: 100, height: 200, convertToViewportPoint: (/** @type {number} */ x, /** @type {number} */ y) => [x, 200 - y] };
const item = (/** @type {string} */ str, /** @type {number} */ x, /** @type {number} */ y, /** @type {number} */ width) => ({ str, transform: [10, 0, 0, 10, x, y], width, height: 10 });

describe('textContentLines', () => {
  it('groups items by baseline, top to bottom and left to right, with boxes as page fractions', () => {
    const lines = textContentLines(
      [item('[5 marks]', 80, 180, 18), item('Q1', 10, 180, 10), item('Define a tree.', 30, 181, 40), item('(b) Next', 30, 160, 20), item(' ', 0, 0, 5)],
      viewport,
    );
    expect(lines.map((line) => line.map((word) => word.text).join(' '))).toEqual(['Q1 Define a tree. [5 marks]', '(b) Next']);
    expect(lines[0][0].box).toEqual([0.1, 0.05, 0.2, 0.1]);
    // "Define a tree." is 14 characters over 40 pt: "a" starts after 7 of them.
    expect(lines[0][2].box[0]).toBeCloseTo((30 + 7 * (40 / 14)) / 100, 4);
  });
});

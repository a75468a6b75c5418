import { describe, expect, it } from 'vitest';
import type { PageWordLine } from '../../../shared/page-words.js';
import { MAX_STRIPS, marginStrips, withNumber } from './ocr-margins.js';

const word = (text: string, x0: number, y0: number, x1: number, y1: number) => ({ text, box: [x0, y0, x1, y1] });
// CMP_papers_2020 page 2 as Tesseract reads it: each question's "1." comes out as ".".
const speckLine: PageWordLine = [word('.', 0.061, 0.236, 0.064, 0.241), word('In', 0.08, 0.224, 0.095, 0.241), word('LL(1)', 0.1, 0.224, 0.15, 0.245)];

describe('marginStrips', () => {
  it('finds the strip left of a speck opening a line, as tall as its text, up to the next word', () => {
    const strips = marginStrips([[word('Compilers,', 0.28, 0.005, 0.4, 0.02)], speckLine, [word('arrive', 0.08, 0.271, 0.13, 0.29)]]);
    expect(strips).toHaveLength(1);
    expect(strips[0]!.line).toBe(1);
    const [x0, y0, x1, y1] = strips[0]!.box;
    expect(x0).toBeCloseTo(0.021, 6);
    expect(x1).toBeCloseTo(0.078, 6);
    expect(y0).toBeLessThan(0.224);
    expect(y1).toBeGreaterThan(0.241);
  });

  it('reads at most a few strips a page, and none for a lone speck, a word or a page read upside down', () => {
    expect(marginStrips(Array.from({ length: 9 }, () => speckLine))).toHaveLength(MAX_STRIPS);
    expect(marginStrips([[word('.', 0.06, 0.2, 0.064, 0.21)], [word('1.', 0.06, 0.3, 0.07, 0.31), word('In', 0.08, 0.3, 0.1, 0.31)]])).toEqual([]);
    expect(marginStrips([speckLine.map((w) => ({ ...w, turned: true }))])).toEqual([]);
    // Handwriting in the page's middle: "- Vink pipes".
    expect(marginStrips([speckLine, [word('-', 0.69, 0.62, 0.7, 0.63), word('Vink', 0.71, 0.62, 0.75, 0.64)]]).map((s) => s.line)).toEqual([0]);
  });
});

describe('withNumber', () => {
  it('puts the number read in the strip in place of the speck, and keeps the line when none was read', () => {
    expect(withNumber(speckLine, '1.\n').map((w) => w.text)).toEqual(['1.', 'In', 'LL(1)']);
    expect(withNumber(speckLine, '12)')[0]!.text).toBe('12.');
    expect(withNumber(speckLine, '3')[0]!.box[0]).toBeLessThan(0.061);
    for (const text of ['', 'In', '1984', 'a.']) expect(withNumber(speckLine, text), text).toBe(speckLine);
  });
});

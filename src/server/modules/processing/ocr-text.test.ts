import { describe, expect, it } from 'vitest';
import { readNothing } from './ocr-text.js';

describe('readNothing', () => {
  it('is true for a blank page, a page number or a stray mark, and false for short real text', () => {
    expect(readNothing('', '')).toBe(true);
    expect(readNothing('- Page 1', '')).toBe(true);
    expect(readNothing('~ |', '')).toBe(true);
    expect(readNothing('Alpha cherry - Page 3', '')).toBe(false);
    expect(readNothing('', 'Unit 3 notes')).toBe(false);
    expect(readNothing('2-way read/write tape, Figure 1', '')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { needsOcr, readNothing } from './ocr-text.js';

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

describe('needsOcr', () => {
  it('reads a page whose only text is a scanner app\'s stamp as a scan', () => {
    expect(needsOcr('Scanned with CamScanner')).toBe(true);
    expect(needsOcr('Scanned by CamScanner\n')).toBe(true);
    expect(needsOcr('Scanned with OKEN Scanner')).toBe(true);
    expect(needsOcr('')).toBe(true);
    expect(needsOcr('Define a B-tree of order m.')).toBe(false);
    expect(needsOcr('The pages were scanned with care before the exam.')).toBe(false);
  });
});

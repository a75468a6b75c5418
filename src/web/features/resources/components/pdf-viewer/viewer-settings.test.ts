import { describe, expect, it } from 'vitest';
import {
  clampSplit,
  findStatusText,
  clampScale,
  initialZoom,
  nearestZoomLevel,
  parsePageNumber,
  stepZoom,
  ZOOM_LEVELS,
  zoomLabel,
  zoomSelectValue,
} from './viewer-settings';

describe('zoom levels', () => {
  it('offers exactly the levels SPEC.md names', () => {
    expect(ZOOM_LEVELS.map(zoomLabel)).toEqual(['50%', '75%', '100%', '125%', '150%', '200%', '300%', '400%']);
  });

  it('steps through the levels and stops at both ends', () => {
    expect(stepZoom(1, 1)).toBe(1.25);
    expect(stepZoom(1, -1)).toBe(0.75);
    expect(stepZoom(2, 1)).toBe(3);
    expect(stepZoom(4, 1)).toBe(4);
    expect(stepZoom(0.5, -1)).toBe(0.5);
    // A scale pdf.js rounded slightly still steps from the level it stands for.
    expect(stepZoom(1.2500001, 1)).toBe(1.5);
  });

  it('shows the nearest level for a scale between levels', () => {
    expect(nearestZoomLevel(1.01)).toBe(1);
    expect(nearestZoomLevel(2.7)).toBe(3);
  });

  it('opens at fit width, or at the fit the reader chose last', () => {
    expect(initialZoom(null)).toBe('page-width');
    expect(initialZoom('page-fit')).toBe('page-fit');
    expect(initialZoom('page-width')).toBe('page-width');
    // Anything else stored (an old or foreign value) is ignored.
    expect(initialZoom('2')).toBe('page-width');
  });

  it('names a fit, a preset level, or nothing for a pinched scale in the zoom select', () => {
    expect(zoomSelectValue(0.61, 'page-width')).toBe('page-width');
    expect(zoomSelectValue(0.4, 'page-fit')).toBe('page-fit');
    expect(zoomSelectValue(1.25, '1.25')).toBe('1.25');
    expect(zoomSelectValue(1.5000001, null)).toBe('1.5');
    expect(zoomSelectValue(1.37, null)).toBe('');
  });

  it('keeps a pinch between 50 % and 400 %', () => {
    expect(clampScale(0.2)).toBe(0.5);
    expect(clampScale(1.37)).toBe(1.37);
    expect(clampScale(9)).toBe(4);
  });
});

describe('split', () => {
  it('keeps the thumbnails between 20 and 80 percent', () => {
    expect(clampSplit(5)).toBe(20);
    expect(clampSplit(95)).toBe(80);
    expect(clampSplit(42.4)).toBe(42);
    expect(clampSplit(Number.NaN)).toBe(25);
  });
});

describe('find status', () => {
  it('reads "N of M matches", "No matches", or nothing', () => {
    expect(findStatusText({ phase: 'idle', current: 0, total: 0 })).toBe('');
    expect(findStatusText({ phase: 'pending', current: 0, total: 0 })).toBe('');
    expect(findStatusText({ phase: 'pending', current: 1, total: 4 })).toBe('1 of 4 matches');
    expect(findStatusText({ phase: 'done', current: 1, total: 1 })).toBe('1 of 1 match');
    expect(findStatusText({ phase: 'done', current: 0, total: 0 })).toBe('No matches');
  });
});

describe('page number field', () => {
  it('accepts only pages of the document', () => {
    expect(parsePageNumber(' 3 ', 10)).toBe(3);
    expect(parsePageNumber('0', 10)).toBeNull();
    expect(parsePageNumber('11', 10)).toBeNull();
    expect(parsePageNumber('2.5', 10)).toBeNull();
    expect(parsePageNumber('', 10)).toBeNull();
  });
});

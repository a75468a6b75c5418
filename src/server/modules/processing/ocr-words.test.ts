import { describe, expect, it } from 'vitest';
import { ocrWordLines, type OcrBlock } from './ocr-words.js';

const word = (text: string, x0: number, y0: number, x1: number, y1: number) => ({ text, bbox: { x0, y0, x1, y1 } });
const blocks: OcrBlock[] = [
  {
    paragraphs: [
      { lines: [{ words: [word('State', 100, 50, 300, 100), word("Savitch's", 320, 50, 600, 100)] }, { words: [word('  ', 0, 0, 1, 1)] }] },
      { lines: [{ words: [word('theorem.', 100, 150, 400, 200)] }] },
    ],
  },
];

describe('ocrWordLines', () => {
  it('keeps lines and words in reading order, boxes as fractions of the image', () => {
    expect(ocrWordLines(blocks, { width: 1000, height: 2000 })).toEqual([
      [
        { text: 'State', box: [0.1, 0.025, 0.3, 0.05] },
        { text: "Savitch's", box: [0.32, 0.025, 0.6, 0.05] },
      ],
      [{ text: 'theorem.', box: [0.1, 0.075, 0.4, 0.1] }],
    ]);
  });

  it('turns the boxes of an image read upside down back onto the page', () => {
    const first = ocrWordLines(blocks, { width: 1000, height: 2000 }, Math.PI)[0]?.[0];
    // The word stood at the image's top left; on the page it is at the bottom right.
    expect(first).toEqual({ text: 'State', box: [0.7, 0.95, 0.9, 0.975], turned: true });
  });

  it('turns the boxes of an image straightened before reading back onto the page as photographed', () => {
    // Tesseract turned the photo 90 degrees clockwise about its centre (500, 500) to read it: a
    // word it read at the top left stood at the bottom left of the photo.
    const turned = [{ paragraphs: [{ lines: [{ words: [word('Dijkstra', 100, 200, 300, 250)] }] }] }];
    expect(ocrWordLines(turned, { width: 1000, height: 1000 }, Math.PI / 2)).toEqual([[{ text: 'Dijkstra', box: [0.2, 0.7, 0.25, 0.9] }]]);
    // A slight turn keeps the word's middle where turning it back puts it, and marks nothing turned.
    const slight = ocrWordLines(turned, { width: 1000, height: 1000 }, 0.05)[0]![0]!;
    const [x0, y0, x1, y1] = slight.box as [number, number, number, number];
    const middle = [(x0 + x1) / 2, (y0 + y1) / 2];
    const [dx, dy] = [200 - 500, 225 - 500];
    expect(middle[0]).toBeCloseTo((500 + dx * Math.cos(0.05) + dy * Math.sin(0.05)) / 1000, 3);
    expect(middle[1]).toBeCloseTo((500 - dx * Math.sin(0.05) + dy * Math.cos(0.05)) / 1000, 3);
    expect(slight.turned).toBeUndefined();
  });

  it('rounds to four digits and keeps boxes on the page', () => {
    const lines = ocrWordLines([{ paragraphs: [{ lines: [{ words: [word('x', -5, 1, 1001, 3)] }] }] }], { width: 1000, height: 3 });
    expect(lines).toEqual([[{ text: 'x', box: [0, 0.3333, 1, 1] }]]);
  });

  it('reads nothing from no blocks', () => {
    expect(ocrWordLines(null, { width: 10, height: 10 })).toEqual([]);
  });
});

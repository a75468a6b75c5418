import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corpusFile } from '../../../../tests/support/corpus.js';
import { openPdf } from '../../../../tests/support/scanned-pdf.js';
import { renderPage } from './render-page.js';

describe('pdfAssetOptions', () => {
  it('lets pdf.js read and draw CJK text, which needs its CMaps (text would be empty without)', async () => {
    const document = await openPdf(readFileSync(corpusFile('pdfjs', 'XiaoBiaoSong.pdf')));
    try {
      const page = await document.getPage(1);
      const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join('');
      expect(text).toContain('关于红军作战的原则');

      const rendered = await renderPage(document, 1, { width: 400 });
      try {
        const context = (rendered.canvas as unknown as { getContext(kind: '2d'): CanvasRenderingContext2D }).getContext('2d');
        const pixels = context.getImageData(0, 0, rendered.width, rendered.height).data;
        let ink = 0;
        for (let i = 0; i < pixels.length; i += 4) if (pixels[i]! < 200) ink++;
        expect(ink).toBeGreaterThan(1000);
      } finally {
        rendered.release();
      }
    } finally {
      await document.destroy();
    }
  });
});

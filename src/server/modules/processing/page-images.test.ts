import { describe, expect, it } from 'vitest';
import { makePdf } from '../../../../tests/support/pdf-fixture.js';
import { openPdf } from '../../../../tests/support/scanned-pdf.js';
import { PAGE_IMAGE_WIDTHS } from '../../../shared/page-images.js';
import { renderPageImages, type PageImage } from './page-images.js';
import type { CanvasFactory } from './render-page.js';
import { THUMBNAIL_WIDTH, thumbnailOf, type Thumbnail } from './thumbnail.js';

/** Width and height from a lossy or lossless WebP's header. */
function webpSize(bytes: Uint8Array): { width: number; height: number } {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect(b.toString('latin1', 0, 4)).toBe('RIFF');
  expect(b.toString('latin1', 8, 12)).toBe('WEBP');
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
}

describe('renderPageImages', () => {
  it('renders each page as WebP at every width, in page order, with the page proportions', async () => {
    const document = await openPdf(makePdf({ pages: 3, text: 'Page image check' }));
    try {
      const pages: PageImage[] = [];
      expect(await renderPageImages(document, 50, (p) => pages.push(p))).toBe(3);
      expect(pages.map((p) => p.page)).toEqual([1, 2, 3]);
      for (const page of pages) {
        expect(page.images.map((i) => i.width)).toEqual([...PAGE_IMAGE_WIDTHS]);
        for (const image of page.images) {
          const height = Math.round((image.width * 842) / 595);
          expect(image).toMatchObject({ pixelWidth: image.width, pixelHeight: height });
          expect(webpSize(image.bytes)).toEqual({ width: image.width, height });
        }
        // A text page stays small: the phone's image is what a slow connection fetches first.
        expect(page.images[0]!.bytes.byteLength).toBeLessThan(40_000);
        expect(page.images.at(-1)!.bytes.byteLength).toBeLessThan(120_000);
      }
    } finally {
      await document.destroy();
    }
  });

  it('stops at the page cap, and before a page once told to', async () => {
    const document = await openPdf(makePdf({ pages: 4 }));
    try {
      const capped: number[] = [];
      expect(await renderPageImages(document, 2, (p) => capped.push(p.page))).toBe(2);
      expect(capped).toEqual([1, 2]);
      const stopped: number[] = [];
      expect(await renderPageImages(document, 50, (p) => stopped.push(p.page), { stop: () => stopped.length >= 3 })).toBe(3);
      expect(stopped).toEqual([1, 2, 3]);
    } finally {
      await document.destroy();
    }
  });

  it('draws page 1 once: the thumbnail is scaled from the page image', async () => {
    const document = await openPdf(makePdf({ pages: 2, text: 'One draw' }));
    try {
      const drawn: number[] = [];
      const getPage = document.getPage.bind(document);
      document.getPage = (n) => (drawn.push(n), getPage(n));
      let thumbnail: Thumbnail | undefined;
      const pages: PageImage[] = [];
      await renderPageImages(document, 50, (p) => pages.push(p), {
        pageOne: async (rendered) => {
          expect(rendered.width).toBe(Math.max(...PAGE_IMAGE_WIDTHS));
          thumbnail = await thumbnailOf(rendered, document.canvasFactory as CanvasFactory);
        },
      });
      expect(drawn).toEqual([1, 2]);
      expect(pages).toHaveLength(2);
      expect(thumbnail).toMatchObject({ contentType: 'image/webp', width: THUMBNAIL_WIDTH, height: Math.round((THUMBNAIL_WIDTH * 842) / 595) });
      expect(webpSize(thumbnail!.bytes)).toEqual({ width: THUMBNAIL_WIDTH, height: thumbnail!.height });
    } finally {
      await document.destroy();
    }
  });
});

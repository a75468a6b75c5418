import { describe, expect, it } from 'vitest';
import { makePdf } from '../../../../tests/support/pdf-fixture.js';
import { openPdf } from '../../../../tests/support/scanned-pdf.js';
import { MAX_SIDE_PX, renderPage } from './render-page.js';
import { makeThumbnail, THUMBNAIL_WIDTH } from './thumbnail.js';

/** Width and height from the headers of a PNG or a WebP (lossy, lossless or extended). */
function imageSize(bytes: Buffer): { format: 'png' | 'webp'; width: number; height: number } {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { format: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') throw new Error('neither PNG nor WebP');
  expect(bytes.readUInt32LE(4)).toBe(bytes.length - 8);
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    expect(bytes.subarray(23, 26)).toEqual(Buffer.from([0x9d, 0x01, 0x2a]));
    return { format: 'webp', width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { format: 'webp', width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  throw new Error(`unknown WebP chunk ${chunk}`);
}

describe('makeThumbnail', () => {
  it('renders the first page as a WebP about 240 px wide, with the page proportions', async () => {
    const document = await openPdf(makePdf({ pages: 3, text: 'Thumbnail check' }));
    try {
      const thumbnail = await makeThumbnail(document);
      expect(thumbnail.contentType).toBe('image/webp');
      expect(thumbnail.width).toBe(THUMBNAIL_WIDTH);
      expect(thumbnail.height).toBe(Math.round((THUMBNAIL_WIDTH * 842) / 595));
      expect(imageSize(thumbnail.bytes)).toEqual({ format: 'webp', width: thumbnail.width, height: thumbnail.height });
      expect(thumbnail.bytes.length).toBeLessThan(30_000);
    } finally {
      await document.destroy();
    }
  });

  it('reads the image size from PNG headers too (the fallback format)', async () => {
    const document = await openPdf(makePdf());
    try {
      const rendered = await renderPage(document, 1, { width: 120 });
      try {
        expect(imageSize(await rendered.canvas.encode('png'))).toEqual({ format: 'png', width: 120, height: 170 });
      } finally {
        rendered.release();
      }
    } finally {
      await document.destroy();
    }
  });
});

describe('renderPage', () => {
  it('caps the canvas of a page with a huge MediaBox instead of allocating gigapixels', async () => {
    // Same length as the original box, so the fixture's xref offsets stay right.
    const huge = Buffer.from(makePdf().toString('latin1').replace('[0 0 595 842]', '[0 0 14400 9]'), 'latin1');
    const document = await openPdf(huge);
    try {
      const rendered = await renderPage(document, 1, { scale: 4 });
      rendered.release();
      expect(rendered.width).toBe(MAX_SIDE_PX);
      expect(rendered.height).toBeLessThanOrEqual(3);
    } finally {
      await document.destroy();
    }
  });

  it('stops when the signal is aborted, and refuses a page that does not exist', async () => {
    const document = await openPdf(makePdf({ pages: 2 }));
    try {
      await expect(renderPage(document, 1, { width: 240 }, AbortSignal.abort())).rejects.toThrow();
      await expect(renderPage(document, 3, { width: 240 })).rejects.toThrow(/page/i);
    } finally {
      await document.destroy();
    }
  });
});

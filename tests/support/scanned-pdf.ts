import { getDocument, VerbosityLevel, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { pdfAssetOptions } from '../../src/server/modules/resources/pdf-assets.js';
import { renderPage } from '../../src/server/modules/processing/render-page.js';
import { makePdf, serializePdf } from './pdf-fixture.js';

/**
 * Opens PDF bytes with pdf.js as processing should (no eval, errors only, pdf.js's CMaps, fonts
 * and decoders). Call destroy() after.
 */
export function openPdf(bytes: Buffer): Promise<PDFDocumentProxy> {
  // pdf.js may transfer the array to its worker: hand it a copy so the caller's Buffer survives.
  const data = new Uint8Array(bytes);
  return getDocument({ data, isEvalSupported: false, verbosity: VerbosityLevel.ERRORS, ...pdfAssetOptions() }).promise;
}

export interface ScanOptions {
  /** The photo turned by 180 degrees, as a page scanned upside down. */
  upsideDown?: boolean;
  /** The photo turned this many degrees clockwise about the page's middle, as a page photographed askew. */
  skewDegrees?: number;
  /** The page's size as a share of A4 (the image keeps its pixels), as apps that shrink pages. */
  pageScale?: number;
}

/**
 * An image-only PDF, like a phone scan: `text` is typeset on an A4 page (Helvetica 24 pt; a "\n"
 * starts a second line, as a paper's header has),
 * rendered at 150 dpi and embedded as a JPEG, so the page has no text layer at all. An array
 * makes one such page per text.
 */
export async function makeScannedPdf(text: string | string[], options: ScanOptions = {}): Promise<Buffer> {
  const texts = typeof text === 'string' ? [text] : text;
  const k = options.pageScale ?? 1;
  const [w, h] = [+(595 * k).toFixed(2), +(842 * k).toFixed(2)];
  const content = options.upsideDown
    ? `q ${-w} 0 0 ${-h} ${w} ${h} cm /Scan Do Q`
    : options.skewDegrees
      ? skewed(w, h, options.skewDegrees)
      : `q ${w} 0 0 ${h} 0 0 cm /Scan Do Q`;
  const objects: Buffer[] = [];
  objects[1] = Buffer.from('<< /Type /Catalog /Pages 2 0 R >>');
  const kids = texts.map((_, i) => `${3 + i * 3} 0 R`).join(' ');
  objects[2] = Buffer.from(`<< /Type /Pages /Kids [${kids}] /Count ${texts.length} >>`);
  for (const [i, pageText] of texts.entries()) {
    const { jpeg, width, height } = await scanOf(pageText);
    const [page, image, contents] = [3 + i * 3, 4 + i * 3, 5 + i * 3];
    objects[page] = Buffer.from(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] /Resources << /XObject << /Scan ${image} 0 R >> >> /Contents ${contents} 0 R >>`,
    );
    objects[image] = Buffer.concat([
      Buffer.from(
        `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`,
      ),
      jpeg,
      Buffer.from('\nendstream'),
    ]);
    objects[contents] = Buffer.from(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  }
  return serializePdf(objects);
}

/** Draws the photo turned `degrees` clockwise (as seen) about the page's middle; PDF's y runs up. */
function skewed(w: number, h: number, degrees: number): string {
  const [c, s] = [Math.cos((degrees * Math.PI) / 180), Math.sin((degrees * Math.PI) / 180)].map((n) => n.toFixed(6));
  return `q 1 0 0 1 ${w / 2} ${h / 2} cm ${c} -${s} ${s} ${c} 0 0 cm ${w} 0 0 ${h} ${-w / 2} ${-h / 2} cm /Scan Do Q`;
}

/** `text` typeset on an A4 page and photographed: a 150 dpi JPEG of it (a second line after "\n"). */
async function scanOf(text: string): Promise<{ jpeg: Buffer; width: number; height: number }> {
  const [first, ...rest] = text.split('\n');
  const source = await openPdf(makePdf({ text: first, pageTexts: rest.length > 0 ? [rest.join(' ')] : undefined }));
  try {
    const rendered = await renderPage(source, 1, { scale: 150 / 72 });
    try {
      return { jpeg: await rendered.canvas.encode('jpeg', 90), width: rendered.width, height: rendered.height };
    } finally {
      rendered.release();
    }
  } finally {
    await source.destroy();
  }
}

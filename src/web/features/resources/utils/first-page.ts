import { getDocument, GlobalWorkerOptions, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { needsOcr } from '@shared/scan-text';
import { HEADER_STRIP_QUALITY, HEADER_STRIP_SHARE, HEADER_STRIP_WIDTH } from '@shared/upload-guess';
import { pdfjsAssetUrl } from '../components/pdf-viewer/pdfjs-assets';

/*
 * What batch upload shows and guesses from before a byte is sent: a chosen file's first page as a
 * small image, its text (empty for a scan) and its page count. Loaded only by the batch upload.
 */

GlobalWorkerOptions.workerSrc = workerUrl;

export interface FirstPage {
  pages: number;
  text: string;
  /** An object URL of a JPEG of page 1, THUMB_WIDTH wide; revoke it when the row goes. */
  image: string | undefined;
  /** A scan's header strip as a data URL, for the server to read by OCR (decision 056). */
  headerImage?: string;
}

// Twice the 72 CSS pixels the row shows it at, for sharp phone screens.
const THUMB_WIDTH = 144;

export async function readFirstPage(file: File): Promise<FirstPage> {
  return withFirstPage(file, async (page, pages) => {
    const content = await page.getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join('');
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: THUMB_WIDTH / base.width });
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(viewport.width);
    canvas.height = Math.ceil(viewport.height);
    await page.render({ canvas, viewport }).promise;
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.8));
    const headerImage = needsOcr(text) ? await headerStrip(page, 0) : undefined;
    return { pages, text, image: blob ? URL.createObjectURL(blob) : undefined, headerImage };
  });
}

/** A scan's header strip once the uploader turned the page `rotation` degrees clockwise: the top is elsewhere. */
export function readHeaderStrip(file: File, rotation: number): Promise<string | undefined> {
  return withFirstPage(file, (page) => headerStrip(page, rotation));
}

async function withFirstPage<T>(file: File, use: (page: PDFPageProxy, pages: number) => Promise<T>): Promise<T> {
  const task = getDocument({
    data: new Uint8Array(await file.arrayBuffer()),
    isEvalSupported: false,
    enableXfa: false,
    useSystemFonts: false,
    standardFontDataUrl: pdfjsAssetUrl('standard_fonts'),
    cMapUrl: pdfjsAssetUrl('cmaps'),
    cMapPacked: true,
    wasmUrl: pdfjsAssetUrl('wasm'),
    verbosity: VerbosityLevel.ERRORS,
  });
  try {
    const pdf = await task.promise;
    return await use(await pdf.getPage(1), pdf.numPages);
  } finally {
    await task.destroy();
  }
}

/**
 * The top of a scan's page 1 as a greyscale JPEG, HEADER_STRIP_WIDTH wide: where a paper names its
 * course, exam and date. Only the strip is drawn (the canvas clips the rest), and it weighs tens
 * of KB, so a slow connection sends it in a moment. Undefined if the browser cannot draw it.
 */
async function headerStrip(page: PDFPageProxy, rotation: number): Promise<string | undefined> {
  const turned = (page.rotate + rotation) % 360;
  const viewport = page.getViewport({ scale: HEADER_STRIP_WIDTH / page.getViewport({ scale: 1, rotation: turned }).width, rotation: turned });
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(viewport.width);
  canvas.height = Math.round(viewport.height * HEADER_STRIP_SHARE);
  try {
    await page.render({ canvas, viewport }).promise;
    const context = canvas.getContext('2d');
    if (!context) return undefined;
    // Colour says nothing OCR reads; grey compresses to about two thirds.
    context.globalCompositeOperation = 'saturation';
    context.fillStyle = '#000';
    context.fillRect(0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/jpeg', HEADER_STRIP_QUALITY);
  } catch {
    return undefined;
  } finally {
    // Frees the strip's pixels now rather than at the next collection (a phone's memory is short).
    canvas.width = canvas.height = 0;
  }
}

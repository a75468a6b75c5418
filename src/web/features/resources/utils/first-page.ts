import { getDocument, GlobalWorkerOptions, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';
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
}

// Twice the 72 CSS pixels the row shows it at, for sharp phone screens.
const THUMB_WIDTH = 144;

export async function readFirstPage(file: File): Promise<FirstPage> {
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
    const page = await pdf.getPage(1);
    const content = await page.getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join('');
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: THUMB_WIDTH / base.width });
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(viewport.width);
    canvas.height = Math.ceil(viewport.height);
    await page.render({ canvas, viewport }).promise;
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.8));
    return { pages: pdf.numPages, text, image: blob ? URL.createObjectURL(blob) : undefined };
  } finally {
    await task.destroy();
  }
}

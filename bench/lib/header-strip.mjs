// A scan's header strip as batch upload renders it in the browser (web utils/first-page.ts): the
// top HEADER_STRIP_SHARE of page 1, HEADER_STRIP_WIDTH wide, greyscale JPEG. Here pdf.js draws on
// @napi-rs/canvas (pdf.js's own Node canvas), so the bench and the test fixture read what a phone sends.
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * @param {Uint8Array} bytes a PDF; answers its page 1's header strip as JPEG bytes
 * @param {{ HEADER_STRIP_WIDTH: number, HEADER_STRIP_SHARE: number, HEADER_STRIP_QUALITY: number }} strip shared/upload-guess.ts's
 */
export async function headerStrip(bytes, { HEADER_STRIP_WIDTH, HEADER_STRIP_SHARE, HEADER_STRIP_QUALITY }) {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: VerbosityLevel.ERRORS, isEvalSupported: false }).promise;
  try {
    const page = await pdf.getPage(1);
    const viewport = page.getViewport({ scale: HEADER_STRIP_WIDTH / page.getViewport({ scale: 1 }).width });
    const width = Math.round(viewport.width);
    const height = Math.round(viewport.height * HEADER_STRIP_SHARE);
    const target = /** @type {any} */ (pdf.canvasFactory).create(width, height);
    const context = target.context;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    // The canvas is the strip: the rest of the page falls outside it.
    await page.render({ canvas: null, canvasContext: context, viewport }).promise;
    context.globalCompositeOperation = 'saturation';
    context.fillStyle = '#000';
    context.fillRect(0, 0, width, height);
    return await target.canvas.encode('jpeg', Math.round(HEADER_STRIP_QUALITY * 100));
  } finally {
    await pdf.destroy();
  }
}

import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * getDocument() options that point pdf.js at the data files of its own package: CMaps (CJK text),
 * the standard 14 fonts (PDFs that name Helvetica without embedding it), ICC profiles, and the
 * WebAssembly decoders for JBIG2 and JPEG 2000, the image codecs of many scanners. Without
 * `wasmUrl`, such a scan renders blank and OCR finds nothing. In Node, pdf.js reads these from
 * disk (never the network); the trailing slash is required.
 */
export function pdfAssetOptions() {
  const require = createRequire(import.meta.url);
  const root = path.dirname(require.resolve('pdfjs-dist/package.json'));
  const dir = (name: string) => path.join(root, name) + path.sep;
  return {
    cMapUrl: dir('cmaps'),
    cMapPacked: true,
    standardFontDataUrl: dir('standard_fonts'),
    iccUrl: dir('iccs'),
    wasmUrl: dir('wasm'),
  };
}

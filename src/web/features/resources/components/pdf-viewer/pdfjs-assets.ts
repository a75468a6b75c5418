import { version } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Where vite.config.ts puts pdf.js's data files, per pdf.js release. Absolute URLs: the worker
 * resolves relative ones against its own script URL, and pdf.js only fetches in the worker when
 * all of them are http(s).
 */
export function pdfjsAssetUrl(folder: string): string {
  return new URL(`${import.meta.env.BASE_URL}pdfjs/${version}/${folder}/`, window.location.href).href;
}

import type { SniffRule } from '../../storage/head-sniffer.js';

/** pdf.js looks for the header this far into a file, so junk before `%PDF-` is fine. */
export const SIGNATURE_WINDOW = 1024;

/** `%PDF-`, or for a file without a header the start of an object ("1 0 obj"), as pdf.js repairs it. */
const PDF_STRUCTURE = /%PDF-|(?:^|[\s>\]])\d{1,10}[ \t\r\n]+\d{1,5}[ \t\r\n]+obj\b/;

/** Whether the first bytes of a file could be a PDF: cheap, so obvious non-PDFs never reach pdf.js. */
export function looksLikePdf(head: Uint8Array): boolean {
  return PDF_STRUCTURE.test(latin1(head));
}

/**
 * An upload is stored only when its first KB could be a PDF, so a file that is not (HTML, an
 * image, a zip, plain text) stops being written after its first chunk, not after 20 MB. Whether
 * it really opens is pdf.js's call (pdf-inspector.ts).
 */
export const PDF_SNIFF_RULE: SniffRule<'application/pdf'> = {
  bytes: SIGNATURE_WINDOW,
  recognise: (head) => (looksLikePdf(head) ? 'application/pdf' : undefined),
};

export function hasPdfHeader(head: Uint8Array): boolean {
  return latin1(head).includes('%PDF-');
}

function latin1(head: Uint8Array): string {
  return Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, SIGNATURE_WINDOW)).toString('latin1');
}

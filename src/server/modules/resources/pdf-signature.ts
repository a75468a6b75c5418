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
 * How a browser's content sniffing recognises HTML and XML (WHATWG MIME Sniffing §7.1: these tags
 * after leading whitespace, each ended by a space or ">"), plus SVG and a script's "#!" line.
 */
const MARKUP_OR_SCRIPT_START =
  /^(?:\xef\xbb\xbf)?[\t\n\f\r ]*(?:<(?:!doctype html|html|head|script|iframe|h1|div|font|table|a|style|title|b|body|br|p|!--|svg)[ >]|<\?xml|#!)/i;

/**
 * Whether an upload's first KB makes it a PDF we store: `%PDF-` somewhere in it (scanners put junk
 * before the header, which pdf.js skips), and it does not start as HTML, XML or a script, whatever
 * else it holds. DESIGN.md §6's magic check; pdf.js then decides whether it really opens.
 */
export function isPdfUpload(head: Uint8Array): boolean {
  const text = latin1(head);
  return text.includes('%PDF-') && !MARKUP_OR_SCRIPT_START.test(text);
}

/**
 * An upload is stored only when its first KB holds a PDF header (isPdfUpload), so a file that is
 * not a PDF (HTML, an image, a zip, plain text, a header-less file pdf.js would repair) stops
 * being written after its first chunk, not after 20 MB. Whether it really opens is pdf.js's call
 * (pdf-inspector.ts).
 */
export const PDF_SNIFF_RULE: SniffRule<'application/pdf'> = {
  bytes: SIGNATURE_WINDOW,
  recognise: (head) => (isPdfUpload(head) ? 'application/pdf' : undefined),
};

export function hasPdfHeader(head: Uint8Array): boolean {
  return latin1(head).includes('%PDF-');
}

function latin1(head: Uint8Array): string {
  return Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, SIGNATURE_WINDOW)).toString('latin1');
}

import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { pdfAssetOptions } from '../processing/pdf-assets.js';
import { memoryBudgetExceeded } from './pdf-memory-budget.js';
import { hasPdfHeader, looksLikePdf, SIGNATURE_WINDOW } from './pdf-signature.js';

/** Reads bytes [start, end] (inclusive) of the stored file. */
export type ReadRange = (start: number, end: number) => Promise<Buffer>;

/**
 * not-pdf: no PDF structure at all; password: encrypted with an open password; unreadable:
 * pdf.js cannot read its pages; too-complex: the check ran out of its time or memory.
 */
export type PdfRefusal = 'not-pdf' | 'password' | 'unreadable' | 'too-complex';

export type PdfVerdict = { ok: true; pageCount: number } | { ok: false; reason: PdfRefusal };

/** Read in pieces, so neither thread ever holds a second copy of a whole large file. */
const CHUNK = 1024 * 1024;

/**
 * Decides whether stored bytes are a PDF a student can open, with the rule our viewer lives by:
 * pdf.js (as the browser uses it, repairing what it can, no stopAtErrors) opens the document,
 * counts its pages and parses the first one, for its text or for drawing. A PDF with junk after
 * %%EOF, bytes before its header or a broken xref is accepted when pdf.js copes. The whole file
 * is handed to pdf.js (its range loader loses replies when it cancels a request, and then waits
 * for good: issue15096.pdf); it counts against the worker's memory budget. Time and memory
 * limits are enforced around this by the inspection pool (pdf-inspection-pool.ts).
 */
export async function inspectPdf(size: number, readRange: ReadRange): Promise<PdfVerdict> {
  if (size < 8) return { ok: false, reason: 'not-pdf' };
  const data = new Uint8Array(size);
  for (let start = 0; start < size; start += CHUNK) data.set(await readRange(start, Math.min(size, start + CHUNK) - 1), start);
  // pdf.js takes over `data` (its buffer is transferred); the first bytes are kept to explain a refusal.
  const head = data.slice(0, SIGNATURE_WINDOW);
  const task = getDocument({
    data,
    // CMaps, standard fonts and image decoders, as the viewer has them.
    ...pdfAssetOptions(),
    isEvalSupported: false,
    verbosity: VerbosityLevel.ERRORS,
  });
  try {
    const document = await task.promise;
    if (document.numPages < 1) throw new Error('The document has no pages');
    const page = await document.getPage(1);
    // Either is enough. Text first: it parses the whole content stream without decoding images,
    // so it is the cheaper proof (bug1978317.pdf: 3 s instead of 7), and a page whose drawing
    // never finishes (operator_list_cycle.pdf) still has text. The drawing operators are the
    // fallback for a page whose text cannot be read.
    await page.getTextContent().catch(() => page.getOperatorList());
    if (memoryBudgetExceeded()) return { ok: false, reason: 'too-complex' };
    return { ok: true, pageCount: document.numPages };
  } catch (error) {
    return { ok: false, reason: refusalFor(error, head) };
  } finally {
    await task.destroy().catch(() => undefined);
  }
}

function refusalFor(error: unknown, head: Uint8Array): PdfRefusal {
  if (memoryBudgetExceeded()) return 'too-complex';
  const name = (error as Error | undefined)?.name;
  if (name === 'PasswordException') return 'password';
  // pdf.js found no document: a PDF damaged past repair if it has a PDF header at all.
  if (!looksLikePdf(head) || (name === 'InvalidPDFException' && !hasPdfHeader(head))) return 'not-pdf';
  return 'unreadable';
}

import { getDocument, PDFDataRangeTransport, VerbosityLevel, type PDFDocumentLoadingTask } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { NEAR_DUPLICATE } from './near-duplicate.js';
import { pdfAssetOptions } from './pdf-assets.js';
import { memoryBudgetExceeded } from './pdf-memory-budget.js';
import { hasPdfHeader, looksLikePdf, SIGNATURE_WINDOW } from './pdf-signature.js';

/** Reads bytes [start, end] (inclusive) of the stored file. */
export type ReadRange = (start: number, end: number) => Promise<Buffer>;

/**
 * not-pdf: no PDF structure at all; password: encrypted with an open password; unreadable:
 * pdf.js cannot read its pages; too-complex: the check ran out of its time or memory.
 */
export type PdfRefusal = 'not-pdf' | 'password' | 'unreadable' | 'too-complex';

/**
 * `text`: the text layer of the first pages (NEAR_DUPLICATE bounds), joined as processing joins
 * it, for the near-duplicate check before saving; empty for a scan without a text layer.
 */
export type PdfVerdict = { ok: true; pageCount: number; text: string } | { ok: false; reason: PdfRefusal };

/** Read in pieces, so neither thread ever holds a second copy of a whole large file. */
const CHUNK = 1024 * 1024;
/** pdf.js asks for ranges of this size in range mode. */
const RANGE_CHUNK = 64 * 1024;
/**
 * Range mode gives up when pdf.js neither asks for more bytes nor answers for this long: pdf.js
 * 5.6's range loader loses replies to requests it cancelled and then waits for good
 * (issue15096.pdf); the file is then checked again, whole.
 */
const RANGE_STALL_MS = 3_000;

/**
 * Decides whether stored bytes are a PDF a student can open, with the rule our viewer lives by:
 * pdf.js (as the browser uses it, repairing what it can, no stopAtErrors) opens the document,
 * counts its pages and parses the first one, for its text or for drawing. A PDF with junk after
 * %%EOF, bytes before its header or a broken xref is accepted when pdf.js copes.
 *
 * pdf.js first reads only the ranges it needs (a 20 MB upload is never held whole: DESIGN.md §5
 * upload budget); a file on which its range loader stalls is checked again with the whole file
 * in memory, counted against the worker's budget. Time and memory limits are enforced around
 * this by the inspection pool (pdf-inspection-pool.ts).
 */
export async function inspectPdf(size: number, readRange: ReadRange): Promise<PdfVerdict> {
  if (size < 8) return { ok: false, reason: 'not-pdf' };
  const first = new Uint8Array(await readRange(0, Math.min(size, RANGE_CHUNK) - 1));
  // pdf.js takes over the buffers it is given; the first bytes are kept to explain a refusal.
  const head = first.slice(0, SIGNATURE_WINDOW);
  const ranged = await check(openByRanges(size, first, readRange), head);
  if (ranged !== 'stalled') return ranged;
  const data = new Uint8Array(size);
  for (let start = 0; start < size; start += CHUNK) data.set(await readRange(start, Math.min(size, start + CHUNK) - 1), start);
  const whole = await check(open({ data }), head);
  return whole === 'stalled' ? { ok: false, reason: 'too-complex' } : whole;
}

type Opened = { task: PDFDocumentLoadingTask; stalled?: Promise<'stalled'>; stop?: () => void };

function open(source: { data: Uint8Array } | { range: PDFDataRangeTransport; length: number; rangeChunkSize: number }): Opened {
  const task = getDocument({
    ...source,
    ...('range' in source ? { disableAutoFetch: true, disableStream: true } : {}),
    // CMaps, standard fonts and image decoders, as the viewer has them.
    ...pdfAssetOptions(),
    isEvalSupported: false,
    verbosity: VerbosityLevel.ERRORS,
  });
  return { task };
}

function openByRanges(size: number, head: Uint8Array, readRange: ReadRange): Opened {
  const transport = new StoreRangeTransport(size, head, readRange);
  const opened = open({ range: transport, length: size, rangeChunkSize: RANGE_CHUNK });
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<'stalled'>((resolve) => {
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => resolve('stalled'), RANGE_STALL_MS);
    };
    transport.onActivity = arm;
    arm();
  });
  return { ...opened, stalled, stop: () => clearTimeout(timer) };
}

async function check({ task, stalled, stop }: Opened, head: Uint8Array): Promise<PdfVerdict | 'stalled'> {
  try {
    const verdict = (async (): Promise<PdfVerdict> => {
      const document = await task.promise;
      if (document.numPages < 1) throw new Error('The document has no pages');
      const page = await document.getPage(1);
      // Either is enough. Text first: it parses the whole content stream without decoding images,
      // so it is the cheaper proof, and a page whose drawing
      // never finishes (operator_list_cycle.pdf) still has text. The drawing operators are the
      // fallback for a page whose text cannot be read.
      const first = await page.getTextContent().catch(() => undefined);
      if (!first) await page.getOperatorList();
      let text = first ? joined(first.items) : '';
      // A few more pages for the near-duplicate check; a page whose text fails adds nothing.
      for (let n = 2; n <= Math.min(document.numPages, NEAR_DUPLICATE.pages) && text.length < NEAR_DUPLICATE.maxChars; n++) {
        const content = await document.getPage(n).then((p) => p.getTextContent()).catch(() => undefined);
        if (content) text += '\n' + joined(content.items);
      }
      if (memoryBudgetExceeded()) return { ok: false, reason: 'too-complex' };
      return { ok: true, pageCount: document.numPages, text: text.slice(0, NEAR_DUPLICATE.maxChars).trim() };
    })();
    return await (stalled ? Promise.race([verdict, stalled]) : verdict);
  } catch (error) {
    return { ok: false, reason: refusalFor(error, head) };
  } finally {
    stop?.();
    await task.destroy().catch(() => undefined);
  }
}

/** A page's text items as processing joins them (processing.worker.ts). */
function joined(items: readonly object[]): string {
  let text = '';
  for (const item of items) if ('str' in item) text += (item as { str: string; hasEOL?: boolean }).str + ((item as { hasEOL?: boolean }).hasEOL ? '\n' : ' ');
  return text.replace(/[ \t]+/g, ' ');
}

/** Feeds pdf.js the byte ranges it asks for from storage, and tells when it last asked or got some. */
class StoreRangeTransport extends PDFDataRangeTransport {
  onActivity: () => void = () => {};

  constructor(
    length: number,
    initialData: Uint8Array,
    private readonly readRange: ReadRange,
  ) {
    super(length, initialData);
  }

  override requestDataRange(begin: number, end: number): void {
    this.onActivity();
    // pdf.js asks for [begin, end) and then waits for onDataRange; a failed read must not hang it.
    this.readRange(begin, Math.min(end, this.length) - 1).then(
      (bytes) => {
        this.onActivity();
        this.onDataRange(begin, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      },
      () => this.abort(),
    );
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

import { getDocument, PDFDataRangeTransport, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Reads bytes [start, end] (inclusive) of the stored file. */
export type ReadRange = (start: number, end: number) => Promise<Buffer>;

export type PdfVerdict =
  | { ok: true; pageCount: number }
  | { ok: false; reason: 'not-pdf' | 'password' | 'unreadable' };

const TAIL_BYTES = 1024;
const CHUNK = 64 * 1024;
const TIMEOUT_MS = 20_000;

/**
 * Decides whether stored bytes are a PDF a student can open: it must start with `%PDF-`, end
 * with `%%EOF` (a cut-off upload does not) and open in pdf.js, the same engine as our viewer,
 * with its first and last page readable. pdf.js reads only the ranges it needs, so a 20 MB file
 * is never held in memory whole.
 */
export async function inspectPdf(size: number, readRange: ReadRange): Promise<PdfVerdict> {
  if (size < 8) return { ok: false, reason: 'not-pdf' };
  const head = await readRange(0, Math.min(size, CHUNK) - 1);
  if (!head.subarray(0, 5).equals(Buffer.from('%PDF-'))) return { ok: false, reason: 'not-pdf' };
  const tail = await readRange(Math.max(0, size - TAIL_BYTES), size - 1);
  if (!tail.includes('%%EOF')) return { ok: false, reason: 'unreadable' };

  const transport = new RangeTransport(size, new Uint8Array(head), readRange);
  const task = getDocument({
    range: transport,
    length: size,
    rangeChunkSize: CHUNK,
    disableAutoFetch: true,
    disableStream: true,
    isEvalSupported: false,
    stopAtErrors: true,
    verbosity: VerbosityLevel.ERRORS,
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('PDF inspection timed out')), TIMEOUT_MS);
  });
  try {
    const inspect = async () => {
      const document = await task.promise;
      if (document.numPages < 1) return { ok: false, reason: 'unreadable' } as const;
      await document.getPage(1);
      if (document.numPages > 1) await document.getPage(document.numPages);
      return { ok: true, pageCount: document.numPages } as const;
    };
    return await Promise.race([inspect(), timeout]);
  } catch (error) {
    if ((error as Error)?.name === 'PasswordException') return { ok: false, reason: 'password' };
    return { ok: false, reason: 'unreadable' };
  } finally {
    clearTimeout(timer);
    await task.destroy().catch(() => undefined);
  }
}

/** Feeds pdf.js the byte ranges it asks for, straight from the file store. */
class RangeTransport extends PDFDataRangeTransport {
  constructor(
    length: number,
    initialData: Uint8Array,
    private readonly readRange: ReadRange,
  ) {
    super(length, initialData);
  }

  override requestDataRange(begin: number, end: number): void {
    // pdf.js asks for [begin, end) and then waits for onDataRange; a failed read must not hang it.
    this.readRange(begin, Math.min(end, this.length) - 1).then(
      (bytes) => this.onDataRange(begin, new Uint8Array(bytes)),
      () => this.abort(),
    );
  }
}

import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Worker as NodeWorker } from 'node:worker_threads';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import Tesseract from 'tesseract.js';
import type { PageWordLine } from '../../../shared/page-words.js';
import { MIN_TEXT_CHARS, visibleChars } from './ocr-text.js';
import { marginStrips, withNumber } from './ocr-margins.js';
import { ocrWordLines } from './ocr-words.js';
import { renderPage } from './render-page.js';

export { MIN_TEXT_CHARS, needsOcr } from './ocr-text.js';

/**
 * Pages are rendered about 2000 px wide (242 dpi on A4), at most 300 dpi. Phone scans hold no
 * more detail than that, so more pixels would add time and no words.
 */
export const OCR_WIDTH_PX = 2000;
export const OCR_MAX_DPI = 300;
const DEFAULT_PAGE_TIMEOUT_MS = 120_000;

/**
 * How a page is read, in order, until one reads well. Tesseract's default binarisation (global
 * Otsu) fails on a phone photo of a page laid on white margins: the one threshold falls between
 * the white margin and the grey paper, the whole photo turns black and the page reads as nothing.
 * Sauvola thresholds each neighbourhood on its own and reads such pages (and sideways ones); it
 * is not the first choice because it reads clean scans slightly worse. A page still reading
 * garbage may be upside down: Tesseract's LSTM model turns 90 degrees by itself,
 * not 180, and the orientation model (OSD) is not shipped. Upright passes let Tesseract
 * straighten a photo taken a few degrees askew first (`rotateAuto`): read as it lies, a page
 * turned 3 degrees loses its line starts, question numbers among them.
 */
const PASSES: ReadonlyArray<{ thresholding: string; rotateRadians?: number }> = [
  { thresholding: '0' },
  { thresholding: '2' },
  { thresholding: '2', rotateRadians: Math.PI },
];
/** Below this mean confidence a reading is likely garbage (a mirrored or upside-down page). */
const GOOD_CONFIDENCE = 60;

/** Enough confident text that another pass would not read more. */
function readsWell(result: OcrResult): boolean {
  return visibleChars(result.text) >= MIN_TEXT_CHARS && result.confidence >= GOOD_CONFIDENCE;
}

/**
 * Words of three or more letters, weighted by confidence: garbage scores low, silence zero. A
 * Devanagari word's vowel signs and virama are marks (\p{M}), not letters: they count alike.
 */
function readingScore(result: OcrResult): number {
  const words = result.text.split(/\s+/u).filter((word) => /^\p{L}[\p{L}\p{M}]{2,}[.,:;।]?$/u.test(word)).length;
  return words * result.confidence;
}

export interface OcrResult {
  text: string;
  /** Tesseract's mean word confidence, 0-100 (0 when it found no words). */
  confidence: number;
  /**
   * The words with their boxes, line by line (fractions of the image read); for a page, the text
   * layer the viewer lays over it (docs/decisions/036-ocr-text-layer.md).
   */
  lines: PageWordLine[];
}

/**
 * The English model shipped in `@tesseract.js-data/eng` (LSTM "best_int"). It is
 * resolved from node_modules so the same code works from source and from the bundle in dist/.
 */
export function englishModelDir(): string {
  return modelDir('eng');
}

/** The Hindi (Devanagari) model of `@tesseract.js-data/hin`, for pages English reads badly. */
export function hindiModelDir(): string {
  return modelDir('hin');
}

function modelDir(language: 'eng' | 'hin'): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve(`@tesseract.js-data/${language}/package.json`)), '4.0.0_best_int');
}

/**
 * Tesseract loads every model of a worker from one folder (`langPath`), and the two models lie in
 * two packages: a temporary folder links both for the worker's life (the Hindi model is loaded
 * from it on the first page that needs it).
 */
async function bothModelsDir(englishDir: string): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'studyshelf-ocr-'));
  try {
    await symlink(path.join(englishDir, 'eng.traineddata.gz'), path.join(dir, 'eng.traineddata.gz'));
    await symlink(path.join(hindiModelDir(), 'hin.traineddata.gz'), path.join(dir, 'hin.traineddata.gz'));
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export interface PageOcr {
  /** Renders the page (1-based) about OCR_WIDTH_PX wide and reads it. */
  recognizePage(document: PDFDocumentProxy, pageNumber: number): Promise<OcrResult>;
  /** Reads an encoded image (PNG, JPEG, BMP, TIFF) scanned at `dpi` (default 300). */
  recognizeImage(image: Buffer, dpi?: number): Promise<OcrResult>;
  /** Ends the Tesseract worker thread; the next call would start a new one. */
  close(): Promise<void>;
}

interface Engine {
  tesseract: Tesseract.Worker;
  /** Rejects if Tesseract's own thread crashes or exits. */
  died: Promise<never>;
  /** The models the worker reads with now: 'eng', or 'hin+eng' for one reading. */
  languages: string;
  /** Removes the temporary models folder, if any. */
  cleanUp: () => Promise<void>;
}

export interface PageOcrOptions {
  /** A page that takes longer is abandoned, and the Tesseract worker is replaced. */
  pageTimeoutMs?: number;
  /** Folder holding eng.traineddata.gz; defaults to the npm package's. */
  langPath?: string;
  /** Reads a page English reads badly again with Hindi+English (default true). */
  hindi?: boolean;
}

/**
 * OCR with tesseract.js, entirely offline: the model is read from a local folder (`langPath`,
 * gzip), never cached to disk (`cacheMethod: 'none'`), and the WebAssembly core comes from
 * node_modules. One Tesseract worker thread is started on first use and reused, and pages are
 * read one at a time (a page takes seconds of CPU; running several would starve requests).
 * Tesseract spawns its worker from its own package folder, so tesseract.js must stay external
 * to any esbuild bundle (scripts/build-pdf-worker.mjs keeps every package external).
 */
export function createPageOcr(options: PageOcrOptions = {}): PageOcr {
  const timeoutMs = options.pageTimeoutMs ?? DEFAULT_PAGE_TIMEOUT_MS;
  const hindiPass = options.hindi ?? true;
  let engine: Promise<Engine> | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  const startEngine = async (): Promise<Engine> => {
    const englishDir = options.langPath ?? englishModelDir();
    const models = hindiPass ? await bothModelsDir(englishDir) : { dir: englishDir, remove: async () => undefined };
    try {
      return await startWorker(models.dir, models.remove);
    } catch (error) {
      await models.remove();
      throw error;
    }
  };

  const startWorker = async (langPath: string, cleanUp: () => Promise<void>): Promise<Engine> => {
    const tesseract = await Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, {
      langPath,
      gzip: true,
      cacheMethod: 'none',
      // Without a handler, tesseract.js rethrows a failed job's message inside its message
      // listener: an uncaught exception that would end the calling thread. The job's promise
      // rejects either way.
      errorHandler: () => undefined,
    });
    // tesseract.js does not listen for its thread's 'error' event, and an unheard 'error' throws
    // too: a crashed thread becomes a failed page instead.
    const thread = (tesseract as unknown as { worker: NodeWorker }).worker;
    const died = new Promise<never>((_, reject) => {
      thread.once('error', (error) => reject(new Error(`The OCR worker failed: ${error.message}`)));
      thread.once('exit', (code) => reject(new Error(`The OCR worker exited (code ${code})`)));
    });
    died.catch(() => undefined);
    // Tesseract's API default is one uniform block; question papers have headers and columns.
    await tesseract.setParameters({ tessedit_pageseg_mode: Tesseract.PSM.AUTO });
    return { tesseract, died, languages: 'eng', cleanUp };
  };

  /**
   * Switches the worker's models. One worker, not a second: a second WebAssembly heap took the
   * processing child to ~560 MB RSS on a Hindi scan, over the 512 MB default (decision 034).
   */
  const use = async (current: Engine, languages: string) => {
    if (current.languages === languages) return;
    current.languages = '';
    await Promise.race([current.tesseract.reinitialize(languages, Tesseract.OEM.LSTM_ONLY), current.died]);
    // A new Tesseract API starts from its defaults.
    await current.tesseract.setParameters({ tessedit_pageseg_mode: Tesseract.PSM.AUTO });
    current.languages = languages;
  };

  const stopEngine = async () => {
    const current = await engine?.catch(() => undefined);
    engine = undefined;
    await current?.tesseract.terminate().catch(() => undefined);
    await current?.cleanUp().catch(() => undefined);
  };

  /** One reading of `image` by `tesseract`, its words' boxes fractions of `size`. */
  const readOnce = async ({ tesseract, died }: Engine, image: Buffer, dpi: number, pass: (typeof PASSES)[number], size?: { width: number; height: number }): Promise<OcrResult> => {
    // Tesseract sizes its noise and line filters by the resolution (and logs a guess if unset).
    const job = tesseract
      .setParameters({ user_defined_dpi: String(Math.round(dpi)), thresholding_method: pass.thresholding })
      .then(() => tesseract.recognize(image, pass.rotateRadians ? { rotateRadians: pass.rotateRadians } : { rotateAuto: true }, { text: true, blocks: Boolean(size) }));
    const { data } = await Promise.race([job, died]);
    // Turned about its centre (straightened, or half a turn), the image keeps its size.
    const lines = size ? ocrWordLines(data.blocks, size, data.rotateRadians ?? 0) : [];
    return { text: data.text.trim(), confidence: data.confidence, lines };
  };

  /** Reads `image`, `size` px (its words' boxes are fractions of it; none when unknown). */
  const read = async (image: Buffer, dpi: number, size?: { width: number; height: number }): Promise<OcrResult> => {
    engine ??= startEngine();
    const current = engine;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`OCR took longer than ${timeoutMs / 1000} s`)), timeoutMs);
    });
    try {
      const recognize = async () => {
        const english = await current;
        const { tesseract, died } = english;
        await use(english, 'eng');
        let best: OcrResult | undefined;
        let bestPass = PASSES[0]!;
        for (const pass of PASSES) {
          // Upside-down text reads as confident-less garbage, not as nothing: a page still empty
          // after both thresholds is blank, and turning it costs a third reading for nothing.
          if (pass.rotateRadians && best && visibleChars(best.text) < MIN_TEXT_CHARS) break;
          const result = await readOnce(english, image, dpi, pass, size);
          if (!best || readingScore(result) > readingScore(best)) [best, bestPass] = [result, pass];
          if (readsWell(best)) break;
        }
        // Text English reads badly may be Hindi (issue 35); a blank page is not read again.
        if (hindiPass && !readsWell(best!) && visibleChars(best!.text) >= MIN_TEXT_CHARS) {
          // "+eng" keeps course codes and Latin digits (question numbers) readable on a Hindi page.
          await use(english, 'hin+eng');
          const hindi = await readOnce(english, image, dpi, bestPass, size);
          if (readingScore(hindi) > readingScore(best!)) best = hindi;
          // The number strips (renumber) and the next page read in English.
          await use(english, 'eng');
        }
        if (size) best = await renumber(tesseract, died, image, size, best!);
        return best!;
      };
      return await Promise.race([recognize(), timeout]);
    } catch (error) {
      // A worker that failed or hung may be mid-page: start afresh next time.
      if (engine === current) await stopEngine();
      // tesseract.js rejects with bare strings.
      throw error instanceof Error ? error : new Error(`OCR failed: ${String(error)}`);
    } finally {
      clearTimeout(timer);
    }
  };

  /** Reads again the strips where a line opens with a speck (ocr-margins.ts), one line of text each. */
  const renumber = async (tesseract: Tesseract.Worker, died: Promise<never>, image: Buffer, size: { width: number; height: number }, result: OcrResult): Promise<OcrResult> => {
    const strips = marginStrips(result.lines);
    if (!strips.length) return result;
    const lines = [...result.lines];
    await tesseract.setParameters({ tessedit_pageseg_mode: Tesseract.PSM.SINGLE_LINE });
    try {
      for (const strip of strips) {
        const [x0, y0, x1, y1] = strip.box;
        const rectangle = { left: Math.round(x0 * size.width), top: Math.round(y0 * size.height), width: Math.round((x1 - x0) * size.width), height: Math.round((y1 - y0) * size.height) };
        const { data } = await Promise.race([tesseract.recognize(image, { rectangle }, { text: true }), died]);
        lines[strip.line] = withNumber(lines[strip.line]!, data.text);
      }
    } finally {
      await tesseract.setParameters({ tessedit_pageseg_mode: Tesseract.PSM.AUTO });
    }
    return { ...result, lines };
  };

  /** Runs `task` after every earlier one has settled: one page at a time. */
  const serially = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };

  return {
    recognizeImage: (image, dpi = OCR_MAX_DPI) => serially(() => read(image, dpi)),
    recognizePage: (document, pageNumber) =>
      serially(async () => {
        const rendered = await renderPage(document, pageNumber, { width: OCR_WIDTH_PX, maxScale: OCR_MAX_DPI / 72 });
        let png: Buffer;
        try {
          png = await rendered.canvas.encode('png');
        } finally {
          rendered.release();
        }
        return read(png, rendered.scale * 72, { width: rendered.width, height: rendered.height });
      }),
    close: () => serially(stopEngine),
  };
}

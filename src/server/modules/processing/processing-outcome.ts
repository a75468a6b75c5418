import { Readable } from 'node:stream';
import { newStorageKey, type FileStore } from '../../storage/file-store.js';
import type { UnitOfWork, UnitOfWorkTx } from '../../db/unit-of-work.js';
import type { PageWordLine } from '../../../shared/page-words.js';
import { recordProcessing } from '../resources/resource-transactions.js';
import { THUMBNAIL_PREFIX } from '../resources/resource.service.js';
import type { SearchIndexRepository } from '../search/index.js';
import { deletePageImages, newPageImageSetKey, pageImageKey } from '../resources/page-image-keys.js';
import type { PageImage } from './page-images.js';
import type { ClaimedJob, ProcessingJobRepository } from './processing-job.repository.js';
import { readNothing } from './ocr-text.js';
import { retryDelayMs, type JobLog, type RetryPolicy } from '../../jobs/job-poller.js';
import type { ExtractedPage } from './processing.protocol.js';
import type { WorkerOutcome } from './processing-worker-run.js';
import type { Clock } from '../../system/clock.js';

/**
 * What a claimed job came to, written back for the runner (processing-runner.ts): a worker's
 * results, or an error to retry or give up on.
 */

/**
 * How a job ended. 'lost': this runner could not record it (its claim was taken over, the
 * resource was deleted, or the database failed); the job is the next holder's, if any.
 */
export type JobOutcome = { resourceId: string; outcome: 'done' | 'continued' | 'failed' | 'retry' | 'lost' | 'stopped'; reason?: string };

/**
 * The tables a pass's text goes to, in the outcome's transaction: search's page index, the OCR
 * words of page-words and the questions of the question bank. Their modules own them; app.ts
 * wires them in (the index knows the dialect).
 */
export interface PageTextStores {
  index(tx: UnitOfWorkTx): Pick<SearchIndexRepository, 'pageTexts' | 'replacePages'>;
  words(tx: UnitOfWorkTx): {
    replaceFrom(resourceId: string, fromPage: number, pages: ReadonlyArray<{ page: number; lines: PageWordLine[] }>): Promise<void>;
  };
  questions(tx: UnitOfWorkTx): { rebuild(resourceId: string, pages: readonly ExtractedPage[]): Promise<void> };
  /** Flags a paper nearly the same as this one (resources/near-duplicate-merge.ts); absent in tools that never flag. */
  duplicates?(tx: UnitOfWorkTx): { flag(resourceId: string, pages: readonly ExtractedPage[]): Promise<void> };
}

/** What writing an outcome needs of the runner. */
export interface OutcomeContext {
  jobs: ProcessingJobRepository;
  stores: PageTextStores;
  unitOfWork: UnitOfWork;
  files: FileStore;
  log: Pick<JobLog, 'warn' | 'error'>;
  clock: Clock;
  /** Writes again while the database is unreachable and the claim holds (processing-runner.ts). */
  whileDatabaseAway<T>(job: ClaimedJob, write: () => Promise<T>): Promise<T>;
}

/** Failed for a reason the next attempt may not have (storage or database trouble). */
export class TransientError extends Error {}

/**
 * Index, flags, thumbnail, page images, then done, each step only while the claim is still this runner's:
 * a runner whose lease lapsed (it was stalled) leaves the job to the one that took it over.
 */
export async function writeResults(
  { jobs, stores, unitOfWork, files, log, clock }: OutcomeContext,
  job: ClaimedJob,
  result: Extract<WorkerOutcome, { ok: true }>,
): Promise<JobOutcome> {
  const { resourceId } = job;
  if (!(await jobs.queue.stillHeld(job))) return { resourceId, outcome: 'lost' };
  // A reader sees the old text or the new, never half.
  // Deleted meanwhile: its job row went with it.
  let pages = result.pages;
  const written = await unitOfWork(async (tx) => {
    const index = stores.index(tx);
    pages = await withEarlierPasses(index, resourceId, result.pages);
    if (!(await index.replacePages(resourceId, pages))) return false;
    // The words' boxes go with the text they were read as: pages before this pass's first keep theirs.
    // Only OCR's: the viewer draws pdf.js's own text layer on born-digital pages.
    const read = result.pages.flatMap((p) => (p.ocr && p.lines ? [{ page: p.page, lines: p.lines }] : []));
    await stores.words(tx).replaceFrom(resourceId, job.ocrFromPage, read);
    await stores.questions(tx).rebuild(resourceId, result.pages);
    await stores.duplicates?.(tx).flag(resourceId, pages);
    return true;
  });
  if (!written) return { resourceId, outcome: 'lost' };
  const scanned = pages.some((p) => p.ocr && p.body.trim() !== '');
  let thumbnailKey: string | null = null;
  if (result.thumbnail) {
    const extension = result.thumbnail.contentType === 'image/webp' ? '.webp' : '.png';
    thumbnailKey = newStorageKey(THUMBNAIL_PREFIX, extension);
    try {
      await files.put(thumbnailKey, Readable.from([result.thumbnail.bytes]));
    } catch (error) {
      throw new TransientError(`Could not store the thumbnail: ${messageOf(error)}`);
    }
  }
  let pageImages: StoredPageImages | null | undefined;
  try {
    pageImages = result.pageImages && (await storePageImages(files, result.pageImages));
  } catch (error) {
    if (thumbnailKey) await files.delete(thumbnailKey).catch(() => undefined);
    throw error;
  }
  const recorded = await recordProcessing(unitOfWork, resourceId, {
    scanned,
    thumbnailKey,
    thumbnailType: thumbnailKey ? result.thumbnail!.contentType : null,
    pageImages,
  });
  if (recorded.missing) {
    // Deleted meanwhile: its job row went with it.
    if (thumbnailKey) await files.delete(thumbnailKey);
    if (pageImages) await deletePageImages(files, pageImages);
    return { resourceId, outcome: 'lost' };
  }
  if (recorded.oldThumbnailKey && recorded.oldThumbnailKey !== thumbnailKey) await files.delete(recorded.oldThumbnailKey);
  if (recorded.oldPageImages && recorded.oldPageImages.key !== pageImages?.key) await deletePageImages(files, recorded.oldPageImages);
  if (result.thumbnailFailure) log.warn({ resourceId, reason: result.thumbnailFailure }, 'text indexed, but the first page could not be drawn');
  if (result.pageImageFailure) log.warn({ resourceId, reason: result.pageImageFailure, pages: result.pageImages?.length ?? 0 }, 'page images stopped early');
  const note = jobNote({ ...result, pages });
  const later = pages.find((p) => p.readLater);
  if (later) {
    const next = `OCR goes on from page ${later.page} after newer uploads.`;
    const continued = await jobs.continueLater(job, later.page, clock(), note ? `${next} ${note}` : next);
    return { resourceId, outcome: continued ? 'continued' : 'lost' };
  }
  const done = await jobs.markDone(job, pages.length, clock(), note);
  return { resourceId, outcome: done ? 'done' : 'lost' };
}

type StoredPageImages = { key: string; count: number; width: number; height: number };

/**
 * Writes a run's page images under a new set key (page-image-keys.ts) and says what to record:
 * null when there are none. A failed write removes what it wrote and is retried as a whole.
 */
async function storePageImages(files: FileStore, pages: PageImage[]): Promise<StoredPageImages | null> {
  if (!pages.length) return null;
  const key = newPageImageSetKey();
  const set = { key, count: pages.length };
  try {
    for (const page of pages) {
      for (const image of page.images) await files.put(pageImageKey(key, page.page, image.width), Readable.from([image.bytes]));
    }
  } catch (error) {
    await deletePageImages(files, set).catch(() => undefined);
    throw new TransientError(`Could not store the page images: ${messageOf(error)}`);
  }
  const largest = pages[0]!.images.at(-1)!;
  return { ...set, width: largest.pixelWidth, height: largest.pixelHeight };
}

/**
 * A job that threw: tried again after a wait that doubles with each attempt, or failed once
 * `maxAttempts` is reached.
 */
export async function afterError(
  { jobs, log, clock, whileDatabaseAway }: OutcomeContext,
  job: ClaimedJob,
  error: unknown,
  retry: RetryPolicy,
): Promise<JobOutcome> {
  const { resourceId } = job;
  const reason = messageOf(error).slice(0, 500);
  try {
    const retryInMs = retryDelayMs(job.attempt, retry);
    const held = await whileDatabaseAway(job, () => jobs.failOrRetry(job, reason, retryInMs, clock()));
    if (retryInMs === undefined) log.error({ resourceId, attempt: job.attempt, reason }, 'processing given up');
    else log.warn({ resourceId, attempt: job.attempt, retryInMs, reason }, 'processing failed, will retry');
    if (!held) return { resourceId, outcome: 'lost' };
    return { resourceId, outcome: retryInMs === undefined ? 'failed' : 'retry', reason };
  } catch (writeError) {
    // The database itself is failing: the lease lapses and the job is taken up again later.
    log.error({ err: writeError, resourceId }, 'processing outcome could not be recorded');
    return { resourceId, outcome: 'lost', reason };
  }
}

/**
 * What an admin should know of a job that ended done: pages OCR read (almost) nothing on (their
 * words cannot be found), a missing thumbnail, and page images cut short by the worker's end. Null when there is nothing to say.
 */
export function jobNote(result: Extract<WorkerOutcome, { ok: true }>): string | null {
  const notes: string[] = [];
  const unread = result.pages.filter((p) => p.ocrFoundNothing).map((p) => p.page);
  if (unread.length) {
    notes.push(`OCR found (almost) no text on ${pageList(unread)}; blank, or unreadable: words on it cannot be found.`);
  }
  if (result.thumbnailFailure) notes.push(`Indexed without a thumbnail: ${result.thumbnailFailure}`);
  if (result.pageImageFailure) notes.push(`Page images stop after page ${result.pageImages?.length ?? 0}: ${result.pageImageFailure}`);
  return notes.length ? notes.join(' ').slice(0, 1000) : null;
}

/**
 * Pages read by OCR in earlier passes keep the text then indexed (this pass skipped them); one
 * that read (almost) nothing is noted again, as the pass that read it noted it.
 */
async function withEarlierPasses(index: ReturnType<PageTextStores['index']>, resourceId: string, pages: ExtractedPage[]): Promise<ExtractedPage[]> {
  const earlier = pages.filter((p) => p.readEarlier).map((p) => p.page);
  if (!earlier.length) return pages;
  const stored = new Map((await index.pageTexts(resourceId, earlier)).map((row) => [row.page, row]));
  return pages.map((p) => {
    if (!p.readEarlier) return p;
    const row = stored.get(p.page);
    const body = row?.body ?? '';
    const ocrFoundNothing = readNothing(body, '');
    return { page: p.page, body, ocr: Boolean(row && Number(row.ocr)), ...(ocrFoundNothing ? { ocrFoundNothing } : {}) };
  });
}

/** "page 2", "pages 2 and 5", "pages 2, 5, 7 and 9", at most ten named. */
function pageList(pages: number[]): string {
  if (pages.length === 1) return `page ${pages[0]}`;
  const named = pages.slice(0, 10);
  const more = pages.length - named.length;
  if (more > 0) return `pages ${named.join(', ')} and ${more} more`;
  return `pages ${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
}

/** An error's message, or what was thrown as text. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

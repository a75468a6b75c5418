import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { SessionUser } from '../../../shared/account.js';
import {
  IMAGE_SNIFF_BYTES,
  REPORTS_PER_HOUR,
  REPORT_MESSAGES,
  REPORT_PAGE_SIZE,
  SCREENSHOT_EXTENSIONS,
  SCREENSHOT_FIELD,
  SCREENSHOT_MAX_BYTES,
  SCREENSHOT_MAX_PIXELS,
  type Report,
  type ReportFields,
  type ReportListQuery,
  type ReportPage,
  type ReportStatus,
  type ScreenshotType,
  REPORT_STATUSES,
  labelOf,
  sniffImageType,
} from '../../../shared/report.js';
import { badRequest, forbidden, notFound as notFoundError, payloadTooLarge, tooManyRequests } from '../../http/http-error.js';
import { drain } from '../../http/drain.js';
import type { IncomingFile, MultipartForm } from '../../http/multipart-form.js';
import { newStorageKey, ObjectNotFoundError, type FileStore } from '../../storage/file-store.js';
import { sweepUnreferenced } from '../../storage/orphan-sweep.js';
import { declaredDimensions } from './image-dimensions.js';
import { canChangeReportStatus, canViewReport } from './report.policy.js';
import { ImageNotDecodedError, type ScreenshotReencoder } from './screenshot-reencoder.js';
import { presentReport } from './report.presenter.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { AuditLogRepository } from '../audit/audit-log.repository.js';
import { systemClock, type Clock } from '../../system/clock.js';
import { ReportRepository, type NewReportRow, type ReportRow } from './report.repository.js';

/** A report whose fields passed their schema (http/multipart-form.ts), and its screenshot still arriving. */
export type IncomingReport = MultipartForm<ReportFields>;

/** A stored screenshot, as the screenshot route serves it. */
export interface ScreenshotFile {
  key: string;
  type: ScreenshotType;
  size: number;
}

const STORAGE_PREFIX = 'screenshots';
const HOUR = 60 * 60 * 1000;

/**
 * The rules of issue reports: what a report must be, who sees it, who moves it along, and keeping
 * rows and screenshot files consistent (a refused or failed report leaves neither a row nor a file).
 */
export class ReportService {
  constructor(
    private readonly repository: ReportRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly files: FileStore,
    private readonly reencoder: Pick<ScreenshotReencoder, 'reencode'>,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Stores the screenshot (checked by content), then the row; the body is always drained. */
  async create(user: SessionUser, incoming: IncomingReport): Promise<Report> {
    const { fields, file } = incoming;
    try {
      await this.checkRate(user.id);
      const screenshot = file ? await this.storeScreenshot(file) : undefined;
      const now = this.clock().toISOString();
      const row: NewReportRow = {
        id: randomUUID(),
        reporter_id: user.id,
        issue_type: fields.issueType,
        title: fields.title,
        description: fields.description,
        priority: fields.priority,
        email: fields.email,
        status: 'open',
        screenshot_key: screenshot?.key ?? null,
        screenshot_type: screenshot?.type ?? null,
        screenshot_size: screenshot?.size ?? null,
        created_at: now,
        updated_at: now,
      };
      let inserted: boolean;
      try {
        inserted = await this.insertWithinLimit(row, user.id);
      } catch (error) {
        // No row, so no file either: the screenshot would never be reachable.
        if (screenshot) await this.files.delete(screenshot.key);
        throw error;
      }
      if (!inserted) {
        if (screenshot) await this.files.delete(screenshot.key);
        throw tooMany();
      }
      return presentReport({ ...row, reporter_name: user.name });
    } finally {
      if (file) await drain(file.stream);
    }
  }

  /**
   * Inserts the report unless its reporter already has REPORTS_PER_HOUR in the last hour; false
   * when refused. Counting and inserting happen while holding the reporter's user row, so
   * parallel posts cannot all see the same count and all get in.
   */
  private insertWithinLimit(row: NewReportRow, reporterId: string): Promise<boolean> {
    const since = this.hourAgo();
    return this.unitOfWork(async (tx) => {
      const reports = new ReportRepository(tx);
      await reports.lockReporter(reporterId);
      if ((await reports.countByReporter(reporterId, since)) >= REPORTS_PER_HOUR) return false;
      await reports.insert(row);
      return true;
    });
  }

  /** Refuses early, before a screenshot is stored; insertWithinLimit() is the check that holds. */
  private async checkRate(reporterId: string): Promise<void> {
    if ((await this.repository.countByReporter(reporterId, this.hourAgo())) >= REPORTS_PER_HOUR) throw tooMany();
  }

  /**
   * Reads the screenshot (at most 5 MiB; the multipart reader cuts the stream there too), checks
   * its first bytes and declared size, and stores it decoded and encoded again (never the upload
   * itself), under a key named for the type of what is stored. Refused: nothing is written.
   */
  private async storeScreenshot(file: IncomingFile): Promise<ScreenshotFile> {
    const bytes = await readScreenshot(file);
    const declared = sniffImageType(bytes.subarray(0, IMAGE_SNIFF_BYTES));
    if (!declared) throw notImage();
    const dimensions = declaredDimensions(declared, bytes);
    if (!dimensions || !dimensions.width || !dimensions.height) throw notImage();
    if (dimensions.width * dimensions.height > SCREENSHOT_MAX_PIXELS) throw tooManyPixels();
    let clean: Buffer;
    try {
      clean = await this.reencoder.reencode(bytes, declared);
    } catch (error) {
      if (error instanceof ImageNotDecodedError) throw notImage();
      throw error;
    }
    // The encoder may fall back to another format (a build without WebP writes PNG): name what it wrote.
    const type = sniffImageType(clean.subarray(0, IMAGE_SNIFF_BYTES));
    if (!type) throw notImage();
    const key = newStorageKey(STORAGE_PREFIX, SCREENSHOT_EXTENSIONS[type]);
    const { size } = await this.files.put(key, Readable.from([clean]), { maxBytes: clean.length });
    return { key, type, size };
  }

  /** The signed-in user's own reports, newest first. */
  async mine(user: SessionUser, page: number): Promise<ReportPage> {
    const total = await this.repository.countByReporter(user.id);
    const offset = (page - 1) * REPORT_PAGE_SIZE;
    const rows = offset < total ? await this.repository.pageByReporter(user.id, offset, REPORT_PAGE_SIZE) : [];
    return { reports: rows.map(presentReport), total, page, pageSize: REPORT_PAGE_SIZE };
  }

  /** The admin inbox: filtered, newest first, 20 a page. */
  async list(user: SessionUser, query: ReportListQuery): Promise<ReportPage> {
    if (!canChangeReportStatus(user)) throw forbidden(REPORT_MESSAGES.adminOnly);
    const filter = { status: query.status, issueType: query.issueType, priority: query.priority };
    const total = await this.repository.count(filter);
    const offset = (query.page - 1) * REPORT_PAGE_SIZE;
    const rows = offset < total ? await this.repository.page(filter, offset, REPORT_PAGE_SIZE) : [];
    return { reports: rows.map(presentReport), total, page: query.page, pageSize: REPORT_PAGE_SIZE };
  }

  async get(user: SessionUser, id: string): Promise<Report> {
    return presentReport(await this.findVisible(user, id));
  }

  /** Sets any status (admins only) and returns the report as it is now. */
  async setStatus(user: SessionUser, id: string, status: ReportStatus): Promise<Report> {
    if (!canChangeReportStatus(user)) throw forbidden(REPORT_MESSAGES.adminOnly);
    // The change and its audit entry (only when the status really changes) land together (decision 008).
    const changed = await this.unitOfWork(async (tx) => {
      const reports = new ReportRepository(tx);
      const before = await reports.findById(id);
      if (!before) return false;
      await reports.setStatus(id, status, this.clock().toISOString());
      if (before.status === status) return true;
      await new AuditLogRepository(tx).insert({
        actor: { id: user.id, name: user.name },
        action: 'report.status_change',
        targetType: 'report',
        targetId: id,
        summary: `Moved the report "${before.title}" from ${labelOf(REPORT_STATUSES, before.status)} to ${labelOf(REPORT_STATUSES, status)}`,
        before: { status: before.status },
        after: { status },
      });
      return true;
    });
    if (!changed) throw notFound();
    return this.get(user, id);
  }

  /** The stored screenshot of a report the user may see; 404 when there is none. */
  async screenshotOf(user: SessionUser, id: string): Promise<ScreenshotFile> {
    const row = await this.findVisible(user, id);
    if (!row.screenshot_key || !row.screenshot_type) throw notFound();
    return { key: row.screenshot_key, type: row.screenshot_type as ScreenshotType, size: Number(row.screenshot_size ?? 0) };
  }

  async readScreenshot(file: ScreenshotFile): Promise<Readable> {
    try {
      return await this.files.read(file.key);
    } catch (error) {
      if (error instanceof ObjectNotFoundError) throw notFound();
      throw error;
    }
  }

  /**
   * Deletes stored screenshots no report points at and older than an hour (a crash between
   * storing a file and inserting its row); returns how many. The hour spares uploads in flight.
   */
  async sweepOrphans(now = Date.now()): Promise<number> {
    return sweepUnreferenced(this.files, STORAGE_PREFIX, (keys) => this.repository.existingScreenshotKeys(keys), now);
  }

  private hourAgo(): string {
    return new Date(this.clock().getTime() - HOUR).toISOString();
  }

  private async findVisible(user: SessionUser, id: string): Promise<ReportRow> {
    const row = await this.repository.findById(id);
    // Someone else's report answers exactly like a missing one.
    if (!row || !canViewReport(user, row)) throw notFound();
    return row;
  }
}

const tooMany = () => tooManyRequests(REPORT_MESSAGES.tooMany, { code: 'TOO_MANY_REPORTS' });
const notImage = () => badRequest(REPORT_MESSAGES.screenshotType, { code: 'NOT_AN_IMAGE', field: SCREENSHOT_FIELD });
const tooLarge = () => payloadTooLarge(REPORT_MESSAGES.screenshotTooLarge, { field: SCREENSHOT_FIELD });
const tooManyPixels = () => badRequest(REPORT_MESSAGES.screenshotTooManyPixels, { code: 'TOO_MANY_PIXELS', field: SCREENSHOT_FIELD });

/**
 * The screenshot's bytes, refused as soon as its first ones are no image (SVG, HTML, anything but
 * PNG, JPEG or WebP) or it passes 5 MiB, so a wrong or huge file is never read to its end here.
 */
async function readScreenshot(file: IncomingFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  let checked = false;
  for await (const chunk of file.stream) {
    chunks.push(chunk as Buffer);
    length += (chunk as Buffer).length;
    if (length > SCREENSHOT_MAX_BYTES) throw tooLarge();
    if (!checked && length >= IMAGE_SNIFF_BYTES) {
      if (!sniffImageType(Buffer.concat(chunks).subarray(0, IMAGE_SNIFF_BYTES))) throw notImage();
      checked = true;
    }
  }
  if (file.stream.truncated) throw tooLarge();
  return Buffer.concat(chunks);
}
const notFound = () => notFoundError(REPORT_MESSAGES.notFound);

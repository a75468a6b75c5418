import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { SessionUser } from '../../../shared/account.js';
import { can } from '../../../shared/permissions.js';
import {
  RESOURCE_MESSAGES,
  wholeMegabytes,
  type Resource,
  type ResourceListQuery,
  type ResourceListResponse,
} from '../../../shared/resource.js';
import { defaultTitle, generatedFileName, type UploadFields } from '../../../shared/upload-fields.js';
import type { ResourceTeaser } from '../../../shared/resource-teaser.js';
import { drain } from '../../http/drain.js';
import type { IncomingFile, MultipartForm } from '../../http/multipart-form.js';
import { badRequest, conflict, forbidden, notFound as notFoundError } from '../../http/http-error.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { sweepUnreferenced } from '../../storage/orphan-sweep.js';
import { type ByteRange, type FileStore } from '../../storage/file-store.js';
import { systemClock, type Clock } from '../../system/clock.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { SearchService } from '../search/index.js';
import { sanitizeOriginalName } from './original-name.js';
import { deletePageImages, PAGE_IMAGE_PREFIX, pageImageKey, setKeyOf } from './page-image-keys.js';
import type { PdfInspection } from './pdf-inspection-pool.js';
import { PdfIntake, RESOURCE_PREFIX } from './pdf-intake.js';
import { ResourceList, type HitQuestions } from './resource-list.js';
import { closestPaper } from './near-duplicate.js';
import { duplicate, nearDuplicate, notFound } from './resource-errors.js';
import { describeResource, presentResource, presentTeaser } from './resource.presenter.js';
import { viewerOf } from './viewer.js';
import type { ResourceRepository, ResourceRow } from './resource.repository.js';
import { countDownload, deleteResource, insertResource } from './resource-transactions.js';

/** An upload whose form fields passed their schema (http/multipart-form.ts), and its file still arriving. */
export interface IncomingUpload<Fields = UploadFields> extends MultipartForm<Fields> {
  file: IncomingFile;
}

export interface ResourceFile {
  key: string;
  size: number;
  originalName: string;
  sha256: string;
}

/** Where processing writes first-page images (processing.service.ts). */
export const THUMBNAIL_PREFIX = 'thumbnails';

/**
 * The resource library's rules: what an upload must be, who sees what, and keeping records and
 * stored files consistent (never a record without its file; a failed upload leaves no file).
 */
export class ResourceService {
  private readonly intake: PdfIntake;
  /** The library's lists, also read by the home page. */
  readonly lists: ResourceList;

  /** Told of each new resource (its processing job is queued with it): the runner starts at once. */
  private stored: () => void = () => {};

  constructor(
    private readonly repository: ResourceRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly files: FileStore,
    pdfs: PdfInspection,
    private readonly catalogue: CatalogueService,
    private readonly limits: { maxUploadMb: number; academicYearsShown: number; fileHandoffPrefix?: string },
    /** Full-text search for list() with q; without it q is ignored (tools that never search). */
    search?: SearchService,
    /** Db.writeVersion: what cached list pages are keyed by (resource-list.ts). */
    writeVersion?: () => Promise<string | undefined>,
    private readonly clock: Clock = systemClock,
    /** Names the question a search hit stands in (the questions module's, from app.ts). */
    hitQuestions?: HitQuestions,
  ) {
    this.intake = new PdfIntake(files, pdfs, repository, limits.maxUploadMb);
    this.lists = new ResourceList(repository, search, writeVersion, hitQuestions);
  }

  /**
   * Streams to storage, checks the content, then records it; the request body is always drained.
   * The fields passed their schema where they were read (read-upload.ts: for a new upload the
   * year is one offered today); the branch must still be one the catalogue lists.
   */
  async upload(user: SessionUser, upload: IncomingUpload): Promise<Resource> {
    const { fields, file } = upload;
    try {
      if (!can(user.role, 'uploadResources')) throw forbidden(RESOURCE_MESSAGES.uploadForbidden);
      await this.checkBranch(fields.branch);
      const row = await this.store(user, fields, file);
      return presentResource(row, viewerOf(user));
    } finally {
      await drain(file.stream);
    }
  }

  private async checkBranch(branch: string): Promise<void> {
    const branches = await this.catalogue.listBranches();
    if (!branches.some((b) => b.id === branch)) throw badRequest('Please choose one of the listed branches', { field: 'branch' });
  }

  private store(user: SessionUser, fields: UploadFields, file: IncomingFile): Promise<ResourceRow> {
    return this.intake.take(file.stream, async ({ key, size, sha256, pageCount, text }) => {
      // Nearly the same text as a paper of the subject: asked before saving, unless confirmed.
      if (fields.confirmNearDuplicate !== 'true') await this.refuseNearDuplicate(fields.subject, text);
      const now = this.clock().toISOString();
      const originalName = sanitizeOriginalName(file.filename);
      // Only a past paper is for an exam; what a form left set for another type is dropped.
      const paper = fields.resourceType === 'PYQ';
      const exam = { exam: paper ? (fields.exam ?? null) : null, examMonth: paper ? (fields.examMonth ?? null) : null, examYear: paper ? (fields.examYear ?? null) : null };
      const row: ResourceRow = {
        id: randomUUID(),
        file_key: key,
        file_name: generatedFileName(fields),
        original_name: originalName,
        title: fields.title || defaultTitle({ ...fields, ...exam }),
        subject: fields.subject,
        semester: fields.semester,
        resource_type: fields.resourceType,
        course: fields.course,
        branch: fields.branch,
        academic_year: fields.academicYear,
        downloads: 0,
        file_size_mb: wholeMegabytes(size),
        size_bytes: size,
        sha256,
        page_count: pageCount,
        uploaded_by: user.id,
        created_at: now,
        updated_at: now,
        scanned: 0,
        thumbnail_key: null,
        thumbnail_type: null,
        page_image_key: null,
        page_image_count: 0,
        page_image_width: null,
        page_image_height: null,
        exam: exam.exam,
        exam_month: exam.examMonth,
        exam_year: exam.examYear,
        question_split: null,
      };
      const inserted = await insertResource(this.unitOfWork, row);
      if (!inserted) {
        const winner = await this.repository.findBySha256(sha256);
        throw winner ? duplicate(winner) : conflict(RESOURCE_MESSAGES.uploadFailed, { code: 'DUPLICATE' });
      }
      this.stored();
      return { ...row, uploaded_by_name: user.name, being_read: true };
    });
  }

  /** Throws 409 NEAR_DUPLICATE when `text` is nearly that of a paper of the subject (decision 047). */
  async refuseNearDuplicate(subject: string, text: string): Promise<void> {
    if (!text) return;
    const match = closestPaper(text, await this.repository.nearDuplicates.papersOfSubject(subject));
    if (match) throw nearDuplicate(match);
  }

  onStored(listener: () => void): void {
    this.stored = listener;
  }

  /** Browse, or full-text search with words in `q` (resource-list.ts). */
  list(user: SessionUser, query: ResourceListQuery): Promise<ResourceListResponse> {
    return this.lists.list(viewerOf(user), query);
  }

  async get(user: SessionUser, id: string): Promise<Resource> {
    const viewer = viewerOf(user);
    const row = await this.repository.findWithUploader(id, viewer.seesUploaderNames);
    if (!row) throw notFound();
    return presentResource(row, viewer);
  }

  /** What a shared link shows before sign-in. */
  async teaser(id: string): Promise<ResourceTeaser> {
    return presentTeaser(await this.findOrThrow(id));
  }

  /**
   * Counts a download once per user, resource and (UTC) day, atomically in the database, and
   * returns the count: repeating the call the same day changes nothing.
   */
  async recordDownload(user: SessionUser, id: string, now = this.clock()): Promise<number> {
    const downloads = await countDownload(this.unitOfWork, id, user.id, now.toISOString().slice(0, 10));
    if (downloads === undefined) throw notFound();
    return Number(downloads);
  }

  /** Sets a download count outright: only for seeding demo data, never from a request. */
  async setDownloadsForDemo(id: string, downloads: number): Promise<void> {
    await this.repository.setDownloads(id, downloads);
  }

  async fileOf(id: string): Promise<ResourceFile> {
    const row = await this.findOrThrow(id);
    return { key: row.file_key, size: Number(row.size_bytes), originalName: row.original_name, sha256: row.sha256 };
  }

  /**
   * Where the proxy in front finds the file, when it sends the bytes itself (FILE_HANDOFF_PREFIX,
   * docs/decisions/021); undefined when the bytes go through the app.
   */
  handOffLocation(file: ResourceFile): string | undefined {
    const prefix = this.limits.fileHandoffPrefix;
    return prefix && this.files.handOffPath ? prefix + this.files.handOffPath(file.key) : undefined;
  }

  readFile(file: ResourceFile, range?: ByteRange): Promise<Readable> {
    return this.files.read(file.key, range);
  }

  /**
   * Removes the record (writing its audit entry in the same transaction) first, then its file: a
   * crash in between leaves an unreferenced file (the start-up sweep removes it), never a record
   * pointing at a missing file.
   */
  async delete(user: SessionUser, id: string): Promise<void> {
    if (!can(user.role, 'deleteResources')) throw forbidden(RESOURCE_MESSAGES.adminRequired);
    const keys = await deleteResource(this.unitOfWork, id, (row) => ({
      actor: { id: user.id, name: user.name },
      action: 'resource.delete',
      targetType: 'resource',
      targetId: row.id,
      summary: `Deleted resource ${describeResource(row)}`,
      before: presentResource(row),
    }));
    if (!keys) throw notFound();
    await this.files.delete(keys.fileKey);
    if (keys.thumbnailKey) await this.files.delete(keys.thumbnailKey);
    if (keys.pageImages) await deletePageImages(this.files, keys.pageImages);
  }

  /**
   * The stored key of one page's preview image at one width (PAGE_IMAGE_WIDTHS), or 404 when the
   * resource has no image of that page (not processed yet, made before page images, or a page
   * past PAGE_IMAGE_PAGES).
   */
  async pageImageOf(id: string, page: number, width: number): Promise<string> {
    const row = await this.findOrThrow(id);
    if (!row.page_image_key || page > Number(row.page_image_count)) throw notFoundError(NO_PAGE_IMAGE_MESSAGE, { code: 'NO_PAGE_IMAGE' });
    return pageImageKey(row.page_image_key, page, width);
  }

  /** The first-page image processing made, or 404 while there is none. */
  async thumbnailOf(id: string): Promise<{ key: string; contentType: string }> {
    const row = await this.findOrThrow(id);
    if (!row.thumbnail_key || !row.thumbnail_type) throw notFoundError(NO_THUMBNAIL_MESSAGE, { code: 'NO_THUMBNAIL' });
    return { key: row.thumbnail_key, contentType: row.thumbnail_type };
  }

  /** The bytes of a stored image: a thumbnail, or a page image (pageImageOf). */
  readThumbnail(key: string): Promise<Readable> {
    return this.files.read(key);
  }

  /**
   * Deletes stored files (PDFs, thumbnails and page images) that no record points at and are older than an
   * hour; returns how many.
   */
  async sweepOrphans(now = Date.now()): Promise<number> {
    let removed = 0;
    for (const prefix of [RESOURCE_PREFIX, THUMBNAIL_PREFIX]) {
      removed += await sweepUnreferenced(this.files, prefix, (keys) => this.repository.existingFileKeys(keys), now);
    }
    // A page image is referenced through its set: the record holds the set's key, not each image's.
    removed += await sweepUnreferenced(
      this.files,
      PAGE_IMAGE_PREFIX,
      async (keys) => {
        const sets = await this.repository.existingPageImageSets([...new Set(keys.map(setKeyOf))]);
        return new Set(keys.filter((key) => sets.has(setKeyOf(key))));
      },
      now,
    );
    return removed;
  }

  private async findOrThrow(id: string): Promise<ResourceRow> {
    const row = await this.repository.findById(id);
    if (!row) throw notFound();
    return row;
  }
}

const NO_PAGE_IMAGE_MESSAGE = 'This page has no image: the preview draws it from the PDF.';
const NO_THUMBNAIL_MESSAGE = 'This resource has no preview image yet: it is made shortly after upload.';

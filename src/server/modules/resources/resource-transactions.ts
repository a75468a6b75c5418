import type { UnitOfWork } from '../../db/unit-of-work.js';
import { AuditLogRepository, type NewAuditEntry } from '../audit/audit-log.repository.js';
import { PageZeroRepository } from '../search/index.js';
import type { PageImageSet } from './page-image-keys.js';
import { ResourceRepository, type NewResourceRow, type ProcessingResult, type ResourceRow } from './resource.repository.js';

/*
 * The resource writes of more than one statement, each one unit of work (decision 024): what
 * must land together is decided here, on the service side; the repository only runs queries.
 * Used by ResourceService and the processing runner (and by tests that store files directly).
 */

/**
 * Records a stored resource with its page 0 (searchable at once) and its processing job, unless
 * a resource with the same SHA-256 exists (then false). Atomic on both databases, so no
 * resource is ever left without its job.
 */
export function insertResource(unitOfWork: UnitOfWork, row: NewResourceRow): Promise<boolean> {
  return unitOfWork(async (tx) => {
    const resources = new ResourceRepository(tx);
    if (!(await resources.insertUnlessDuplicate(row))) return false;
    await new PageZeroRepository(tx).insert(row);
    await resources.insertProcessingJob(row.id, row.created_at);
    return true;
  });
}

/**
 * Records that `userId` downloaded the resource on `day` and raises its count, unless that was
 * recorded already. Returns the count, or undefined for no such resource.
 */
export function countDownload(unitOfWork: UnitOfWork, id: string, userId: string, day: string): Promise<number | undefined> {
  return unitOfWork(async (tx) => {
    const resources = new ResourceRepository(tx);
    if (await resources.addDownload(id, userId, day)) return resources.incrementDownloads(id);
    return resources.downloadsOf(id);
  });
}

/**
 * Deletes the record (its pages and job go by cascade) with its audit entry, and says which
 * stored files it pointed at; undefined when there was no such resource.
 */
export function deleteResource(
  unitOfWork: UnitOfWork,
  id: string,
  audit: (row: ResourceRow) => NewAuditEntry,
): Promise<{ fileKey: string; thumbnailKey: string | null; pageImages: PageImageSet | null } | undefined> {
  return unitOfWork(async (tx) => {
    const row = await new ResourceRepository(tx).delete(id);
    if (!row) return undefined;
    await new AuditLogRepository(tx).insert(audit(row));
    const pageImages = row.page_image_key ? { key: row.page_image_key, count: Number(row.page_image_count) } : null;
    return { fileKey: row.file_key, thumbnailKey: row.thumbnail_key, pageImages };
  });
}

/**
 * Records what processing found and returns the thumbnail key and page images it replaced (to
 * delete), or `missing` when the resource is gone (deleted while it was processed).
 */
export function recordProcessing(
  unitOfWork: UnitOfWork,
  id: string,
  result: ProcessingResult,
): Promise<{ missing: true } | { missing: false; oldThumbnailKey: string | null; oldPageImages: PageImageSet | null }> {
  return unitOfWork(async (tx) => {
    const resources = new ResourceRepository(tx);
    const oldThumbnailKey = await resources.thumbnailKeyOf(id);
    if (oldThumbnailKey === undefined) return { missing: true as const };
    // Replaced only when this run made images (result.pageImages defined): otherwise they stand.
    const oldPageImages = result.pageImages === undefined ? null : ((await resources.pageImagesOf(id)) ?? null);
    await resources.setProcessingResult(id, result);
    return { missing: false as const, oldThumbnailKey, oldPageImages };
  });
}

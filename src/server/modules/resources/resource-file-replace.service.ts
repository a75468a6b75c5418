import type { SessionUser } from '../../../shared/account.js';
import { RESOURCE_MESSAGES, wholeMegabytes } from '../../../shared/resource.js';
import type { Executor, UnitOfWork } from '../../db/unit-of-work.js';
import { drain } from '../../http/drain.js';
import { conflict, forbidden } from '../../http/http-error.js';
import type { IncomingFile } from '../../http/multipart-form.js';
import type { FileStore } from '../../storage/file-store.js';
import { systemClock, type Clock } from '../../system/clock.js';
import { AuditLogRepository } from '../audit/audit-log.repository.js';
import { deletePageImages } from './page-image-keys.js';
import type { PdfInspection } from './pdf-inspection-pool.js';
import { PdfIntake, SAME_FILE_MESSAGE } from './pdf-intake.js';
import { ResourceFileReplaceRepository, type FileFacts, type ReplacedKeys } from './resource-file-replace.repository.js';
import { notFound } from './resource-errors.js';
import { canEditResource } from './resource.policy.js';
import { describeResource } from './resource.presenter.js';
import type { ResourceRepository, ResourceRow } from './resource.repository.js';

/**
 * Replacing a resource's PDF while it keeps its id (decision 054): a correction's better scan or
 * missing pages. The new file passes an upload's checks (PDF by content, size limit, readable,
 * no other resource has the same bytes); the swap, its audit entry and the caller's own writes
 * commit together; the old bytes go only after that commit, the new ones if anything fails.
 * Processing starts again from page 1 (thumbnail, text, OCR, questions).
 */
export class ResourceFileReplaceService {
  private readonly intake: PdfIntake;

  constructor(
    private readonly resources: ResourceRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly files: FileStore,
    pdfs: PdfInspection,
    limits: { maxUploadMb: number },
    /** Tells the processing runner there is work (the job is queued in the swap). */
    private readonly wake: () => void,
    private readonly clock: Clock = systemClock,
  ) {
    this.intake = new PdfIntake(files, pdfs, resources, limits.maxUploadMb);
  }

  /**
   * Replaces `resource`'s file with `file` and runs `alongside` (say, closing a correction) in the
   * same transaction. The request body is always drained.
   */
  async replace(user: Pick<SessionUser, 'id' | 'name'>, resource: ResourceRow, file: IncomingFile, how: string, alongside?: (tx: Executor) => Promise<void>): Promise<void> {
    let replaced: ReplacedKeys;
    try {
      // The intake deletes the new file if the swap below fails.
      replaced = await this.intake.take(
        file.stream,
        async ({ key, sha256, size, pageCount }) => {
          const facts: FileFacts = { key, sha256, size, sizeMb: wholeMegabytes(size), pageCount };
          const at = this.clock().toISOString();
          return this.unitOfWork(async (tx) => {
            const keys = await new ResourceFileReplaceRepository(tx).swap(resource.id, resource.file_key, facts, at);
            if (!keys) throw conflict(REPLACE_MESSAGES.changedMeanwhile, { code: 'RESOURCE_CHANGED' });
            await new ResourceFileReplaceRepository(tx).requeueFromScratch(resource.id, at);
            await new AuditLogRepository(tx).insert({
              actor: { id: user.id, name: user.name },
              action: 'resource.replace_file',
              targetType: 'resource',
              targetId: resource.id,
              summary: `Replaced the file of ${describeResource(resource)}${how}: ${Number(resource.page_count)} -> ${pageCount} pages`,
              before: { sha256: resource.sha256, sizeBytes: Number(resource.size_bytes), pageCount: Number(resource.page_count) },
              after: { sha256, sizeBytes: size, pageCount },
            });
            await alongside?.(tx);
            return keys;
          });
        },
        resource.id,
      );
    } finally {
      await drain(file.stream);
    }
    this.wake();
    // After the commit: a crash here leaves unreferenced files (the start-up sweep removes them), never a record without its file.
    await this.files.delete(replaced.fileKey);
    if (replaced.thumbnailKey) await this.files.delete(replaced.thumbnailKey);
    if (replaced.pageImages) await deletePageImages(this.files, replaced.pageImages);
  }

  /** The preview's Edit details: the uploader or an admin puts a better file in (resource.policy.ts). */
  async replaceAs(user: SessionUser, id: string, file: IncomingFile): Promise<void> {
    try {
      const row = await this.resources.findById(id);
      if (!row) throw notFound();
      if (!canEditResource(user, row)) throw forbidden(RESOURCE_MESSAGES.editForbidden);
      await this.replace(user, row, file, '');
    } finally {
      await drain(file.stream);
    }
  }
}

export const REPLACE_MESSAGES = {
  sameFile: SAME_FILE_MESSAGE,
  changedMeanwhile: 'This resource was deleted, or its file replaced, meanwhile: please look again.',
} as const;

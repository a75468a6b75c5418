import type { Executor } from '../../db/unit-of-work.js';
import type { PageImageSet } from './page-image-keys.js';

/** The new file's facts, as stored and inspected. */
export interface FileFacts {
  key: string;
  sha256: string;
  size: number;
  sizeMb: number;
  pageCount: number;
}

/** What the resource pointed at before the swap: deleted once it commits. */
export interface ReplacedKeys {
  fileKey: string;
  thumbnailKey: string | null;
  pageImages: PageImageSet | null;
}

/** What processing finds in a file, as before the new file's first run. */
const NOT_YET_PROCESSED = { scanned: 0, thumbnail_key: null, thumbnail_type: null, page_image_key: null, page_image_count: 0, page_image_width: null, page_image_height: null } as const;

/** Queries of replacing a resource's file; the rules are in ResourceFileReplaceService. */
export class ResourceFileReplaceRepository {
  constructor(private readonly db: Executor) {}

  /**
   * Points the resource at the new file, if it still points at `oldKey` (else undefined: someone
   * replaced or deleted it meanwhile). The old file's thumbnail and page images are dropped with
   * it: they would show the old scan until processing makes new ones.
   */
  async swap(id: string, oldKey: string, file: FileFacts, at: string): Promise<ReplacedKeys | undefined> {
    const before = await this.db
      .selectFrom('resource')
      .select(['file_key', 'thumbnail_key', 'page_image_key', 'page_image_count'])
      .where('id', '=', id)
      .where('file_key', '=', oldKey)
      .executeTakeFirst();
    if (!before) return undefined;
    const result = await this.db
      .updateTable('resource')
      .set({
        file_key: file.key,
        sha256: file.sha256,
        size_bytes: file.size,
        file_size_mb: file.sizeMb,
        page_count: file.pageCount,
        ...NOT_YET_PROCESSED,
        updated_at: at,
      })
      .where('id', '=', id)
      .where('file_key', '=', oldKey)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return undefined;
    const pageImages = before.page_image_key ? { key: before.page_image_key, count: Number(before.page_image_count) } : null;
    return { fileKey: before.file_key, thumbnailKey: before.thumbnail_key, pageImages };
  }

  /**
   * Puts the processing job back in line from page 1, a running one too: its claim is taken
   * back (the holder cleared), so a run of the old file finds it lost and writes nothing.
   */
  async requeueFromScratch(id: string, at: string): Promise<void> {
    await this.db
      .updateTable('processing_job')
      .set({
        status: 'pending',
        attempts: 0,
        next_attempt_at: at,
        last_error: null,
        finished_at: null,
        pages_done: 0,
        updated_at: at,
        priority: 1,
        ocr_from_page: 1,
        locked_by: null,
        locked_until: null,
      })
      .where('resource_id', '=', id)
      .execute();
  }
}

import { sql, type Insertable, type Selectable } from 'kysely';
import type { ResourceSort } from '../../../shared/resource.js';
import { latestExamOrder, type SearchFilter } from '../search/index.js';
import type { ResourceTable } from '../../db/schema.js';
import type { Executor } from '../../db/unit-of-work.js';
import { NearDuplicateRepository } from './near-duplicate.repository.js';

/** A resource, with its uploader's name and current role and class when the query joined them. */
export type ResourceRow = Selectable<ResourceTable> & {
  uploaded_by_name?: string | null;
  uploader_role?: string | null;
  uploader_branch?: string | null;
  uploader_semester?: number | null;
  /** 1 while its processing job has not finished (beingReadColumn). */
  being_read?: number | boolean | null;
};
export type NewResourceRow = Insertable<ResourceTable>;

/**
 * The uploader's current role and class (for "by your CR"), selected from `resource` left-joined
 * with `user` on `uploaded_by`; with `uploaderNameColumn` for admins (resourcesWithUploader).
 */
const uploaderColumns = ['user.role as uploader_role', 'user.branch as uploader_branch', 'user.semester as uploader_semester'] as const;
/** The uploader's name, selected besides `uploaderColumns` for admins only. */
const uploaderNameColumn = 'user.name as uploaded_by_name';
/** Whether the resource's text is still being read (its processing job pending or running). */
const beingReadColumn = sql<number>`exists (select 1 from processing_job j where j.resource_id = resource.id and j.status in ('pending', 'running'))`.as(
  'being_read',
);

/**
 * Resources with the columns a card needs: the uploader's role and class, whether its text is
 * still being read, and for admins the uploader's name. The one builder of the resources list,
 * the shelf and the question bank's subject page; each adds its own joins, filters and order.
 */
export function resourcesWithUploader(db: Executor, withUploaderName: boolean) {
  return db
    .selectFrom('resource')
    .leftJoin('user', 'user.id', 'resource.uploaded_by')
    .selectAll('resource')
    .select(uploaderColumns)
    .select(beingReadColumn)
    .$if(withUploaderName, (q) => q.select(uploaderNameColumn));
}

/** The facets a list is narrowed by (search narrows by the same). */
export type ResourceFilter = SearchFilter;

export interface ResourcePageRequest {
  filter: ResourceFilter;
  sort: Exclude<ResourceSort, 'relevance'>;
  offset: number;
  limit: number;
}

/** Queries over the resource table. */
export class ResourceRepository {
  /** The library's first-page texts, for the near-duplicate check at upload. */
  readonly nearDuplicates: NearDuplicateRepository;

  constructor(private readonly db: Executor) {
    this.nearDuplicates = new NearDuplicateRepository(db);
  }

  /**
   * Inserts the record unless a resource with the same SHA-256 exists (then false). Its page 0
   * and processing job go with it in the same unit of work (resource-transactions.ts).
   */
  async insertUnlessDuplicate(row: NewResourceRow): Promise<boolean> {
    const result = await this.db
      .insertInto('resource')
      .values(row)
      .onConflict((oc) => oc.column('sha256').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** Queues a new resource for processing (processing-runner.ts), due at `at`. */
  async insertProcessingJob(resourceId: string, at: string): Promise<void> {
    await this.db
      .insertInto('processing_job')
      .values({ resource_id: resourceId, status: 'pending', next_attempt_at: at, created_at: at, updated_at: at, locked_until: null, locked_by: null, last_error: null, finished_at: null })
      .execute();
  }

  findById(id: string): Promise<ResourceRow | undefined> {
    return this.db.selectFrom('resource').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findBySha256(sha256: string): Promise<ResourceRow | undefined> {
    return this.db.selectFrom('resource').selectAll().where('sha256', '=', sha256).executeTakeFirst();
  }

  /** Which of these storage keys have a record (for the orphan sweep): files and thumbnails. */
  async existingFileKeys(keys: string[]): Promise<Set<string>> {
    if (!keys.length) return new Set();
    const rows = await this.db
      .selectFrom('resource')
      .select(['file_key', 'thumbnail_key'])
      .where((eb) => eb.or([eb('file_key', 'in', keys), eb('thumbnail_key', 'in', keys)]))
      .execute();
    return new Set(rows.flatMap((r) => [r.file_key, ...(r.thumbnail_key ? [r.thumbnail_key] : [])]));
  }

  /** The resource's thumbnail key (null: none yet), or undefined when the resource is gone. */
  async thumbnailKeyOf(id: string): Promise<string | null | undefined> {
    const row = await this.db.selectFrom('resource').select('thumbnail_key').where('id', '=', id).executeTakeFirst();
    return row ? row.thumbnail_key : undefined;
  }

  /** The resource's page image set (null: none), or undefined when the resource is gone. */
  async pageImagesOf(id: string): Promise<{ key: string; count: number } | null | undefined> {
    const row = await this.db.selectFrom('resource').select(['page_image_key', 'page_image_count']).where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    return row.page_image_key ? { key: row.page_image_key, count: Number(row.page_image_count) } : null;
  }

  /** Which of these page image set keys a resource points at (for the orphan sweep). */
  async existingPageImageSets(setKeys: string[]): Promise<Set<string>> {
    if (!setKeys.length) return new Set();
    const rows = await this.db.selectFrom('resource').select('page_image_key').where('page_image_key', 'in', setKeys).execute();
    return new Set(rows.map((r) => r.page_image_key!));
  }

  /**
   * Records what processing found: whether OCR read any page, the thumbnail (null: none) and,
   * when this run made them, the page images (null: none; undefined: the earlier ones stand).
   */
  async setProcessingResult(id: string, result: ProcessingResult): Promise<void> {
    const images = result.pageImages;
    await this.db
      .updateTable('resource')
      .set({
        scanned: result.scanned ? 1 : 0,
        thumbnail_key: result.thumbnailKey,
        thumbnail_type: result.thumbnailType,
        ...(images === undefined
          ? {}
          : {
              page_image_key: images?.key ?? null,
              page_image_count: images?.count ?? 0,
              page_image_width: images?.width ?? null,
              page_image_height: images?.height ?? null,
            }),
      })
      .where('id', '=', id)
      .execute();
  }

  async count(filter: ResourceFilter): Promise<number> {
    const row = await this.filtered(filter)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** How many resources passing the filter are still being read (processing pending or running). */
  async countBeingRead(filter: ResourceFilter): Promise<number> {
    const row = await this.filtered(filter)
      .innerJoin('processing_job', 'processing_job.resource_id', 'resource.id')
      .where('processing_job.status', 'in', ['pending', 'running'])
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The ids of one page, in display order. */
  async pageIds(request: ResourcePageRequest): Promise<string[]> {
    let query = this.filtered(request.filter).select('resource.id');
    if (request.sort === 'downloads') query = query.orderBy('resource.downloads', 'desc');
    // The same "Latest" as search's (search.repository.ts).
    if (request.sort === 'latest') query = query.orderBy(latestExamOrder('resource'));
    query = query.orderBy('resource.created_at', 'desc');
    const rows = await query.orderBy('resource.id', 'desc').limit(request.limit).offset(request.offset).execute();
    return rows.map((r) => r.id);
  }

  /**
   * The resources of a filter downloaded most since `sinceDay` (YYYY-MM-DD), counting one per
   * user and day as resource_download holds them; most first, newer first on a tie.
   */
  async mostDownloadedSince(filter: ResourceFilter, sinceDay: string, limit: number): Promise<Array<{ id: string; downloads: number }>> {
    const rows = await this.filtered(filter)
      .innerJoin('resource_download', 'resource_download.resource_id', 'resource.id')
      .where('resource_download.day', '>=', sinceDay)
      .select((eb) => ['resource.id', eb.fn.countAll<number | string>().as('n')])
      .groupBy(['resource.id', 'resource.created_at'])
      .orderBy('n', 'desc')
      .orderBy('resource.created_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ id: row.id, downloads: Number(row.n) }));
  }

  /**
   * Current rows for these ids, in the order given (ids no longer found are left out), with the
   * uploader's role and class (for "by your CR") and, for admins, name.
   */
  async findManyByIds(ids: string[], withUploaderName: boolean): Promise<ResourceRow[]> {
    if (!ids.length) return [];
    const rows = await this.withUploader(withUploaderName).where('resource.id', 'in', ids).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** One resource with its uploader, as findManyByIds returns it. */
  findWithUploader(id: string, withUploaderName: boolean): Promise<ResourceRow | undefined> {
    return this.withUploader(withUploaderName).where('resource.id', '=', id).executeTakeFirst();
  }

  private withUploader(withUploaderName: boolean) {
    return resourcesWithUploader(this.db, withUploaderName);
  }

  /** Sets the title; what page 0 is made of, or undefined when the resource is gone. */
  private filtered(filter: ResourceFilter) {
    let query = this.db.selectFrom('resource');
    if (filter.course) query = query.where('resource.course', '=', filter.course);
    if (filter.branch) query = query.where('resource.branch', '=', filter.branch);
    if (filter.semester) query = query.where('resource.semester', '=', filter.semester);
    if (filter.resourceType) query = query.where('resource.resource_type', '=', filter.resourceType);
    if (filter.academicYear) query = query.where('resource.academic_year', '=', filter.academicYear);
    if (filter.exam) query = query.where('resource.exam', '=', filter.exam);
    return query;
  }

  /**
   * Records that `userId` downloaded the resource on `day`, unless that was recorded already or
   * there is no such resource; true when this call recorded it.
   */
  async addDownload(id: string, userId: string, day: string): Promise<boolean> {
    // Insert-or-ignore, selecting from resource so an unknown id inserts nothing (no FK error).
    const { numInsertedOrUpdatedRows } = await this.db
      .insertInto('resource_download')
      .columns(['resource_id', 'user_id', 'day'])
      .expression((eb) =>
        eb
          .selectFrom('resource')
          // Typed, or PostgreSQL cannot tell a parameter's type in a select list.
          .select((sb) => [sb.ref('resource.id').as('resource_id'), sb.cast(sb.val(userId), 'text').as('user_id'), sb.cast(sb.val(day), 'text').as('day')])
          .where('resource.id', '=', id),
      )
      .onConflict((oc) => oc.columns(['resource_id', 'user_id', 'day']).doNothing())
      .executeTakeFirst();
    return Number(numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Adds one download in the database itself, so concurrent downloads never lose a count; the new count. */
  async incrementDownloads(id: string): Promise<number | undefined> {
    const row = await this.db
      .updateTable('resource')
      .set((eb) => ({ downloads: eb('downloads', '+', 1) }))
      .where('id', '=', id)
      .returning('downloads')
      .executeTakeFirst();
    return row?.downloads;
  }

  async downloadsOf(id: string): Promise<number | undefined> {
    const row = await this.db.selectFrom('resource').select('downloads').where('id', '=', id).executeTakeFirst();
    return row?.downloads;
  }

  async setDownloads(id: string, downloads: number): Promise<void> {
    await this.db.updateTable('resource').set({ downloads }).where('id', '=', id).execute();
  }

  /** Deletes the record (its pages and job go with it, by cascade); the row as it was, or undefined. */
  delete(id: string): Promise<ResourceRow | undefined> {
    return this.db.deleteFrom('resource').where('id', '=', id).returningAll().executeTakeFirst();
  }
}

/** What page 0 of a resource is made of. */

/** What processing found about a resource (processing-runner.ts). */
export interface ProcessingResult {
  scanned: boolean;
  thumbnailKey: string | null;
  thumbnailType: string | null;
  /** Page images this run stored (null: none); undefined when it made none to replace the earlier ones (a later OCR pass). */
  pageImages?: { key: string; count: number; width: number; height: number } | null;
}


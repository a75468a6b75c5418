import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ResourceSort } from '../../../shared/resource.js';
import { pageZeroText } from '../../../shared/search.js';
import { distinctTerms, indexableText } from '../search/search-terms.js';
import type { Database, ResourceTable } from '../../db/schema.js';
import { AuditLogRepository, type NewAuditEntry } from '../audit/audit-log.repository.js';

/** A resource, with its uploader's name and current role and class when the query joined them. */
export type ResourceRow = Selectable<ResourceTable> & {
  uploaded_by_name?: string | null;
  uploader_role?: string | null;
  uploader_branch?: string | null;
  uploader_semester?: number | null;
};
export type NewResourceRow = Insertable<ResourceTable>;

/**
 * The uploader's current role and class (for "by your CR"), selected from `resource` left-joined
 * with `user` on `uploaded_by`; with `uploaderNameColumn` for admins. Used by the shelf too.
 */
export const uploaderColumns = ['user.role as uploader_role', 'user.branch as uploader_branch', 'user.semester as uploader_semester'] as const;
/** The uploader's name, selected besides `uploaderColumns` for admins only. */
export const uploaderNameColumn = 'user.name as uploaded_by_name';

export interface ResourceFilter {
  course?: string;
  branch?: string;
  semester?: number;
  resourceType?: string;
  academicYear?: string;
}

export interface ResourcePageRequest {
  filter: ResourceFilter;
  sort: Exclude<ResourceSort, 'relevance'>;
  offset: number;
  limit: number;
}

/** Queries over the resource table. */
export class ResourceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Inserts the record, its page 0 (subject and file name, searchable at once)
   * and its processing job, unless a resource with the same SHA-256 exists (then false): one
   * transaction, atomic on both databases, so no resource is ever left without its job.
   */
  async insertUnlessDuplicate(row: NewResourceRow): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .insertInto('resource')
        .values(row)
        .onConflict((oc) => oc.column('sha256').doNothing())
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
      const pageZero = indexableText(pageZeroText(row.subject, row.original_name, row.title));
      await trx.insertInto('resource_page').values({ resource_id: row.id, page: 0, body: pageZero }).execute();
      await addSearchTerms(trx, pageZero);
      await trx
        .insertInto('processing_job')
        .values({ resource_id: row.id, status: 'pending', next_attempt_at: row.created_at, created_at: row.created_at, updated_at: row.created_at, locked_until: null, locked_by: null, last_error: null, finished_at: null })
        .execute();
      return true;
    });
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

  /**
   * Records what processing found: whether OCR read any page, and the new thumbnail (null keeps
   * none). Returns the thumbnail key it replaced, or `missing` when the resource is gone.
   */
  async recordProcessing(
    id: string,
    result: { scanned: boolean; thumbnailKey: string | null; thumbnailType: string | null },
  ): Promise<{ missing: true } | { missing: false; oldThumbnailKey: string | null }> {
    return this.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('resource').select('thumbnail_key').where('id', '=', id).executeTakeFirst();
      if (!before) return { missing: true as const };
      await trx
        .updateTable('resource')
        .set({ scanned: result.scanned ? 1 : 0, thumbnail_key: result.thumbnailKey, thumbnail_type: result.thumbnailType })
        .where('id', '=', id)
        .execute();
      return { missing: false as const, oldThumbnailKey: before.thumbnail_key };
    });
  }

  async count(filter: ResourceFilter): Promise<number> {
    const row = await this.filtered(filter)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The ids of one page, in display order. */
  async pageIds(request: ResourcePageRequest): Promise<string[]> {
    let query = this.filtered(request.filter).select('resource.id');
    query =
      request.sort === 'downloads'
        ? query.orderBy('resource.downloads', 'desc').orderBy('resource.created_at', 'desc')
        : query.orderBy('resource.created_at', 'desc');
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
    const rows: ResourceRow[] = await this.withUploader(withUploaderName).where('resource.id', 'in', ids).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** One resource with its uploader, as findManyByIds returns it. */
  findWithUploader(id: string, withUploaderName: boolean): Promise<ResourceRow | undefined> {
    return this.withUploader(withUploaderName).where('resource.id', '=', id).executeTakeFirst();
  }

  private withUploader(withUploaderName: boolean) {
    return this.db
      .selectFrom('resource')
      .leftJoin('user', 'user.id', 'resource.uploaded_by')
      .selectAll('resource')
      .select(uploaderColumns)
      .$if(withUploaderName, (q) => q.select(uploaderNameColumn));
  }

  /**
   * Sets a resource's title and rewrites its page 0 (what search matches besides the text
   * inside) in one transaction, adding the title's words for typo correction, and `audit` (an
   * admin's change) with it. False when the resource is gone.
   */
  async updateTitle(id: string, title: string, updatedAt: string, audit?: NewAuditEntry): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('resource')
        .set({ title, updated_at: updatedAt })
        .where('id', '=', id)
        .returning(['subject', 'original_name'])
        .executeTakeFirst();
      if (!row) return false;
      const pageZero = indexableText(pageZeroText(row.subject, row.original_name, title));
      await trx.updateTable('resource_page').set({ body: pageZero }).where('resource_id', '=', id).where('page', '=', 0).execute();
      await addSearchTerms(trx, pageZero);
      if (audit) await new AuditLogRepository(trx).insert(audit);
      return true;
    });
  }

  private filtered(filter: ResourceFilter) {
    let query = this.db.selectFrom('resource');
    if (filter.course) query = query.where('resource.course', '=', filter.course);
    if (filter.branch) query = query.where('resource.branch', '=', filter.branch);
    if (filter.semester) query = query.where('resource.semester', '=', filter.semester);
    if (filter.resourceType) query = query.where('resource.resource_type', '=', filter.resourceType);
    if (filter.academicYear) query = query.where('resource.academic_year', '=', filter.academicYear);
    return query;
  }

  /** Adds one download in the database itself, so concurrent downloads never lose a count. */
  /**
   * Records that `userId` downloaded the resource on `day` and raises its count, unless that was
   * recorded already; both in one transaction. Returns the count, or undefined for no such resource.
   */
  async countDownload(id: string, userId: string, day: string): Promise<number | undefined> {
    return this.db.transaction().execute(async (trx) => {
      // Insert-or-ignore, selecting from resource so an unknown id inserts nothing (no FK error).
      const { numInsertedOrUpdatedRows } = await trx
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
      if (Number(numInsertedOrUpdatedRows ?? 0) > 0) {
        const row = await trx
          .updateTable('resource')
          .set((eb) => ({ downloads: eb('downloads', '+', 1) }))
          .where('id', '=', id)
          .returning('downloads')
          .executeTakeFirst();
        return row?.downloads;
      }
      const row = await trx.selectFrom('resource').select('downloads').where('id', '=', id).executeTakeFirst();
      return row?.downloads;
    });
  }

  async setDownloads(id: string, downloads: number): Promise<void> {
    await this.db.updateTable('resource').set({ downloads }).where('id', '=', id).execute();
  }

  /**
   * Deletes the record (its words go with it, by cascade) and says which stored files it pointed
   * at. `audit` describes the deletion for the audit log, written in the same transaction.
   */
  async delete(id: string, audit?: (row: ResourceRow) => NewAuditEntry): Promise<{ fileKey: string; thumbnailKey: string | null } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.deleteFrom('resource').where('id', '=', id).returningAll().executeTakeFirst();
      if (row && audit) await new AuditLogRepository(trx).insert(audit(row));
      return row ? { fileKey: row.file_key, thumbnailKey: row.thumbnail_key } : undefined;
    });
  }
}

/** The words of page 0 (subject, title, file name), so a typo in them is corrected like one in the text. */
async function addSearchTerms(trx: Kysely<Database>, pageZero: string): Promise<void> {
  const terms = distinctTerms(pageZero);
  if (!terms.length) return;
  await trx
    .insertInto('search_term')
    .values(terms.map((term) => ({ term })))
    .onConflict((oc) => oc.column('term').doNothing())
    .execute();
}

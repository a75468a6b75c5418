import type { Kysely, Selectable } from 'kysely';
import type { ResourceSort } from '../../../shared/resource.js';
import type { Database, ResourceTable } from '../../db/schema.js';

export type ResourceRow = Selectable<ResourceTable> & { uploaded_by_name?: string | null };
export type NewResourceRow = Omit<ResourceTable, 'downloads'> & { downloads?: number };

export interface ResourceFilter {
  course?: string;
  branch?: string;
  semester?: number;
  resourceType?: string;
  academicYear?: string;
  /** Lower-case words; each must start a word of the subject. */
  words?: string[];
}

export interface ResourcePageRequest {
  filter: ResourceFilter;
  sort: ResourceSort;
  offset: number;
  limit: number;
  withUploaderName: boolean;
}

/** Queries over the resource table. */
export class ResourceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts unless a resource with the same SHA-256 exists (then false): atomic on both databases. */
  async insertUnlessDuplicate(row: NewResourceRow): Promise<boolean> {
    const result = await this.db
      .insertInto('resource')
      .values(row)
      .onConflict((oc) => oc.column('sha256').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async insertMany(rows: NewResourceRow[]): Promise<void> {
    if (rows.length) await this.db.insertInto('resource').values(rows).execute();
  }

  findById(id: string): Promise<ResourceRow | undefined> {
    return this.db.selectFrom('resource').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findBySha256(sha256: string): Promise<ResourceRow | undefined> {
    return this.db.selectFrom('resource').selectAll().where('sha256', '=', sha256).executeTakeFirst();
  }

  /** Which of these storage keys have a record (for the orphan sweep). */
  async existingFileKeys(keys: string[]): Promise<Set<string>> {
    if (!keys.length) return new Set();
    const rows = await this.db.selectFrom('resource').select('file_key').where('file_key', 'in', keys).execute();
    return new Set(rows.map((r) => r.file_key));
  }

  async page(request: ResourcePageRequest): Promise<{ rows: ResourceRow[]; total: number }> {
    const { filter } = request;
    let query = this.db.selectFrom('resource');
    if (filter.course) query = query.where('resource.course', '=', filter.course);
    if (filter.branch) query = query.where('resource.branch', '=', filter.branch);
    if (filter.semester) query = query.where('resource.semester', '=', filter.semester);
    if (filter.resourceType) query = query.where('resource.resource_type', '=', filter.resourceType);
    if (filter.academicYear) query = query.where('resource.academic_year', '=', filter.academicYear);
    for (const word of filter.words ?? []) query = query.where('resource.search_text', 'like', `% ${word}%`);

    const counted = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
    const total = Number(counted?.n ?? 0);
    if (total === 0 || request.offset >= total) return { rows: [], total };

    let rows = query.selectAll('resource');
    rows =
      request.sort === 'downloads'
        ? rows.orderBy('resource.downloads', 'desc').orderBy('resource.created_at', 'desc')
        : rows.orderBy('resource.created_at', 'desc');
    rows = rows.orderBy('resource.id', 'desc').limit(request.limit).offset(request.offset);
    if (request.withUploaderName) {
      const named = await rows
        .leftJoin('user', 'user.id', 'resource.uploaded_by')
        .select('user.name as uploaded_by_name')
        .execute();
      return { rows: named, total };
    }
    return { rows: await rows.execute(), total };
  }

  async uploaderName(userId: string | null): Promise<string | null> {
    if (!userId) return null;
    const row = await this.db.selectFrom('user').select('name').where('id', '=', userId).executeTakeFirst();
    return row?.name ?? null;
  }

  /** Adds one download in the database itself, so concurrent downloads never lose a count. */
  async incrementDownloads(id: string): Promise<number | undefined> {
    const row = await this.db
      .updateTable('resource')
      .set((eb) => ({ downloads: eb('downloads', '+', 1) }))
      .where('id', '=', id)
      .returning('downloads')
      .executeTakeFirst();
    return row?.downloads;
  }

  async setDownloads(id: string, downloads: number): Promise<void> {
    await this.db.updateTable('resource').set({ downloads }).where('id', '=', id).execute();
  }

  /** Deletes the record and says which stored file it pointed at. */
  async delete(id: string): Promise<string | undefined> {
    const row = await this.db.deleteFrom('resource').where('id', '=', id).returning('file_key').executeTakeFirst();
    return row?.file_key;
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('resource')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}

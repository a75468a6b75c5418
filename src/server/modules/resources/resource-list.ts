import type { SessionUser } from '../../../shared/account.js';
import { can } from '../../../shared/permissions.js';
import type { ResourceListQuery, ResourceListResponse } from '../../../shared/resource.js';
import type { SearchService } from '../search/search.service.js';
import { ListCache } from './list-cache.js';
import { presentResource } from './resource.presenter.js';
import type { ResourceFilter, ResourceRepository, ResourceRow } from './resource.repository.js';

/** Pages of rows kept by rowMemo (12-50 rows each), oldest dropped first. */
const ROW_MEMO_ENTRIES = 300;

/**
 * The library's lists: browse (memoised totals and pages per filter) and, with words in `q`,
 * full-text search (search.service.ts), each resource with its best page and snippet.
 */
export class ResourceList {
  /** Browse results memoised per filter; any upload, retitle or delete clears them (list-cache.ts). */
  private readonly totals = new ListCache<number>({ ttlMs: 10_000, maxEntries: 1000 });
  private readonly pages = new ListCache<string[]>({ ttlMs: 10_000, maxEntries: 2000 });
  /**
   * The rows of recent pages, each with the database's write version when it was read: answered
   * again only while nothing at all was written since (a download count, a new thumbnail, an
   * uploader's new role), so a list is as current as reading the rows every time.
   */
  private readonly rowMemo = new Map<string, { version: string; rows: ResourceRow[] }>();

  constructor(
    private readonly repository: ResourceRepository,
    /** Full-text search for q; without it q is ignored (tools that never search). */
    private readonly search?: SearchService,
    /** Db.writeVersion; undefined (or answering undefined, PostgreSQL) reads the rows every time. */
    private readonly writeVersion?: () => Promise<string | undefined>,
  ) {}

  /**
   * With words in `q`: search, relevance first unless a sort is asked for. Otherwise (no q, or q
   * of only punctuation) the browse path.
   */
  async list(user: SessionUser, query: ResourceListQuery): Promise<ResourceListResponse> {
    const withUploaderName = can(user.role, 'seeUploaderNames');
    const filter: ResourceFilter = {
      course: query.course,
      branch: query.branch,
      semester: query.semester,
      resourceType: query.resourceType,
      academicYear: query.academicYear,
    };
    const offset = (query.page - 1) * query.pageSize;
    const found = query.q
      ? await this.search?.search({ q: query.q, filter, order: query.sort ?? 'relevance', offset, limit: query.pageSize })
      : undefined;
    if (found) {
      const rows = await this.repository.findManyByIds(found.matches.map((m) => m.resourceId), withUploaderName);
      const hits = new Map(found.matches.map((m) => [m.resourceId, { page: m.page, snippet: m.snippet }]));
      return {
        resources: rows.map((row) => ({ ...presentResource(row, { withUploaderName, viewer: user }), hit: hits.get(row.id) })),
        terms: found.terms,
        total: found.total,
        ...(found.totalCapped ? { totalCapped: true } : {}),
        page: query.page,
        pageSize: query.pageSize,
      };
    }
    const sort = query.sort === 'downloads' ? 'downloads' : 'newest';
    const filterKey = JSON.stringify(filter);
    const total = await this.totals.get(filterKey, () => this.repository.count(filter));
    const ids =
      offset >= total
        ? []
        : await this.pages.get(`${filterKey}|${sort}|${offset}|${query.pageSize}`, () =>
            this.repository.pageIds({ filter, sort, offset, limit: query.pageSize }),
          );
    const rows = await this.rowsOf(ids, withUploaderName);
    return {
      resources: rows.map((row) => presentResource(row, { withUploaderName, viewer: user })),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /** A page's rows: from rowMemo when the database is unchanged since they were read. */
  private async rowsOf(ids: string[], withUploaderName: boolean): Promise<ResourceRow[]> {
    if (!ids.length) return [];
    // Taken before the rows are read: a write in between makes the memo look older than it is
    // (one needless reload), never newer.
    const version = await this.writeVersion?.();
    if (version === undefined) return this.repository.findManyByIds(ids, withUploaderName);
    const key = `${withUploaderName ? 'names' : 'plain'}|${ids.join(',')}`;
    const hit = this.rowMemo.get(key);
    if (hit?.version === version) return hit.rows;
    const rows = await this.repository.findManyByIds(ids, withUploaderName);
    this.rowMemo.delete(key);
    this.rowMemo.set(key, { version, rows });
    if (this.rowMemo.size > ROW_MEMO_ENTRIES) this.rowMemo.delete(this.rowMemo.keys().next().value!);
    return rows;
  }

  /** Drops memoised lists and searches: after a change here, or one another instance announced. */
  forget(): void {
    this.rowMemo.clear();
    this.totals.invalidate();
    this.pages.invalidate();
    this.search?.forget();
  }
}

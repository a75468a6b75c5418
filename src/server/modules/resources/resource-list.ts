import type { SessionUser } from '../../../shared/account.js';
import { can } from '../../../shared/permissions.js';
import type { ResourceListQuery, ResourceListResponse } from '../../../shared/resource.js';
import type { SearchService } from '../search/search.service.js';
import { ListCache } from './list-cache.js';
import { presentResource } from './resource.presenter.js';
import type { ResourceFilter, ResourceRepository } from './resource.repository.js';

/**
 * The library's lists: browse (memoised totals and pages per filter) and, with words in `q`,
 * full-text search (search.service.ts), each resource with its best page and snippet.
 */
export class ResourceList {
  /** Browse results memoised per filter; any upload, retitle or delete clears them (list-cache.ts). */
  private readonly totals = new ListCache<number>({ ttlMs: 10_000, maxEntries: 1000 });
  private readonly pages = new ListCache<string[]>({ ttlMs: 10_000, maxEntries: 2000 });

  constructor(
    private readonly repository: ResourceRepository,
    /** Full-text search for q; without it q is ignored (tools that never search). */
    private readonly search?: SearchService,
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
    const rows = await this.repository.findManyByIds(ids, withUploaderName);
    return {
      resources: rows.map((row) => presentResource(row, { withUploaderName, viewer: user })),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /** Drops memoised lists and searches: after a change here, or one another instance announced. */
  forget(): void {
    this.totals.invalidate();
    this.pages.invalidate();
    this.search?.forget();
  }
}

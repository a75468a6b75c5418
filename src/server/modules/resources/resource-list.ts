import type { Resource, ResourceListQuery, ResourceListResponse } from '../../../shared/resource.js';
import type { HitQuestion } from '../../../shared/search.js';
import { AnswerCache } from '../../cache/answer-cache.js';
import type { SearchOutcome, SearchQuery, SearchService, SoughtStems } from '../search/index.js';
import { presentResource } from './resource.presenter.js';
import type { ResourceFilter, ResourceRepository, ResourceRow } from './resource.repository.js';
import { rowShapeOf, type RowShape, type Viewer } from './viewer.js';

/**
 * One page of a list as read, before it is shown to anyone: what the answer cache holds. Rows
 * are read in the key's row shape only, so nothing of one viewer can be in it.
 */
interface ListPage {
  rows: ResourceRow[];
  total: number;
  /** With words in `q`: the search outcome (each row's best page and snippet, the words to highlight). */
  found?: SearchOutcome;
  /** The question each hit stands in, by resource id (past papers split into questions). */
  questions?: Record<string, HitQuestion>;
  /** A search that found nothing: resources passing the filters whose text is still being read. */
  stillBeingRead?: number;
  bytes: number;
}

/**
 * Names the question a search hit stands in (the questions module's QuestionHits, handed in by
 * app.ts: decision 042). Its answer depends on the library only, so it is cached with the page.
 */
export interface HitQuestions {
  find(hits: ReadonlyArray<{ resourceId: string; page: number }>, sought: SoughtStems): Promise<Map<string, HitQuestion>>;
}

/** Memory for cached pages, per server process: ~1,500 pages of 20 resources. */
const CACHE_BYTES = 32 * 1024 * 1024;
const CACHE_TTL_MS = 5 * 60_000;

/**
 * The library's lists: browse and, with words in `q`, full-text search (search.service.ts), each
 * resource with its best page and snippet. Pages are cached (cache/answer-cache.ts) by the
 * database's write version, the viewer's row shape and the request; they are shown to each viewer
 * as the request is answered (presenting a page of rows is cheap next to reading it).
 */
export class ResourceList {
  private readonly pages = new AnswerCache<ListPage>({ maxBytes: CACHE_BYTES, sizeOf: (page) => page.bytes, ttlMs: CACHE_TTL_MS });

  constructor(
    private readonly repository: ResourceRepository,
    /** Full-text search for q; without it q is ignored (tools that never search). */
    private readonly search?: SearchService,
    /** Db.writeVersion; without it (tools) nothing is cached. */
    private readonly writeVersion?: () => Promise<string | undefined>,
    /** Without it (tools) hits name no question. */
    private readonly hitQuestions?: HitQuestions,
  ) {}

  async list(viewer: Viewer, query: ResourceListQuery): Promise<ResourceListResponse> {
    const shape = rowShapeOf(viewer);
    // Taken before anything is read: a write meanwhile can only leave a newer page under an older version.
    const version = await this.writeVersion?.();
    const key = version === undefined ? undefined : { version, viewer: shape, request: requestKey(query) };
    const page = await this.pages.get(key, () => this.read(query, shape));
    return present(viewer, query, page);
  }

  /**
   * The resources passing `filter` downloaded most since `sinceDay`, with those downloads (the
   * home page's "Popular this term"). Not cached: a download changes it.
   */
  async popular(viewer: Viewer, filter: ResourceFilter, sinceDay: string, limit: number): Promise<Array<Resource & { termDownloads: number }>> {
    const ranked = await this.repository.mostDownloadedSince(filter, sinceDay, limit);
    const rows = await this.repository.findManyByIds(ranked.map((r) => r.id), viewer.seesUploaderNames);
    const counts = new Map(ranked.map((r) => [r.id, r.downloads]));
    return rows.map((row) => ({ ...presentResource(row, viewer), termDownloads: counts.get(row.id) ?? 0 }));
  }

  /** The page asked for, read: searched with words in `q`, else browsed. */
  private async read(query: ResourceListQuery, shape: RowShape): Promise<ListPage> {
    // A query without a word at all (only punctuation) is no search: the list is browsed.
    const found = query.q ? await this.search?.search(searchQueryOf(query, query.q)) : undefined;
    let ids: string[];
    let total: number;
    if (found) {
      ids = found.matches.map((m) => m.resourceId);
      total = found.total;
    } else {
      const filter = filterOf(query);
      const offset = offsetOf(query);
      total = await this.repository.count(filter);
      ids = offset >= total ? [] : await this.repository.pageIds({ filter, sort: browseSortOf(query), offset, limit: query.pageSize });
    }
    const rows = await this.repository.findManyByIds(ids, shape === 'with-uploader-names');
    const stillBeingRead = found && !total ? await this.repository.countBeingRead(filterOf(query)) : undefined;
    const questions = found && this.hitQuestions ? Object.fromEntries(await this.hitQuestions.find(found.matches, found.sought)) : undefined;
    return { rows, total, found, questions, stillBeingRead, bytes: JSON.stringify([rows, found, questions]).length };
  }
}

/** The request as the cache compares it: every field that decides the page, in a fixed order. */
function requestKey(query: ResourceListQuery): string {
  const { q, course, branch, semester, resourceType, academicYear, exam, questions, sort, page, pageSize } = query;
  return JSON.stringify([q ?? null, course ?? null, branch ?? null, semester ?? null, resourceType ?? null, academicYear ?? null, exam ?? null, questions ?? null, sort ?? null, page, pageSize]);
}

/** The search a list query with `q` asks for. */
function searchQueryOf(query: ResourceListQuery, q: string): SearchQuery {
  return { q, filter: filterOf(query), order: query.sort ?? 'relevance', offset: offsetOf(query), limit: query.pageSize, withinQuestions: query.questions === '1' };
}

/** Without q, relevance means nothing: the list is newest first. */
const browseSortOf = (query: ResourceListQuery) => (query.sort === 'downloads' || query.sort === 'latest' ? query.sort : 'newest');

const offsetOf = (query: ResourceListQuery) => (query.page - 1) * query.pageSize;

function filterOf(query: ResourceListQuery): ResourceFilter {
  return {
    course: query.course,
    branch: query.branch,
    semester: query.semester,
    resourceType: query.resourceType,
    academicYear: query.academicYear,
    exam: query.exam,
  };
}

function present(viewer: Viewer, query: ResourceListQuery, { rows, total, found, questions, stillBeingRead }: ListPage): ResourceListResponse {
  const hits = new Map(
    found?.matches.map((m) => {
      const question = questions?.[m.resourceId];
      return [m.resourceId, { page: m.page, snippet: m.snippet, ...(question ? { question } : {}) }];
    }),
  );
  return {
    resources: rows.map((row) => ({ ...presentResource(row, viewer), ...(found ? { hit: hits.get(row.id) } : {}) })),
    ...(found ? { terms: found.terms } : {}),
    ...(stillBeingRead ? { stillBeingRead } : {}),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

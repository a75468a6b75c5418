import type { ResourceListQuery, ResourceListResponse } from '../../../shared/resource.js';
import { WriteVersionMemo } from '../../db/write-version-memo.js';
import type { SearchOutcome, SearchQuery, SearchService } from '../search/search.service.js';
import { ListCache } from './list-cache.js';
import { presentResource } from './resource.presenter.js';
import type { ResourceFilter, ResourceRepository, ResourceRow } from './resource.repository.js';
import { sharedViewerKey, type Viewer } from './viewer.js';

/** A list answer as the route sends it: checked against its response schema, then JSON. */
export type SerializeList = (body: ResourceListResponse) => string;

/** One page of a list before its rows are read: what it is made of (`key`), its ids, and how it is presented. */
interface ListBasis {
  key: string;
  ids: string[];
  present(viewer: Viewer, rows: ResourceRow[]): ResourceListResponse;
}

/** An answer as sent, and who uploaded the rows on its page (a viewer among them reads "you"). */
interface Answer {
  json: string;
  uploaders: ReadonlySet<string | null>;
}

/**
 * The library's lists: browse (memoised totals and pages per filter) and, with words in `q`,
 * full-text search (search.service.ts), each resource with its best page and snippet.
 */
export class ResourceList {
  /** Browse results memoised per filter; any upload, retitle or delete clears them (list-cache.ts). */
  private readonly totals = new ListCache<number>({ ttlMs: 10_000, maxEntries: 1000 });
  private readonly pages = new ListCache<string[]>({ ttlMs: 10_000, maxEntries: 2000 });
  /**
   * The rows of recent pages (12-50 each), each with the database's write version when it was
   * read: answered again only while nothing at all was written since (a download count, a new
   * thumbnail, an uploader's new role), so a list is as current as reading the rows every time.
   */
  private readonly rowMemo = new WriteVersionMemo<ResourceRow[]>({ maxEntries: 300 });
  /**
   * The same rows one by one, under the same rule: searches never asked before have pages of
   * their own, yet mostly of resources other pages showed (the papers matching a topic), and
   * reading 20 rows of 23 columns cost ~0.35 ms of the event loop, the most of any statement.
   */
  private readonly rowById = new WriteVersionMemo<ResourceRow | null>({ maxEntries: 5000 });
  /**
   * Answers as sent (listSerialized), by everything they are made of: the page's basis (its ids
   * and total, or the search outcome), its rows (through the version) and what in them depends
   * on the viewer (presenter).
   */
  private readonly answers = new WriteVersionMemo<Answer>({ maxEntries: 1000, maxBytes: 16 * 1024 * 1024, sizeOf: (a) => a.json.length });
  /** Search outcomes (search.service.ts memoises them as objects) named for answer keys. */
  private readonly outcomeIds = new WeakMap<SearchOutcome, number>();
  private lastOutcomeId = 0;

  constructor(
    private readonly repository: ResourceRepository,
    /** Full-text search for q; without it q is ignored (tools that never search). */
    private readonly search?: SearchService,
    /** Db.writeVersion; without it (tools) the rows are read every time. */
    private readonly writeVersion?: () => Promise<string | undefined>,
  ) {}

  /**
   * With words in `q`: search, relevance first unless a sort is asked for. Otherwise (no q, or q
   * of only punctuation) the browse path.
   */
  async list(viewer: Viewer, query: ResourceListQuery): Promise<ResourceListResponse> {
    // Taken before anything is read: see WriteVersionMemo.
    const version = await this.writeVersion?.();
    const basis = await this.basis(query, version);
    return basis.present(viewer, await this.rowsOf(basis.ids, viewer, version));
  }

  /**
   * list() serialized by the route's `serialize`, and remembered as sent while the database is
   * unchanged (WriteVersionMemo): a class asking for the same page again and again costs neither
   * rows, nor presenting, nor the response schema. The key holds what the body is made of and the
   * viewer (viewer.ts: all that presentResource reads), without the id unless a row on the page
   * is theirs ("you"). Students of one class therefore share one answer, and nobody gets
   * another's "you". An answer is looked
   * up before the page's rows: who uploaded them is kept with it, so an uploader on the page is
   * sent to their own entry. `version` is Db.writeVersion() taken before this request read
   * anything (request.writeVersion: one read per request, shared with the session's lookup).
   */
  async listSerialized(viewer: Viewer, query: ResourceListQuery, serialize: SerializeList, version: string | undefined): Promise<string> {
    const basis = await this.basis(query, version);
    if (version === undefined) return serialize(basis.present(viewer, await this.rowsOf(basis.ids, viewer, version)));
    const remembered = this.answerOf(viewer, query, basis.key, version);
    if (remembered !== undefined) return remembered;
    const rows = await this.rowsOf(basis.ids, viewer, version);
    const json = serialize(basis.present(viewer, rows));
    const uploaders = new Set(rows.map((row) => row.uploaded_by));
    const { shared, own } = answerKeys(viewer, query, basis.key);
    this.answers.set(uploaders.has(viewer.id) ? own : shared, version, { json, uploaders });
    return json;
  }

  /**
   * listSerialized() when a browse answer is remembered and so is its basis, without a promise
   * (the route then makes none: decision 025); undefined when something must be read.
   */
  rememberedSerialized(viewer: Viewer, query: ResourceListQuery, version: string | undefined): string | undefined {
    if (version === undefined) return undefined;
    if (query.q) {
      const found = this.search?.peek(searchQueryOf(query, query.q), version);
      return found && this.answerOf(viewer, query, this.searchKey(found), version);
    }
    const { filterKey, offset, pageKey } = browseKeys(query);
    const total = this.totals.peek(filterKey);
    const ids = total === undefined || offset >= total ? [] : this.pages.peek(pageKey);
    if (total === undefined || ids === undefined) return undefined;
    return this.answerOf(viewer, query, browseKey(total, ids), version);
  }

  /** The answer remembered for this basis and viewer: theirs when a row on the page is, else their class's. */
  private answerOf(viewer: Viewer, query: ResourceListQuery, basisKey: string, version: string): string | undefined {
    const { shared, own } = answerKeys(viewer, query, basisKey);
    const hit = this.answers.get(shared, version);
    if (hit && !hit.uploaders.has(viewer.id)) return hit.json;
    return this.answers.get(own, version)?.json;
  }

  /** The page asked for, up to its rows: the search outcome, or the browse total and ids (both memoised). */
  private async basis(query: ResourceListQuery, version: string | undefined): Promise<ListBasis> {
    // A query without a word at all (only punctuation) is no search: the list is browsed.
    const found = query.q ? await this.search?.search(searchQueryOf(query, query.q), version) : undefined;
    if (found) {
      const ids = found.matches.map((m) => m.resourceId);
      return { key: this.searchKey(found), ids, present: (viewer, rows) => presentSearch(viewer, query, found, rows) };
    }
    const filter = filterOf(query);
    const { filterKey, sort, offset, pageKey } = browseKeys(query);
    const total = await this.totals.get(filterKey, () => this.repository.count(filter));
    const ids =
      offset >= total
        ? []
        : await this.pages.get(pageKey, () => this.repository.pageIds({ filter, sort, offset, limit: query.pageSize }));
    return { key: browseKey(total, ids), ids, present: (viewer, rows) => presentPage(viewer, query, total, rows) };
  }

  /** Current rows of these ids as `viewer` may see them: from rowMemo while the database is unchanged since they were read. */
  private async rowsOf(ids: string[], viewer: Viewer, version: string | undefined): Promise<ResourceRow[]> {
    if (!ids.length) return [];
    const withUploaderName = viewer.seesUploaderNames;
    const shape = withUploaderName ? 'names' : 'plain';
    const keyOf = (id: string) => `${shape}|${id}`;
    return this.rowMemo.remember(`${shape}|${ids.join(',')}`, version, async () => {
      const rows = await this.rowById.rememberEach(
        ids.map(keyOf),
        version,
        async (missing) => {
          const read = await this.repository.findManyByIds(missing.map((key) => key.slice(shape.length + 1)), withUploaderName);
          return new Map(read.map((row) => [keyOf(row.id), row]));
        },
        // A row gone (deleted) is remembered as gone while nothing is written.
        null,
      );
      return ids.flatMap((id) => rows.get(keyOf(id)) ?? []);
    });
  }

  /** A search outcome's basis key: one number per remembered outcome object. */
  private searchKey(outcome: SearchOutcome): string {
    let id = this.outcomeIds.get(outcome);
    if (id === undefined) this.outcomeIds.set(outcome, (id = ++this.lastOutcomeId));
    return `search:${id}`;
  }

  /** Drops memoised lists and searches: after a change here, or one another instance announced. */
  forget(): void {
    this.rowMemo.clear();
    this.rowById.clear();
    this.answers.clear();
    this.totals.invalidate();
    this.pages.invalidate();
    this.search?.forget();
  }
}

/** The search a list query with `q` asks for. */
function searchQueryOf(query: ResourceListQuery, q: string): SearchQuery {
  return { q, filter: filterOf(query), order: query.sort ?? 'relevance', offset: offsetOf(query), limit: query.pageSize };
}

/** How many results come before the page asked for. */
const offsetOf = (query: ResourceListQuery) => (query.page - 1) * query.pageSize;

/** Where a browse page's total and ids are memoised (totals, pages). */
function browseKeys(query: ResourceListQuery) {
  const sort: 'downloads' | 'newest' = query.sort === 'downloads' ? 'downloads' : 'newest';
  const filterKey = JSON.stringify(filterOf(query));
  const offset = offsetOf(query);
  return { filterKey, sort, offset, pageKey: `${filterKey}|${sort}|${offset}|${query.pageSize}` };
}

/** Page ids joined for browseKey, by the memoised array (pages): a remembered answer's key costs no join. */
const joinedIds = new WeakMap<string[], string>();

function browseKey(total: number, ids: string[]): string {
  let joined = joinedIds.get(ids);
  if (joined === undefined) joinedIds.set(ids, (joined = ids.join(',')));
  return `browse:${total}|${joined}`;
}

/** An answer's keys: shared by viewers who see it alike, or one viewer's own (a row on the page is theirs: "you"). */
function answerKeys(viewer: Viewer, query: ResourceListQuery, basisKey: string) {
  const shared = `${sharedViewerKey(viewer)}|${query.page}|${query.pageSize}|${basisKey}`;
  return { shared, own: `${shared}|${viewer.id}` };
}

function filterOf(query: ResourceListQuery): ResourceFilter {
  return {
    course: query.course,
    branch: query.branch,
    semester: query.semester,
    resourceType: query.resourceType,
    academicYear: query.academicYear,
  };
}

function presentPage(viewer: Viewer, query: ResourceListQuery, total: number, rows: ResourceRow[]): ResourceListResponse {
  return {
    resources: rows.map((row) => presentResource(row, viewer)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

function presentSearch(viewer: Viewer, query: ResourceListQuery, found: SearchOutcome, rows: ResourceRow[]): ResourceListResponse {
  const hits = new Map(found.matches.map((m) => [m.resourceId, { page: m.page, snippet: m.snippet }]));
  return {
    resources: rows.map((row) => ({ ...presentResource(row, viewer), hit: hits.get(row.id) })),
    terms: found.terms,
    total: found.total,
    ...(found.totalCapped ? { totalCapped: true } : {}),
    page: query.page,
    pageSize: query.pageSize,
  };
}

import type { SearchFilter } from './search.repository.js';

/** Facet combinations remembered at most (each: the resources passing it). */
const MAX_FILTERS = 64;

/**
 * A set of page ids as one bit each: a Set of 100,000 numbers takes megabytes, this an eighth of a
 * byte per page of the library (37 KB for 300,000 pages).
 */
export class PageIdSet {
  private readonly bits: Uint32Array;

  constructor(ids: ArrayLike<number>) {
    let max = 0;
    for (let i = 0; i < ids.length; i++) max = Math.max(max, ids[i]!);
    this.bits = new Uint32Array((max >>> 5) + 1);
    for (let i = 0; i < ids.length; i++) this.bits[ids[i]! >>> 5]! |= 1 << (ids[i]! & 31);
  }

  has(id: number): boolean {
    return ((this.bits[id >>> 5] ?? 0) & (1 << (id & 31))) !== 0;
  }
}

/**
 * The resources passing a combination of facets (branch, semester, ...), by their first page's
 * id (page-owners.ts), remembered per index version, so a search with facets can be answered from
 * remembered phrase scores too (phrase-lists.ts): a student filters by class first and types
 * after. Read in the background on first use, like the phrases; forget() after any change to a
 * resource's facets (an edit moves no page text).
 */
export class FacetMembers {
  private readonly sets = new Map<string, { version: number; members: PageIdSet }>();
  private readonly loading = new Map<string, Promise<void>>();
  private generation = 0;

  /** `load(filter, version)`: the first page ids of the resources passing; undefined when the index moved meanwhile. */
  constructor(private readonly load: (filter: SearchFilter, version: number) => Promise<Float64Array | undefined>) {}

  /** The resources passing `filter` at `version`, or undefined (their reading starts in the background). */
  get(filter: SearchFilter, version: number): PageIdSet | undefined {
    const key = JSON.stringify([filter.course, filter.branch, filter.semester, filter.resourceType, filter.academicYear]);
    const known = this.sets.get(key);
    if (known?.version === version) {
      this.sets.delete(key);
      this.sets.set(key, known);
      return known.members;
    }
    if (!this.loading.has(key)) {
      const generation = this.generation;
      const reading = this.load(filter, version)
        .then((ids) => {
          if (!ids || generation !== this.generation) return;
          if (this.sets.size >= MAX_FILTERS) this.sets.delete(this.sets.keys().next().value!);
          this.sets.set(key, { version, members: new PageIdSet(ids) });
        })
        // The database went away or is closing: read again when asked again.
        .catch(() => undefined)
        .finally(() => this.loading.delete(key));
      this.loading.set(key, reading);
    }
    return undefined;
  }

  /** Resolves once nothing is being read (tests). */
  async idle(): Promise<void> {
    while (this.loading.size) await Promise.all(this.loading.values());
  }

  forget(): void {
    this.generation++;
    this.sets.clear();
  }
}

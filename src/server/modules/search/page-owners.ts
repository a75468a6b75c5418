import type { ScoredPages } from './phrase-scores.js';

/**
 * Which resource each page belongs to, kept in memory as the index grows, so the resources of a
 * search's matching pages (the results' total) are counted without a statement. Page ids only
 * grow (AUTOINCREMENT) and page text is only ever inserted, so what is known stays true; pages of
 * a deleted resource stay here harmlessly (no match names them any more).
 */
export class PageOwners {
  /** Each page's resource, named by the id of its first page (0: no such page). */
  private owners = new Float64Array(0);
  /** Every page with an id up to this one is known. */
  private knownThrough = 0;
  private loading: Promise<void> | undefined;

  /** `load(after)`: the ids of the pages after `after` with their resource's number, ascending. */
  constructor(private readonly load: (after: number) => Promise<[Float64Array, Float64Array]>) {}

  /**
   * The distinct resources of these pages, counted up to one past `cap`; undefined while a page
   * is newer than what is known (a catch-up starts, and the caller counts another way).
   */
  count(ids: ArrayLike<number>, cap: number): number | undefined {
    if (!this.knowsAll(ids)) return undefined;
    const seen = this.newSighting();
    let n = 0;
    for (let i = 0; i < ids.length && n <= cap; i++) {
      const owner = this.owners[ids[i]!]!;
      if (owner === 0) return this.missed(ids[i]!);
      if (seen.marks[owner] === seen.mark) continue;
      seen.marks[owner] = seen.mark;
      n++;
    }
    return n;
  }

  /**
   * The best page of each resource among `best` (pages best first, as bestPages gives them),
   * resources in that order: `wanted` of them and every further one whose best page ties with the
   * last (the database orders ties), or all there are (`enough` false: `best` held too few
   * resources). Undefined when a page is not known, as for count().
   */
  bestOfEach(best: Array<[number, number]>, wanted: number): { kept: Array<[number, number]>; enough: boolean } | undefined {
    if (wanted <= 0) return { kept: [], enough: true };
    const seen = this.newSighting();
    const kept: Array<[number, number]> = [];
    for (const page of best) {
      if (kept.length >= wanted && page[1] !== kept[kept.length - 1]![1]) return { kept, enough: true };
      const owner = this.owners[page[0]] ?? 0;
      if (owner === 0) return this.missed(page[0]);
      if (seen.marks[owner] === seen.mark) continue;
      seen.marks[owner] = seen.mark;
      kept.push(page);
    }
    return { kept, enough: kept.length >= wanted };
  }

  /**
   * Which resources were seen, by first page id: a mark per resource, new for each pass, instead
   * of a Set filled with up to a thousand resources for every search.
   */
  private sighting = { marks: new Uint32Array(0), mark: 0 };

  private newSighting(): { marks: Uint32Array; mark: number } {
    if (this.sighting.marks.length < this.owners.length || this.sighting.mark === 0xffffffff) {
      this.sighting = { marks: new Uint32Array(this.owners.length), mark: 0 };
    }
    this.sighting.mark++;
    return this.sighting;
  }

  /**
   * The pages whose resource is one of `resources` (first page ids), or undefined while a page is
   * newer than what is known (as count()).
   */
  keep(pages: ScoredPages, resources: { has(id: number): boolean }): ScoredPages | undefined {
    const { ids, scores } = pages;
    if (!this.knowsAll(ids)) return undefined;
    const keptIds = new Float64Array(ids.length);
    const keptScores = new Float64Array(ids.length);
    let n = 0;
    for (let i = 0; i < ids.length; i++) {
      const owner = this.owners[ids[i]!]!;
      if (owner === 0) return this.missed(ids[i]!);
      if (!resources.has(owner)) continue;
      keptIds[n] = ids[i]!;
      keptScores[n++] = scores[i]!;
    }
    return { ids: keptIds.subarray(0, n), scores: keptScores.subarray(0, n) };
  }

  /** Whether every page of `ids` (ascending) is known; if not, a catch-up starts. */
  private knowsAll(ids: ArrayLike<number>): boolean {
    if (!ids.length || ids[ids.length - 1]! <= this.knownThrough) return true;
    this.catchUp();
    return false;
  }

  /**
   * A page below what is known but not known (undefined for the caller): on PostgreSQL two
   * processes writing at once can commit a page after one with a higher id was read. Everything
   * from it on is read again.
   */
  private missed(id: number): undefined {
    this.knownThrough = Math.min(this.knownThrough, id - 1);
    // A catch-up under way would set what is known past it again: it reads again once done.
    if (this.loading) this.rewind = Math.min(this.rewind ?? Infinity, id - 1);
    this.catchUp();
    return undefined;
  }

  /** Where to read again from once the catch-up under way is done (missed() during it). */
  private rewind: number | undefined;

  private seenVersion: number | undefined;

  /** Starts catching up, in the background, when the search index has changed since the last time. */
  ensure(indexVersion: number): void {
    if (indexVersion === this.seenVersion) return;
    this.seenVersion = indexVersion;
    this.catchUp();
  }

  /** Resolves once no catch-up runs (tests, the bench). */
  async idle(): Promise<void> {
    await this.loading;
  }

  private catchUp(): void {
    this.loading ??= this.load(this.knownThrough)
      .then(([ids, owners]) => {
        const last = ids.length ? ids[ids.length - 1]! : this.knownThrough;
        if (last >= this.owners.length) {
          const larger = new Float64Array(Math.max(last + 1, Math.ceil(this.owners.length * 1.5)));
          larger.set(this.owners);
          this.owners = larger;
        }
        for (let i = 0; i < ids.length; i++) this.owners[ids[i]!] = owners[i]!;
        this.knownThrough = Math.min(last, this.rewind ?? Infinity);
      })
      // A failed catch-up (database closing) is tried again on the next count.
      .catch(() => undefined)
      .finally(() => {
        this.loading = undefined;
        if (this.rewind === undefined) return;
        this.rewind = undefined;
        this.catchUp();
      });
  }
}

import type { PhrasePages } from './phrase-scores.js';

export interface PhraseListOptions<T> {
  /** Memory for remembered lists (a phrase's: 5-8 bytes per matching page; a prefix's: a bit per page id); 0 turns them off. */
  maxBytes: number;
  /**
   * How long the index must have stayed unchanged before a phrase is scored in full to be
   * remembered: while processing writes pages every few hundred milliseconds each list would be
   * outdated as soon as made (its bm25 follows the whole index), and the bounded search is cheaper.
   */
  settleMs: number;
  now?: () => number;
  /** How long the index has been at a version, shared by the lists read for it (default: their own). */
  clock?: IndexClock;
  /** Runs each read, shared by the kinds of list so that only one reads at a time (default: its own). */
  oneAtATime?: OneAtATime;
  /** Bytes a list takes (phrase-scores.ts bytesOf, prefix-pages.ts prefixBytes). */
  sizeOf: (pages: T) => number;
  /** Brings lists of older versions up to `version` (caughtUp()); without it, an outdated list is read again in full. */
  catchUp?: CatchUp<T>;
}

/**
 * Lists of older index versions brought up to `version` from the pages changed since (PostgreSQL's
 * change log, migration 019): the lists that changed (those left out did not), or undefined when
 * that cannot be done (the log no longer reaches back, too much changed, the index moved meanwhile).
 */
export type CatchUp<T> = (lists: Array<{ phrase: string; pages: T; version: number }>, version: number) => Promise<Map<string, T> | undefined>;

interface Remembered<T> {
  version: number;
  pages: T;
}

/**
 * When the index reached its version: every kind of list read for it (phrases, prefixes) waits
 * until the index has stayed there a while, counted from the first time any of them saw it.
 */
export class IndexClock {
  private current = { version: -1, since: 0 };

  constructor(private readonly now: () => number = Date.now) {}

  /** Notes `version` (a newer one starts the clock again); how long the index has been there, -1 for an older one. */
  settledFor(version: number): number {
    if (version > this.current.version) this.current = { version, since: this.now() };
    return version === this.current.version ? this.now() - this.current.since : -1;
  }

  /** The newest version any list has seen. */
  get newest(): number {
    return this.current.version;
  }
}

/** Runs tasks one after another, in the order given. */
export type OneAtATime = <R>(task: () => Promise<R>) => Promise<R>;

export function oneAtATime(): OneAtATime {
  let last: Promise<unknown> = Promise.resolve();
  return (task) => {
    // `last` never rejects (its failure is caught below), so the task runs once it settles.
    const run = last.then(task);
    last = run.catch(() => undefined);
    return run;
  };
}

/** Phrases waiting to be scored, at most; more are dropped (asked again, they queue again). */
const MAX_QUEUED = 1000;

/**
 * Each phrase's bm25 on every page it matches (or, in a second instance, each prefix's pages),
 * remembered per index version: a query never asked before is mostly made of words asked before
 * ("merge" and "sort" in many pairs), and combining
 * remembered phrases (phrase-scores.ts) costs a fraction of a millisecond where FTS5 ranks every
 * matching page again (decision 027). Outdated by any page written (a new index version) or
 * removed (forget()); where a score depends on its page alone (PostgreSQL's ts_rank, a prefix's
 * pages), outdated lists are brought up to date from the pages changed since (caughtUp()).
 *
 * A phrase not remembered is scored in the background, one phrase at a time (a common word takes
 * 30-80 ms of a reader thread on 200,000 pages), while the index is settled; the search that
 * asked goes on without, so no search waits for it and searches keep the other reader threads.
 */
export class PhraseLists<T = PhrasePages> {
  /** Least recently used first (a Map keeps insertion order; a use moves an entry to the end). */
  private readonly lists = new Map<string, Remembered<T>>();
  private bytes = 0;
  /** Phrases to score, each with the index version it was asked at. */
  private readonly queue = new Map<string, number>();
  /** Phrases whose list did not fit, by the version they were scored at: not scored again there. */
  private readonly refused = new Map<string, number>();
  private running: Promise<void> | undefined;
  /** Bumped by forget(): a load started before must not be remembered. */
  private generation = 0;
  private current = { version: -1 };
  /** The latest catch-up (caughtUp()), done or under way. */
  private catching: { version: number; done: Promise<void> } | undefined;
  private readonly clock: IndexClock;
  private readonly oneAtATime: OneAtATime;
  private readonly sizeOf: (pages: T) => number;

  constructor(
    /** A phrase's pages at index `version`; undefined when the index has moved on meanwhile. */
    private readonly load: (phrase: string, version: number) => Promise<T | undefined>,
    private readonly options: PhraseListOptions<T>,
  ) {
    this.clock = options.clock ?? new IndexClock(options.now);
    // Reads in the background take a reader thread each: one at a time leaves the others to searches.
    this.oneAtATime = options.oneAtATime ?? oneAtATime();
    this.sizeOf = options.sizeOf;
  }

  /**
   * Every phrase's pages at index `version`, or undefined when some phrase is not remembered
   * there (it is queued to be scored when the index is settled and memory is left, unless `queue`
   * is false).
   */
  get(phrases: string[], version: number, queue = true): T[] | undefined {
    if (this.options.maxBytes <= 0) return undefined;
    const settled = this.clock.settledFor(version);
    if (version > this.current.version) {
      this.current = { version };
      this.refused.clear();
    }
    const found = phrases.map((phrase) => this.remembered(phrase, version));
    if (found.every((pages) => pages !== undefined)) return found as T[];
    if (queue && version === this.current.version && settled >= this.options.settleMs) {
      phrases.forEach((phrase, i) => {
        if (!found[i] && this.refused.get(phrase) !== version && this.queue.size < MAX_QUEUED) this.queue.set(phrase, version);
      });
      this.running ??= this.drain().finally(() => (this.running = undefined));
    }
    return undefined;
  }

  /**
   * Brings every remembered list of an older version up to `version` (`catchUp`), once per version:
   * a promise to wait for (a search waits: a few changed pages cost milliseconds, where the index
   * ranks every match), or undefined when there is nothing to wait for.
   */
  caughtUp(version: number): Promise<void> | undefined {
    const catchUp = this.options.catchUp;
    if (!catchUp || this.options.maxBytes <= 0) return undefined;
    if (this.catching && version <= this.catching.version) return version === this.catching.version ? this.catching.done : undefined;
    const outdated: Array<{ phrase: string; pages: T; version: number }> = [];
    for (const [phrase, entry] of this.lists) if (entry.version < version) outdated.push({ phrase, pages: entry.pages, version: entry.version });
    if (!outdated.length) return undefined;
    const generation = this.generation;
    const done = catchUp(outdated, version)
      .then((changed) => {
        if (!changed || generation !== this.generation) return;
        for (const { phrase, pages } of outdated) {
          const entry = this.lists.get(phrase);
          // Replaced meanwhile (read again in full): that one stands.
          if (entry?.pages !== pages) continue;
          const next = changed.get(phrase) ?? pages;
          this.bytes += this.sizeOf(next) - this.sizeOf(pages);
          // Set on the key it has: its place in the least-recently-used order stays.
          this.lists.set(phrase, { version, pages: next });
        }
      })
      .catch(() => undefined);
    this.catching = { version, done };
    return done;
  }

  /** Resolves once no phrase is being scored or waiting to be (tests; the bench). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Drops every list: pages were removed (their resource deleted), which no version shows. */
  forget(): void {
    this.generation++;
    this.catching = undefined;
    this.lists.clear();
    this.queue.clear();
    this.refused.clear();
    this.bytes = 0;
  }

  private remembered(phrase: string, version: number): T | undefined {
    const entry = this.lists.get(phrase);
    if (entry?.version !== version) return undefined;
    this.lists.delete(phrase);
    this.lists.set(phrase, entry);
    return entry.pages;
  }

  /** Scores the queued phrases one after another, skipping those outdated or remembered meanwhile. */
  private async drain(): Promise<void> {
    for (let next = this.queue.entries().next(); !next.done; next = this.queue.entries().next()) {
      const [phrase, version] = next.value;
      this.queue.delete(phrase);
      if (version !== this.current.version || this.lists.get(phrase)?.version === version) continue;
      if (this.bytes >= this.options.maxBytes && !this.outdatedRemembered()) {
        this.queue.clear();
        return;
      }
      const generation = this.generation;
      try {
        // Outdated while it waited for its turn (another kind of list may have seen the newer
        // version first): not read. The clock has seen every version this list has.
        const current = () => version === this.clock.newest;
        const pages = await this.oneAtATime(() => (current() ? this.load(phrase, version) : Promise.resolve(undefined)));
        if (pages && generation === this.generation && !this.remember(phrase, version, pages)) this.refused.set(phrase, version);
      } catch {
        // The database went away or is closing: the phrase is queued again when asked again.
      }
    }
  }

  /**
   * Keeps a phrase's list if it fits, making room only from lists of older index versions: when
   * the phrases asked for outgrow the memory, evicting recent ones to load others would load a
   * list on nearly every search (each costlier than the search it serves); those searches go
   * without instead, and the lists asked for first stay.
   */
  private remember(phrase: string, version: number, pages: T): boolean {
    // Outdated already: no room is made for it (and nothing to refuse: this version is gone).
    if (version !== this.current.version) return true;
    const old = this.lists.get(phrase);
    if (old) this.drop(phrase, old);
    const size = this.sizeOf(pages);
    for (const [name, entry] of this.lists) {
      if (this.bytes + size <= this.options.maxBytes) break;
      if (entry.version < this.current.version) this.drop(name, entry);
    }
    if (this.bytes + size > this.options.maxBytes) return false;
    this.lists.set(phrase, { version, pages });
    this.bytes += size;
    return true;
  }

  /** Whether some list is of an older index version (room that a new list may take). */
  private outdatedRemembered(): boolean {
    for (const entry of this.lists.values()) if (entry.version < this.current.version) return true;
    return false;
  }

  private drop(phrase: string, entry: Remembered<T>): void {
    this.lists.delete(phrase);
    this.bytes -= this.sizeOf(entry.pages);
  }
}

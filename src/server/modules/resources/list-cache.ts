/**
 * A small in-memory memo of browse results (totals and the ids of a page), keyed by the exact
 * filter. Counting and ordering 100,000 rows costs a millisecond or more per request; the same
 * few filters are asked for again and again (every student of a class opens the same page).
 *
 * `invalidate()` (an upload or delete on this server, or on another one: db/change-bus.ts) drops
 * everything at once; entries also expire after `ttlMs`, the bound if a notification is lost. Rows themselves are always read fresh, so download counts are
 * current; only the order by downloads may lag by up to `ttlMs`.
 *
 * With `staleMs`, an entry past `ttlMs` (but not `ttlMs + staleMs`) is still answered while one
 * reload runs in the background: a memo that expires under load then costs no request the full
 * query (full-text search of a common word: tens of milliseconds, which 50 waiting clients would
 * all see in their latency).
 *
 * A `version` given to get() (the search index's, which every page write anywhere raises) marks
 * what an entry was computed from. On a new version the entry is reloaded and the caller waits
 * for that reload up to `versionWaitMs`: a quick query answers what is new at once, while a slow
 * one, during a burst of processing that changes the version every few hundred milliseconds,
 * answers the previous outcome instead of making every request a full query. Only the request
 * that starts the reload waits: those arriving while it runs answer the previous value at once,
 * or 50 clients asking a common word while a class's uploads are processed would all pay the
 * reload in their latency, again after every page written.
 *
 * With `maxReloads`, at most that many of those reloads (of an entry there is still a value to
 * answer) run at once; an entry asked for meanwhile answers its value and is reloaded when asked
 * again with room. Without a bound, the 200 words of a busy minute on PostgreSQL (ranking a common
 * word: 0.2-0.5 s of a connection) expired together and reloaded together, held every pooled
 * connection, and the searches answered from memory, which still read their resources, waited
 * 5 s for one and failed with 503.
 */
export class ListCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** Reloads under way, by key (at most one each). */
  private readonly reloading = new Map<string, Promise<V>>();
  /**
   * Loads of keys with nothing usable in memory, by key: the requests that ask meanwhile share
   * one (a class opening the same page at once was one count(*) each). Only within a generation:
   * a request after a write never gets a load that began before it.
   */
  private readonly loading = new Map<string, { generation: number; value: Promise<V> }>();

  constructor(
    private readonly options: { ttlMs: number; maxEntries: number; staleMs?: number; versionWaitMs?: number; maxReloads?: number },
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string, load: () => Promise<V>, version?: unknown): Promise<V> {
    const hit = this.entries.get(key);
    const now = this.now();
    const usable = hit && hit.expires + (this.options.staleMs ?? 0) > now;
    if (!hit || !usable) return this.loadShared(key, load, now, version);
    this.touch(key, hit);
    if (hit.version !== version) {
      if (this.reloading.has(key) || this.reloadsFull()) return hit.value;
      const reload = this.reload(key, load, now, version);
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<V>((resolve) => {
        timer = setTimeout(() => resolve(hit.value), this.options.versionWaitMs ?? 0);
      });
      return Promise.race([reload.catch(() => hit.value), waited]).finally(() => clearTimeout(timer));
    }
    if (hit.expires <= now && !this.reloadsFull()) void this.reload(key, load, now, version).catch(() => undefined);
    return hit.value;
  }

  private reloadsFull(): boolean {
    return this.reloading.size >= (this.options.maxReloads ?? Infinity);
  }

  /**
   * get()'s answer when it is at hand (fresh, and computed at `version`), without a promise;
   * undefined when get() would load, reload or wait.
   */
  peek(key: string, version?: unknown): V | undefined {
    const hit = this.entries.get(key);
    if (!hit || hit.expires <= this.now() || hit.version !== version) return undefined;
    this.touch(key, hit);
    return hit.value;
  }

  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }

  private reload(key: string, load: () => Promise<V>, now: number, version: unknown): Promise<V> {
    const running = this.reloading.get(key);
    if (running) return running;
    const reload = this.load(key, load, now, version).finally(() => this.reloading.delete(key));
    this.reloading.set(key, reload);
    return reload;
  }

  private loadShared(key: string, load: () => Promise<V>, now: number, version: unknown): Promise<V> {
    const running = this.loading.get(key);
    if (running && running.generation === this.generation) return running.value;
    const entry = { generation: this.generation, value: this.load(key, load, now, version) };
    this.loading.set(key, entry);
    const forget = () => {
      if (this.loading.get(key) === entry) this.loading.delete(key);
    };
    entry.value.then(forget, forget);
    return entry.value;
  }

  private async load(key: string, load: () => Promise<V>, now: number, version: unknown): Promise<V> {
    const generation = this.generation;
    const value = await load();
    // A write that landed while this was loading may not be in `value`: do not keep it.
    if (generation === this.generation) {
      this.entries.delete(key);
      this.entries.set(key, { value, expires: now + this.options.ttlMs, version });
      while (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    }
    return value;
  }

  /** Map order doubles as recency order: re-insert on every hit. */
  private touch(key: string, entry: Entry<V>): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  private generation = 0;
}

interface Entry<V> {
  value: V;
  expires: number;
  version: unknown;
}

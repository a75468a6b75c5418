/**
 * A small in-memory memo of browse results (totals and the ids of a page), keyed by the exact
 * filter. Counting and ordering 100,000 rows costs a millisecond or more per request; the same
 * few filters are asked for again and again (every student of a class opens the same page).
 *
 * `invalidate()` (an upload or delete on this server) drops everything at once; entries also
 * expire after `ttlMs`, which bounds how long another server of a scaled-out install shows a
 * list without a new upload. Rows themselves are always read fresh, so download counts are
 * current; only the order by downloads may lag by up to `ttlMs`.
 *
 * With `staleMs`, an entry past `ttlMs` (but not `ttlMs + staleMs`) is still answered while one
 * reload runs in the background: a memo that expires under load then costs no request the full
 * query (full-text search of a common word: tens of milliseconds, which 50 waiting clients would
 * all see in their latency).
 */
export class ListCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  /** Background reloads under way, by key (at most one each). */
  private readonly reloading = new Set<string>();

  constructor(
    private readonly options: { ttlMs: number; maxEntries: number; staleMs?: number },
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    const now = this.now();
    if (hit && hit.expires > now) {
      this.touch(key, hit);
      return hit.value;
    }
    if (hit && hit.expires + (this.options.staleMs ?? 0) > now) {
      this.touch(key, hit);
      if (!this.reloading.has(key)) {
        this.reloading.add(key);
        void this.load(key, load, now)
          .catch(() => undefined)
          .finally(() => this.reloading.delete(key));
      }
      return hit.value;
    }
    return this.load(key, load, now);
  }

  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }

  private async load(key: string, load: () => Promise<V>, now: number): Promise<V> {
    const generation = this.generation;
    const value = await load();
    // A write that landed while this was loading may not be in `value`: do not keep it.
    if (generation === this.generation) {
      this.entries.delete(key);
      this.entries.set(key, { value, expires: now + this.options.ttlMs });
      while (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    }
    return value;
  }

  /** Map order doubles as recency order: re-insert on every hit. */
  private touch(key: string, entry: { value: V; expires: number }): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  private generation = 0;
}

/**
 * Values read from the database, answered again while Db.writeVersion() has not moved since they
 * were read. Every commit moves it (this process or another: the CLI, a restore), so an entry
 * can never be answered after a write that might have changed it: nothing to invalidate by hand.
 *
 * The caller takes the version before it reads (a write in between makes the entry look older
 * than it is: one needless reload, never a stale answer). An undefined version (a caller without
 * one: tools, tests) remembers nothing. Least recently used entries leave first.
 */
export class WriteVersionMemo<V> {
  private readonly entries = new Map<string, { version: string; value: V; bytes: number }>();
  private totalBytes = 0;

  constructor(private readonly options: { maxEntries: number; maxBytes?: number; sizeOf?: (value: V) => number }) {}

  /** The value remembered for `key` at exactly this version, or undefined. */
  get(key: string, version: string | undefined): V | undefined {
    if (version === undefined) return undefined;
    const hit = this.entries.get(key);
    if (hit?.version !== version) return undefined;
    // Map order doubles as recency order.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  set(key: string, version: string | undefined, value: V): void {
    if (version === undefined) return;
    this.delete(key);
    const bytes = this.options.sizeOf?.(value) ?? 0;
    this.entries.set(key, { version, value, bytes });
    this.totalBytes += bytes;
    const maxBytes = this.options.maxBytes ?? Infinity;
    while (this.entries.size > this.options.maxEntries || this.totalBytes > maxBytes) this.delete(this.entries.keys().next().value!);
  }

  /** get(), or `load` (read after the version was taken) remembered under it. */
  async remember(key: string, version: string | undefined, load: () => Promise<V>): Promise<V> {
    const hit = this.get(key, version);
    if (hit !== undefined) return hit;
    const value = await load();
    this.set(key, version, value);
    return value;
  }

  /**
   * The values of several keys: those remembered at this version, the others from one `load` of
   * the missing keys (a key it leaves out gets `absent`), remembered under the version.
   */
  async rememberEach(
    keys: readonly string[],
    version: string | undefined,
    load: (missing: string[]) => Promise<Map<string, V>>,
    absent: V,
  ): Promise<Map<string, V>> {
    const found = new Map<string, V>();
    const missing: string[] = [];
    for (const key of new Set(keys)) {
      const hit = this.get(key, version);
      if (hit === undefined) missing.push(key);
      else found.set(key, hit);
    }
    if (!missing.length) return found;
    const loaded = await load(missing);
    for (const key of missing) {
      const value = loaded.get(key) ?? absent;
      this.set(key, version, value);
      found.set(key, value);
    }
    return found;
  }

  clear(): void {
    this.entries.clear();
    this.totalBytes = 0;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
  }
}

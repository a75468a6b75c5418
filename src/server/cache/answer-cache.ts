import { LRUCache } from 'lru-cache';

/**
 * Everything a cached answer is made of. `version` is the database's write version taken before
 * anything was read (Db.writeVersion: it moves on every commit, by any process or instance, so an
 * answer is never reused after a write); `viewer` is the only part of the user the answer may
 * depend on; `request` is the request normalised (the same question, the same text).
 */
export interface AnswerKey {
  version: string;
  viewer: string;
  request: string;
}

export interface AnswerCacheOptions<V> {
  maxBytes: number;
  /** Bytes an answer holds, roughly (what it would weigh as JSON). */
  sizeOf(value: V): number;
  /**
   * Longest an answer is kept. Only a database replaced under a running server (a restore into a
   * new cluster) could hand out a write version seen before; this bounds what that could serve.
   */
  ttlMs: number;
}

/**
 * The one answer cache (decision 035): least recently used answers leave first, within a byte
 * budget; concurrent requests for the same key share one load (lru-cache's fetch).
 */
export class AnswerCache<V extends object> {
  private readonly lru: LRUCache<string, V, () => Promise<V>>;

  constructor(options: AnswerCacheOptions<V>) {
    this.lru = new LRUCache<string, V, () => Promise<V>>({
      maxSize: options.maxBytes,
      sizeCalculation: (value) => Math.max(1, options.sizeOf(value)),
      ttl: options.ttlMs,
      fetchMethod: (_key, _stale, { context }) => context(),
    });
  }

  /** The answer under `key`, loaded once (however many ask at the same time); without a key, loaded every time. */
  async get(key: AnswerKey | undefined, load: () => Promise<V>): Promise<V> {
    if (!key) return load();
    // fetch() answers undefined only when its load gives undefined, which V excludes.
    return (await this.lru.fetch(JSON.stringify([key.version, key.viewer, key.request]), { context: load }))!;
  }

  get size(): number {
    return this.lru.size;
  }
}

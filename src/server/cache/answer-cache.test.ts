import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache.js';

const key = (version: string, viewer = 'plain', request = 'q=a') => ({ version, viewer, request });

describe('AnswerCache', () => {
  const make = (maxBytes = 1000) => new AnswerCache<{ n: number; bytes: number }>({ maxBytes, sizeOf: (v) => v.bytes, ttlMs: 60_000 });

  it('loads a key once, however many ask at the same time, and answers it again', async () => {
    const cache = make();
    let loads = 0;
    const load = async () => ({ n: ++loads, bytes: 10 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.get(key('v1'), load)));
    expect(answers.map((a) => a.n)).toEqual([1, 1, 1, 1, 1]);
    expect((await cache.get(key('v1'), load)).n).toBe(1);
  });

  it('keeps versions, viewers and requests apart', async () => {
    const cache = make();
    let loads = 0;
    const load = async () => ({ n: ++loads, bytes: 10 });
    await cache.get(key('v1'), load);
    expect((await cache.get(key('v2'), load)).n).toBe(2);
    expect((await cache.get(key('v2', 'with-uploader-names'), load)).n).toBe(3);
    expect((await cache.get(key('v2', 'plain', 'q=b'), load)).n).toBe(4);
    // No key (no version): read every time.
    expect((await cache.get(undefined, load)).n).toBe(5);
    expect((await cache.get(undefined, load)).n).toBe(6);
  });

  it('stays within its bytes, the least recently used leaving first', async () => {
    const cache = make(100);
    for (let i = 0; i < 10; i++) await cache.get(key(`v${i}`), async () => ({ n: i, bytes: 30 }));
    expect(cache.size).toBe(3);
    let loaded = false;
    await cache.get(key('v0'), async () => ((loaded = true), { n: 0, bytes: 30 }));
    expect(loaded).toBe(true);
  });

  it('remembers no failed load: the next request tries again', async () => {
    const cache = make();
    await expect(cache.get(key('v1'), async () => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
    expect((await cache.get(key('v1'), async () => ({ n: 7, bytes: 1 }))).n).toBe(7);
  });
});

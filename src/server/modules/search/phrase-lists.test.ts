import { describe, expect, it } from 'vitest';
import { IndexClock, oneAtATime, PhraseLists } from './phrase-lists.js';
import { bytesOf, compactPages, type PhrasePages } from './phrase-scores.js';

/** A phrase list of `n` pages with one score: 5 bytes a page and 8 of palette. */
const pagesOf = (n: number): PhrasePages => compactPages({ ids: Float64Array.from({ length: n }, (_, i) => i + 1), scores: new Float64Array(n).fill(-1) });

function setUp(options: { maxBytes?: number; settleMs?: number } = {}) {
  let now = 0;
  const loads: string[] = [];
  const lists = new PhraseLists(
    async (phrase) => {
      loads.push(phrase);
      return phrase.includes('moved') ? undefined : pagesOf(phrase.length * 100);
    },
    { maxBytes: options.maxBytes ?? 1 << 20, settleMs: options.settleMs ?? 0, now: () => now, sizeOf: bytesOf },
  );
  return { lists, loads, advance: (ms: number) => (now += ms) };
}

describe('PhraseLists', () => {
  it('scores a phrase once, in the background, and answers from it afterwards', async () => {
    const { lists, loads } = setUp();
    expect(lists.get(['"graph"', '"tree"'], 1)).toBeUndefined();
    await lists.idle();
    expect(loads).toEqual(['"graph"', '"tree"']);
    expect(lists.get(['"tree"', '"graph"'], 1)?.map((p) => p.ids.length)).toEqual([600, 700]);
    expect(loads.length).toBe(2);
  });

  it('a new index version outdates every list; a list is scored only once the index has settled', async () => {
    const { lists, loads, advance } = setUp({ settleMs: 1000 });
    lists.get(['"graph"'], 1);
    await lists.idle();
    expect(loads).toEqual([]);
    advance(1000);
    lists.get(['"graph"'], 1);
    await lists.idle();
    expect(lists.get(['"graph"'], 1)).toBeDefined();
    // A page written: version 2. Nothing is answered from version 1, nothing scored until settled.
    expect(lists.get(['"graph"'], 2)).toBeUndefined();
    await lists.idle();
    expect(loads).toEqual(['"graph"']);
    advance(999);
    expect(lists.get(['"graph"'], 2)).toBeUndefined();
    advance(1);
    lists.get(['"graph"'], 2);
    await lists.idle();
    expect(lists.get(['"graph"'], 2)).toBeDefined();
    expect(loads).toEqual(['"graph"', '"graph"']);
  });

  it('caughtUp(): outdated lists brought up to date at once, in one call per version; where that cannot be done, read once settled', async () => {
    let now = 0;
    const loads: string[] = [];
    const calls: string[] = [];
    let logReaches = true;
    const lists = new PhraseLists(async (phrase) => (loads.push(phrase), pagesOf(100)), {
      maxBytes: 1 << 20,
      settleMs: 1000,
      now: () => now,
      sizeOf: bytesOf,
      catchUp: async (outdated, version) => {
        calls.push(`${outdated.map((list) => `${list.phrase}@${list.version}`).join(' ')} -> ${version}`);
        // "graph" gained a page; "tree" did not change.
        return logReaches ? new Map([['"graph"', pagesOf(101)]]) : undefined;
      },
    });
    expect(lists.caughtUp(1)).toBeUndefined();
    lists.get(['"graph"', '"tree"'], 1);
    now += 1000;
    lists.get(['"graph"', '"tree"'], 1);
    await lists.idle();
    expect(lists.caughtUp(1)).toBeUndefined();
    // Version 2, not settled: both brought up to date by one call, which every search at 2 waits for.
    expect(lists.get(['"graph"', '"tree"'], 2)).toBeUndefined();
    const waiting = lists.caughtUp(2);
    expect(lists.caughtUp(2)).toBe(waiting);
    await waiting;
    expect(lists.get(['"graph"', '"tree"'], 2)?.map((pages) => pages.ids.length)).toEqual([101, 100]);
    expect(calls).toEqual(['"graph"@1 "tree"@1 -> 2']);
    expect(loads).toEqual(['"graph"', '"tree"']);
    // The log no longer reaches back: nothing to answer from until the index settles, then a read in full.
    logReaches = false;
    await lists.caughtUp(3);
    expect(lists.get(['"graph"', '"tree"'], 3)).toBeUndefined();
    await lists.idle();
    expect(loads).toEqual(['"graph"', '"tree"']);
    now += 1000;
    lists.get(['"graph"', '"tree"'], 3);
    await lists.idle();
    expect(lists.get(['"graph"', '"tree"'], 3)?.map((pages) => pages.ids.length)).toEqual([100, 100]);
    expect(loads).toEqual(['"graph"', '"tree"', '"graph"', '"tree"']);
    // forget() while a catch-up is under way: it is not applied.
    logReaches = true;
    const late = lists.caughtUp(4);
    lists.forget();
    await late;
    expect(lists.get(['"graph"'], 4, false)).toBeUndefined();
    expect(lists.caughtUp(4)).toBeUndefined();
  });

  it('when memory is full it keeps the lists it has (no load after load), making room only from outdated ones', async () => {
    // Room for about two lists of 600-700 pages (5 bytes a page and a palette).
    const { lists, loads } = setUp({ maxBytes: 7000 });
    lists.get(['"graph"', '"tree"'], 1);
    await lists.idle();
    lists.get(['"sorting"'], 1);
    await lists.idle();
    expect(loads).toEqual(['"graph"', '"tree"', '"sorting"']);
    // "sorting" did not fit: not scored again at this version, and the others are still there.
    lists.get(['"sorting"'], 1);
    await lists.idle();
    expect(loads.length).toBe(3);
    expect(lists.get(['"graph"', '"tree"'], 1)).toBeDefined();
    // At a new version the old lists make room.
    lists.get(['"sorting"'], 2);
    await lists.idle();
    expect(lists.get(['"sorting"'], 2)).toBeDefined();
  });

  it('forget() drops every list, and a load under way when it came is not kept', async () => {
    const { lists } = setUp();
    lists.get(['"graph"'], 1);
    lists.forget();
    await lists.idle();
    expect(lists.get(['"graph"'], 1)).toBeUndefined();
    await lists.idle();
    expect(lists.get(['"graph"'], 1)).toBeDefined();
    lists.forget();
    expect(lists.get(['"graph"'], 1)).toBeUndefined();
  });

  it('a phrase whose index moved while it was scored is not remembered (asked again, it is scored again)', async () => {
    const { lists, loads } = setUp();
    lists.get(['"moved"'], 1);
    await lists.idle();
    expect(lists.get(['"moved"'], 1)).toBeUndefined();
    await lists.idle();
    expect(loads).toEqual(['"moved"', '"moved"']);
  });

  it('lists off (no memory): never scores', async () => {
    const { lists, loads } = setUp({ maxBytes: 0 });
    expect(lists.get(['"graph"'], 1)).toBeUndefined();
    await lists.idle();
    expect(loads).toEqual([]);
  });

  it('two kinds of list sharing a clock and a turn: the index settles once for both, and one reads at a time', async () => {
    let now = 0;
    const clock = new IndexClock(() => now);
    const serial = oneAtATime();
    let reading = 0;
    let most = 0;
    const load = async (phrase: string) => {
      most = Math.max(most, ++reading);
      await new Promise((resolve) => setTimeout(resolve, 5));
      reading--;
      return pagesOf(phrase.length);
    };
    const options = { maxBytes: 1 << 20, settleMs: 1000, sizeOf: bytesOf, clock, oneAtATime: serial };
    const phrases = new PhraseLists(load, options);
    const prefixes = new PhraseLists(load, options);
    // The phrases see version 1 first; the prefixes, asked a second later, find it settled already.
    phrases.get(['"graph"'], 1);
    now += 1000;
    expect(prefixes.get(['"gr"*', '"tr"*'], 1)).toBeUndefined();
    expect(phrases.get(['"graph"', '"tree"'], 1)).toBeUndefined();
    await Promise.all([phrases.idle(), prefixes.idle()]);
    expect(prefixes.get(['"gr"*', '"tr"*'], 1)).toBeDefined();
    expect(phrases.get(['"graph"', '"tree"'], 1)).toBeDefined();
    expect(most).toBe(1);
  });

  it('a read that fails leaves the turn to the next; a read outdated by the other kind of list is not made', async () => {
    const serial = oneAtATime();
    await expect(serial(() => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
    expect(await serial(async () => 'next')).toBe('next');

    const clock = new IndexClock(() => 0);
    const loads: string[] = [];
    const load = async (phrase: string) => (loads.push(phrase), pagesOf(phrase.length));
    const options = { maxBytes: 1 << 20, settleMs: 0, sizeOf: bytesOf, clock, oneAtATime: serial };
    const phrases = new PhraseLists(load, options);
    const prefixes = new PhraseLists(load, options);
    // A phrase queued at version 1; the prefixes see version 2 before its turn comes.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const turnHeld = serial(() => gate);
    phrases.get(['"graph"'], 1);
    prefixes.get(['"gr"*'], 2);
    release();
    await turnHeld;
    await Promise.all([phrases.idle(), prefixes.idle()]);
    expect(loads).toEqual(['"gr"*']);
  });
});

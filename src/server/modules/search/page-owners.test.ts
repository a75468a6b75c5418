import { describe, expect, it } from 'vitest';
import { PageOwners } from './page-owners.js';

describe('PageOwners', () => {
  it('counts resources from memory once caught up, and reads again from a page committed after a higher one was read', async () => {
    // Pages 1-2 belong to resource 1, 3-4 to resource 3, 5 to resource 5; page 3 commits late.
    const committed = new Map([
      [1, 1],
      [2, 1],
      [4, 3],
      [5, 5],
    ]);
    const reads: number[] = [];
    const owners = new PageOwners(async (after) => {
      reads.push(after);
      const ids = [...committed.keys()].filter((id) => id > after).sort((a, b) => a - b);
      return [Float64Array.from(ids), Float64Array.from(ids, (id) => committed.get(id)!)];
    });
    expect(owners.count([1, 2, 4], 10)).toBeUndefined(); // not read yet: a catch-up starts
    await owners.idle();
    expect(owners.count([1, 2, 4, 5], 10)).toBe(3);
    expect(owners.count([1, 2, 4, 5], 1)).toBe(2); // one past the cap at most
    committed.set(3, 3);
    // Page 3 is below what was read: unknown, so no count, and everything from it is read again.
    expect(owners.count([2, 3], 10)).toBeUndefined();
    expect(owners.keep({ ids: Float64Array.from([3, 5]), scores: Float64Array.from([-1, -2]) }, new Set([3]))).toBeUndefined();
    await owners.idle();
    expect(reads).toEqual([0, 2]);
    expect(owners.count([2, 3], 10)).toBe(2);
    const kept = owners.keep({ ids: Float64Array.from([3, 4, 5]), scores: Float64Array.from([-1, -2, -3]) }, new Set([3]))!;
    expect([...kept.ids]).toEqual([3, 4]);
    expect([...kept.scores]).toEqual([-1, -2]);
  });

  it('picks the best page of each resource, best first, up to those wanted and every one tying with the last', async () => {
    // Resources 1 (pages 1-3), 4 (pages 4-5), 6 (page 6), 7 (page 7).
    const owners = new PageOwners(async () => [Float64Array.from([1, 2, 3, 4, 5, 6, 7]), Float64Array.from([1, 1, 1, 4, 4, 6, 7])]);
    owners.ensure(1);
    await owners.idle();
    const best: Array<[number, number]> = [
      [2, -9],
      [1, -8],
      [5, -7],
      [6, -7],
      [3, -6],
      [7, -5],
    ];
    expect(owners.bestOfEach(best, 0)).toEqual({ kept: [], enough: true });
    expect(owners.bestOfEach(best, 1)).toEqual({ kept: [[2, -9]], enough: true });
    // The second resource's best page ties with the third's: both are kept, for the database to order.
    expect(owners.bestOfEach(best, 2)).toEqual({ kept: [[2, -9], [5, -7], [6, -7]], enough: true });
    expect(owners.bestOfEach(best, 4)).toEqual({ kept: [[2, -9], [5, -7], [6, -7], [7, -5]], enough: true });
    // Fewer resources than wanted among these pages: the caller ranks more of them.
    expect(owners.bestOfEach(best.slice(0, 4), 4)).toEqual({ kept: [[2, -9], [5, -7], [6, -7]], enough: false });
    // A page not known yet: undefined, and a catch-up starts.
    expect(owners.bestOfEach([[8, -10]], 1)).toBeUndefined();
  });

  it('a page missed while a catch-up runs is read again once that catch-up is done', async () => {
    const committed = new Map([
      [1, 1],
      [3, 3],
    ]);
    const reads: number[] = [];
    let release: () => void = () => undefined;
    const owners = new PageOwners(async (after) => {
      reads.push(after);
      // The second read waits until the test lets it go.
      if (reads.length === 2) await new Promise<void>((resolve) => (release = resolve));
      const ids = [...committed.keys()].filter((id) => id > after).sort((a, b) => a - b);
      return [Float64Array.from(ids), Float64Array.from(ids, (id) => committed.get(id)!)];
    });
    owners.ensure(1);
    await owners.idle();
    committed.set(2, 1); // committed late, below page 3
    committed.set(4, 4);
    owners.ensure(2); // a catch-up from page 3 starts and waits
    expect(owners.count([1, 2], 10)).toBeUndefined(); // page 2 missed meanwhile
    release();
    await owners.idle();
    await owners.idle();
    expect(reads).toEqual([0, 3, 1]);
    expect(owners.count([1, 2, 3, 4], 10)).toBe(3);
  });
});

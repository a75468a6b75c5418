import { describe, expect, it } from 'vitest';
import { FacetMembers, PageIdSet } from './facet-members.js';

describe('PageIdSet', () => {
  it('holds exactly the ids given, across word boundaries', () => {
    const ids = [1, 31, 32, 33, 63, 64, 1000, 299_999];
    const set = new PageIdSet(Float64Array.from(ids));
    const asked = [...Array(1100).keys(), 299_998, 299_999, 300_000, 10_000_000];
    expect(asked.filter((id) => set.has(id))).toEqual(ids);
  });
});

describe('FacetMembers', () => {
  it('reads a combination once per index version, in the background; forget() drops it', async () => {
    const reads: string[] = [];
    const members = new FacetMembers(async (filter, version) => {
      reads.push(`${filter.branch}@${version}`);
      return version === 3 ? undefined : Float64Array.from([5, 9]);
    });
    expect(members.get({ branch: 'cse' }, 1)).toBeUndefined();
    await members.idle();
    expect(members.get({ branch: 'cse' }, 1)?.has(9)).toBe(true);
    expect(members.get({ branch: 'cse' }, 1)?.has(6)).toBe(false);
    expect(reads).toEqual(['cse@1']);
    // A new version: read again. One whose index moved while it was read is not kept.
    expect(members.get({ branch: 'cse' }, 3)).toBeUndefined();
    await members.idle();
    expect(members.get({ branch: 'cse' }, 3)).toBeUndefined();
    await members.idle();
    members.forget();
    expect(members.get({ branch: 'cse' }, 1)).toBeUndefined();
    await members.idle();
    expect(reads).toEqual(['cse@1', 'cse@3', 'cse@3', 'cse@1']);
  });
});

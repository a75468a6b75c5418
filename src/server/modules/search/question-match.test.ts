import { describe, expect, it } from 'vitest';
import { groupsNeeded, soughtStems } from './question-match.js';
import { parseQuery } from './search-query.js';

describe('soughtStems', () => {
  it('stems each group\'s words lightly and leaves out short and function words', () => {
    expect(soughtStems(parseQuery('what is the sorting of hashes '))).toEqual([[['sort']], [['hash']]]);
  });

  it('keeps a phrase as one alternative and a correction as another', () => {
    const groups = parseQuery('"binary trees" dijkstar ');
    groups[1]!.alternatives.push({ words: ['dijkstra'], prefix: false });
    expect(soughtStems(groups)).toEqual([[['binary', 'tree']], [['dijkstar'], ['dijkstra']]]);
  });

  it('asks for more than half of the groups', () => {
    expect([1, 2, 3, 4].map((n) => groupsNeeded(Array.from({ length: n }, () => [['x']])))).toEqual([1, 2, 2, 3]);
  });
});

import { describe, expect, it } from 'vitest';
import { defaultSort, sortAfterTyping, validSort } from './sort-choice';

describe('sort choice', () => {
  it('defaults to best match with words and to newest without', () => {
    expect(defaultSort('dijkstra')).toBe('relevance');
    expect(defaultSort('  ')).toBe('newest');
  });

  it('keeps a sort from the address only when it applies', () => {
    expect(validSort('downloads', 'os')).toBe('downloads');
    expect(validSort('relevance', '')).toBe('newest');
    expect(validSort('relevance', 'os')).toBe('relevance');
    expect(validSort('bogus', 'os')).toBe('relevance');
    expect(validSort('', '')).toBe('newest');
  });

  it('follows the box unless the reader chose an order', () => {
    expect(sortAfterTyping('newest', '', 'd')).toBe('relevance');
    expect(sortAfterTyping('relevance', 'd', '')).toBe('newest');
    expect(sortAfterTyping('downloads', '', 'd')).toBe('downloads');
    expect(sortAfterTyping('newest', 'dsa', 'dsa x')).toBe('newest');
  });
});

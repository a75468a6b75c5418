import { describe, expect, it } from 'vitest';
import { editDistanceOne, highlightTerms, parseQuery } from './search-query.js';
import { indexableText } from './search-terms.js';
import { tsQuery } from './postgres-search.repository.js';
import { ftsMatch } from './sqlite-search.repository.js';
import { snippetParts } from './snippet-parts.js';

const typed = (q: string) => parseQuery(q).map((g) => g.typed);

describe('parseQuery', () => {
  it('splits words and "quoted phrases"; only the last word of an open query is a prefix', () => {
    expect(typed('merge sort')).toEqual([
      { words: ['merge'], prefix: false },
      { words: ['sort'], prefix: true },
    ]);
    expect(typed('merge sort ')).toEqual([
      { words: ['merge'], prefix: false },
      { words: ['sort'], prefix: false },
    ]);
    expect(typed('"Merge Sort" algo')).toEqual([
      { words: ['merge', 'sort'], prefix: false },
      { words: ['algo'], prefix: true },
    ]);
    expect(typed('"merge sort')).toEqual([{ words: ['merge', 'sort'], prefix: false }]);
    expect(typed('object-oriented')).toEqual([{ words: ['object', 'oriented'], prefix: true }]);
    // A single letter is never a prefix.
    expect(typed('data s')).toEqual([
      { words: ['data'], prefix: false },
      { words: ['s'], prefix: false },
    ]);
  });

  it('keeps letters of any script and their accents; punctuation alone is no query', () => {
    expect(typed('Механика ')).toEqual([{ words: ['механика'], prefix: false }]);
    expect(typed('Θερμοδυναμική ')).toEqual([{ words: ['θερμοδυναμική'], prefix: false }]);
    expect(parseQuery('!!! ??? *** "" ()')).toEqual([]);
  });

  it('stops at 8 words and 100 characters', () => {
    expect(typed('a b c d e f g h i j k').flatMap((t) => t.words)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
    expect(typed(`${'x'.repeat(99)} tail`)).toEqual([{ words: ['x'.repeat(40)], prefix: false }]);
  });
});

describe('the dialects quote every word', () => {
  const groups = parseQuery('NEAR(a b) body:x "y" OR z* \' \\ AND');
  it('FTS5: each term is a quoted string; operators are only words', () => {
    // At most 8 words: the rest is dropped.
    expect(ftsMatch(groups)).toBe('"near a" AND "b" AND "body x" AND "y" AND "or" AND "z"');
    expect(ftsMatch(parseQuery('x AND'))).toBe('"x" AND "and"*');
  });
  it('to_tsquery: each word is a quoted lexeme', () => {
    expect(tsQuery(parseQuery("it's me:*"))).toBe("(('it' <-> 's')) & ('me':*)");
  });
});

describe('editDistanceOne', () => {
  it('has deletions, insertions, replacements and swaps', () => {
    const variants = editDistanceOne('algoritms');
    expect(variants).toEqual(expect.arrayContaining(['algorithms', 'algoritm', 'lagoritms', 'algoritns']));
    expect(variants).not.toContain('algoritms');
  });
});

describe('snippetParts', () => {
  it('splits at the markers, flags the matches and flattens white space', () => {
    expect(snippetParts('the \ue000merge\ue001\n\n \ue000sort\ue001 algorithm')).toEqual([
      { text: 'the ', match: false },
      { text: 'merge', match: true },
      { text: ' ', match: false },
      { text: 'sort', match: true },
      { text: ' algorithm', match: false },
    ]);
    expect(snippetParts('<b>not html</b>')).toEqual([{ text: '<b>not html</b>', match: false }]);
  });
});

describe('CJK text, written without spaces', () => {
  it('indexes each CJK character as a word and leaves other scripts alone', () => {
    expect(indexableText('数据结构与算法 data 構造\u0000')).toBe('数 据 结 构 与 算 法 data 構 造 ');
    expect(indexableText('東京大学の入学試験')).toBe('東 京 大 学 の 入 学 試 験');
    expect(indexableText('한국어 시험')).toBe('한 국 어 시 험');
  });

  it('reads a query run of CJK characters as the phrase of its characters', () => {
    expect(typed('结构')).toEqual([{ words: ['结', '构'], prefix: false }]);
    expect(typed('数据 "入学試験"')).toEqual([
      { words: ['数', '据'], prefix: false },
      { words: ['入', '学', '試', '験'], prefix: false },
    ]);
    expect(ftsMatch(parseQuery('结构'))).toBe('"结 构"');
    expect(tsQuery(parseQuery('结构'))).toBe("(('结' <-> '构'))");
  });

  it('highlights and shows the run as the page has it', () => {
    expect(highlightTerms(parseQuery('结构 merge sort'))).toEqual(['结构', 'merge', 'sort']);
    expect(snippetParts('数 据 \ue000结 构\ue001 与 算 法 and \ue000merge\ue001 sort')).toEqual([
      { text: '数据', match: false },
      { text: '结构', match: true },
      { text: '与算法 and ', match: false },
      { text: 'merge', match: true },
      { text: ' sort', match: false },
    ]);
  });
});

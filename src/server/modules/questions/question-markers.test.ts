import { describe, expect, it } from 'vitest';
import { isOr, isPageFurniture, opensInstructions, partMarker, questionMarker, sectionHeading, trailingMarks } from './question-markers.js';
import { findGutter } from './reading-order.js';
import { page } from './split-fixture.js';

describe('question markers', () => {
  it('reads question numbers, OCR look-alikes included, and not numbers that are text', () => {
    expect(questionMarker('Q.10) Define')).toEqual({ number: 10, prefixed: true, rest: 'Define' });
    expect(questionMarker('QI0. Define')).toMatchObject({ number: 10, prefixed: true });
    expect(questionMarker('Question No. 3 Define')).toMatchObject({ number: 3, rest: 'Define' });
    expect(questionMarker('Q1(a) Define')).toMatchObject({ number: 1, rest: '(a) Define' });
    expect(questionMarker('12) Define')).toMatchObject({ number: 12, prefixed: false });
    // A Hindi paper may number in Devanagari digits; the rest keeps the printed text.
    expect(questionMarker('२. रचना और विचार १२')).toEqual({ number: 2, prefixed: false, rest: 'रचना और विचार १२' });
    expect(questionMarker('Q.१२ परिभाषित')).toMatchObject({ number: 12, prefixed: true, rest: 'परिभाषित' });
    for (const text of ['1.5 marks each', 'Queue 1 is full', 'Qlik is a tool', '10 -> 20', 'Q1a) typo']) expect(questionMarker(text), text).toBeNull();
  });

  it('reads part markers in brackets, with OCR\'s stray brackets, and not bracketed text', () => {
    expect(partMarker('(b} Define')).toEqual({ value: 'b', rest: 'Define' });
    expect(partMarker('[iv] Define')).toEqual({ value: 'iv', rest: 'Define' });
    expect(partMarker('ii. Define')).toEqual({ value: 'ii', rest: 'Define' });
    expect(partMarker('(A) Define')).toMatchObject({ value: 'a' });
    for (const text of ['(C - D) / E', 'e.g. a stack', 'A. Turing wrote', 'a.out is a file']) expect(partMarker(text), text).toBeNull();
  });

  it('reads marks at the end of a line, and not metres or question numbers', () => {
    expect(trailingMarks('Define it. [9 Marks]')).toEqual({ marks: 9, rest: 'Define it.', weak: false });
    expect(trailingMarks('Define it. (3 + 2)')).toEqual({ marks: 5, rest: 'Define it.', weak: false });
    expect(trailingMarks('Define it. 7M')).toMatchObject({ marks: 7, weak: false });
    expect(trailingMarks('Find f(5)')).toEqual({ marks: 5, rest: 'Find f', weak: true });
    expect(trailingMarks('Prove it. [3+(2+5)=10]')).toMatchObject({ marks: 10, rest: 'Prove it.' });
    expect(trailingMarks('Compare them. [5+5 marks]')).toMatchObject({ marks: 10, rest: 'Compare them.' });
    expect(trailingMarks('[3 + 7 marks] ')).toEqual({ marks: 10, rest: '', weak: false });
    expect(trailingMarks('Argue. |3.5 points]')).toMatchObject({ marks: 3.5, rest: 'Argue.' });
    for (const text of ['a beam of length 5 m', 'see Q5M', 'a 10 mm bolt', 'see eq. (2.1)', 'a + b = (c)']) expect(trailingMarks(text), text).toBeNull();
  });

  it('tells headings, "OR", instructions and page furniture from text', () => {
    expect(sectionHeading('SECTION-A (Short answers)')).toBe('SECTION A');
    expect(sectionHeading('Unit IV: Graphs')).toBe('Unit IV');
    expect(sectionHeading('Section B and any two from Section C.')).toBeNull();
    expect(sectionHeading('Part of the tree')).toBeNull();
    expect(['OR', '(OR)', '— or —', '[Or]'].every(isOr)).toBe(true);
    expect(isOr('Or else')).toBe(false);
    expect(opensInstructions('Instructions to candidates:')).toBe(true);
    expect(opensInstructions('Note: Attempt any five questions.')).toBe(false);
    expect(sectionHeading('; Part B (5 x 3 = 15 Marks)')).toBe('Part B');
    expect(['- 2 -', 'Page 3', '3/4', 'P.T.O.', '*** End of Question Paper ***', 'Scanned with CamScanner', '* * * * *', '______'].every(isPageFurniture)).toBe(true);
    expect(isPageFurniture('2 marks')).toBe(false);
  });
});

describe('findGutter', () => {
  it('finds no second column in marks printed flush right of one column', () => {
    const rows = Array.from({ length: 8 }, (_, i) => ({ text: `Q${i + 1}. Define term number ${i + 1}.`, right: '[2 marks]' }));
    expect(findGutter(page(1, rows).lines)).toBeNull();
  });

  it('finds the gap between two columns of text', () => {
    const rows = Array.from({ length: 8 }, (_, i) => ({ text: `Left column line ${i} of text`, column2: `Right column line ${i} of text` }));
    const gutter = findGutter(page(1, rows).lines)!;
    expect(gutter).toBeGreaterThan(0.35);
    expect(gutter).toBeLessThan(0.54);
  });
});

import { describe, expect, it } from 'vitest';
import { normaliseNumber, normalisePart, overlap, pool, scorePaper, tokens } from './question-score.mjs';

const truth = [
  { number: '1', part: null, page: 1, text: 'Explain how RNNs enable handling long distance dependencies.' },
  { number: '2', part: 'a', page: 1, text: 'Define the Traveling Salesperson Problem formally.' },
  { number: '2', part: 'b', page: 2, text: 'Prove that TSP is NP-Complete.' },
];

describe('tokens and overlap', () => {
  it('compares lowercase runs of letters and digits, punctuation ignored', () => {
    expect([...tokens('Is LR(1) parsable?  [1.5 points]')]).toEqual(['is', 'lr', '1', 'parsable', '5', 'points']);
    expect(overlap('NP-Complete, Prove it.', 'prove np complete')).toBeCloseTo(3 / 4);
  });

  it('keeps Devanagari words whole and equal however the nukta was typed', () => {
    expect([...tokens('ग़ज़ल में रदीफ')]).toEqual(['ग़ज़ल', 'में', 'रदीफ'].map((word) => word.normalize('NFKC')));
    expect(overlap('\u095Aज़ल', 'ग\u093Cज\u093Cल')).toBe(1);
  });

  it('measures against the truth: extra predicted words cost nothing, missing ones do', () => {
    expect(overlap('a b c d e', 'a b c d e f g h i j')).toBe(1);
    expect(overlap('a b c d e', 'a b c d')).toBeCloseTo(0.8);
    expect(overlap('a b c d e', 'a b c')).toBeCloseTo(0.6);
  });
});

describe('numbers and parts', () => {
  it('reads the usual ways of printing them as one', () => {
    expect(['Q3', '3.', 'Question 3', '(3)', '3)', 'q.3'].map(normaliseNumber)).toEqual(['3', '3', '3', '3', '3', '3']);
    expect(normaliseNumber('Bonus')).toBe('bonus');
    expect(['(a)', 'a)', 'A', 'a'].map(normalisePart)).toEqual(['a', 'a', 'a', 'a']);
    expect(['(a)(ii)', 'a.ii', 'a (ii)'].map(normalisePart)).toEqual(['a.ii', 'a.ii', 'a.ii']);
    expect(normalisePart(null)).toBeNull();
    expect(normalisePart('')).toBeNull();
  });
});

describe('scorePaper', () => {
  it('counts a question right only with its number, part, page and 80% of its words', () => {
    const score = scorePaper(truth, [
      { number: 'Q1', part: null, page: 1, text: 'Explain how RNNs enable handling long distance dependencies. [5 marks]' },
      { number: '2', part: '(a)', page: 2, text: 'Define the Traveling Salesperson Problem formally.' },
      { number: '2', part: 'b', page: 2, text: 'Prove that' },
    ]);
    expect(score).toMatchObject({ truth: 3, predicted: 3, matched: 1 });
    expect(score.precision).toBeCloseTo(1 / 3);
    expect(score.recall).toBeCloseTo(1 / 3);
    expect(score.f1).toBeCloseTo(1 / 3);
    expect(score.misses.map((miss) => miss.reason)).toEqual(['Q2(a) p1: not predicted', 'Q2(b) p2: text overlap 0.33']);
    expect(score.extras.map((extra) => `${extra.number}${extra.part}${extra.page}`)).toEqual(['2(a)2', '2b2']);
  });

  it("counts a part's stem as its text", () => {
    const score = scorePaper([truth[1]], [{ number: '2', part: 'a', page: 1, stem: 'Define the Traveling', text: 'Salesperson Problem formally.' }]);
    expect(score.matched).toBe(1);
  });

  it('matches a truth question once: a duplicate prediction lowers precision only', () => {
    const copy = { number: '1', part: null, page: 1, text: truth[0].text };
    const score = scorePaper([truth[0]], [copy, { ...copy }]);
    expect(score).toMatchObject({ matched: 1, recall: 1, precision: 0.5 });
    expect(score.extras).toHaveLength(1);
  });

  it('tells two papers in one file apart by page when numbers repeat', () => {
    const twoPapers = [
      { number: '1', part: null, page: 1, text: 'union member' },
      { number: '1', part: null, page: 2, text: 'LL(1) parsing' },
    ];
    const score = scorePaper(twoPapers, [
      { number: '1', part: null, page: 2, text: 'In LL(1) parsing' },
      { number: '1', part: null, page: 1, text: 'a union member in C' },
    ]);
    expect(score.matched).toBe(2);
  });

  it('scores nothing predicted as zero precision and recall', () => {
    expect(scorePaper(truth, [])).toMatchObject({ precision: 0, recall: 0, f1: 0 });
  });
});

describe('pool', () => {
  it('weighs every question the same across papers', () => {
    const pooled = pool([
      { truth: 10, predicted: 10, matched: 10, precision: 1, recall: 1, f1: 1 },
      { truth: 2, predicted: 4, matched: 0, precision: 0, recall: 0, f1: 0 },
    ]);
    expect(pooled).toMatchObject({ truth: 12, predicted: 14, matched: 10 });
    expect(pooled.recall).toBeCloseTo(10 / 12);
    expect(pooled.precision).toBeCloseTo(10 / 14);
  });
});

import { describe, expect, it } from 'vitest';
import { closestPaper, paperSimilarity } from './near-duplicate.js';

const PAPER = `B.Tech Third Semester End Semester Examination December 2024 Data Structures.
Q1 Define a B-tree of order m and list the properties every node must satisfy. [10 marks]
Q2 Explain open addressing with linear probing and quadratic probing, and compare how each handles collisions.
Q3 Write Dijkstra's algorithm for single source shortest paths and trace it on a weighted graph of six vertices.
Q4 Convert the infix expression into postfix notation using a stack, showing the stack after each symbol.`;

const OTHER_YEAR = `B.Tech Third Semester End Semester Examination December 2023 Data Structures.
Q1 Build a max heap from the array and then sort it with heap sort. [8 marks]
Q2 Implement a circular queue in an array and show the front and rear after each operation.
Q3 Insert the keys into an empty AVL tree, naming each rotation you perform.
Q4 Find a minimum spanning tree of the given graph with Kruskal's algorithm, listing the edges in order.`;

/** What OCR makes of a scan: letters misread (l/1, o/0, rn/m), words run together, lines rewrapped. */
const OCR_NOISY = PAPER.replace(/l/g, '1').replace(/Examination/, 'Exarnination').replace(/probing/, 'prob ing').replace(/\n/g, ' ');

describe('paperSimilarity', () => {
  it('is 1 for the same text and symmetric', () => {
    expect(paperSimilarity(PAPER, PAPER)).toBe(1);
    expect(paperSimilarity(PAPER, OTHER_YEAR)).toBe(paperSimilarity(OTHER_YEAR, PAPER));
  });

  it('stays high for an OCR-noisy copy and a cropped copy (a question cut off)', () => {
    expect(paperSimilarity(PAPER, OCR_NOISY)).toBeGreaterThan(0.8);
    const cropped = PAPER.split('\n').slice(0, 4).join('\n');
    expect(paperSimilarity(PAPER, cropped)).toBeGreaterThan(0.75);
  });

  it('is low for another year of the same subject, whose header is the same', () => {
    expect(paperSimilarity(PAPER, OTHER_YEAR)).toBeLessThan(0.2);
  });

  it('says 0 for a text too short to tell (a cover page)', () => {
    expect(paperSimilarity('Data Structures', 'Data Structures')).toBe(0);
  });
});

describe('closestPaper', () => {
  it('names the most similar paper above the threshold, with a whole percent', () => {
    const library = [
      { id: 'a', title: 'DS PYQ Dec 2023', text: OTHER_YEAR },
      { id: 'b', title: 'DS PYQ Dec 2024 End-sem', text: OCR_NOISY },
    ];
    const match = closestPaper(PAPER, library);
    expect(match).toMatchObject({ id: 'b', title: 'DS PYQ Dec 2024 End-sem' });
    expect(match!.percent).toBeGreaterThanOrEqual(80);
    expect(match!.percent).toBeLessThanOrEqual(100);
    expect(closestPaper(PAPER, [library[0]!])).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { groupRepeats } from '../server/modules/questions/question-similarity.js';
import { demoLibrary } from './demo-library.js';

/** The question parts of the demo's CSE papers of one subject, ids like "2021:Q2" or "2024:Q1(g)". */
function questionsOf(subject: string) {
  return demoLibrary()
    .filter((r) => r.branch === 'cse' && r.subject === subject && r.resourceType === 'PYQ')
    .flatMap((r) => {
      const year = /\d{4}/.exec(r.document.exam!.name)![0];
      return r.document.pages.flat().flatMap((block) =>
        block.kind === 'question' ? block.parts.map((part) => ({ id: `${year}:Q${block.number}${part.label ?? ''}`, text: part.text, marks: part.marks })) : [],
      );
    });
}

/** Groups asked in at least `years` different papers, each as its sorted ids. */
function askedIn(subject: string, years: number): string[][] {
  return groupRepeats(questionsOf(subject))
    .filter((ids) => new Set(ids.map((id) => id.slice(0, 4))).size >= years)
    .map((ids) => ids.sort());
}

describe('demo past papers', () => {
  it('repeat Data Structures questions over four years, reworded and with other numbers', () => {
    const groups = askedIn('Data Structures', 4);
    // Infix to postfix, threaded trees, reversing a list, AVL and B-tree insertion: every year.
    expect(groups).toEqual([
      ['2021:Q3', '2022:Q1(b)', '2023:Q1(b)', '2024:Q1(b)'],
      ['2021:Q1(f)', '2022:Q1(c)', '2023:Q1(c)', '2024:Q1(i)'],
      ['2021:Q2', '2022:Q2', '2023:Q2', '2024:Q2'],
      ['2021:Q8(a)', '2022:Q8(a)', '2023:Q8(a)', '2024:Q8(a)'],
      ['2021:Q9(a)', '2022:Q10(a)', '2023:Q9(a)', '2024:Q10(a)'],
    ]);
    // The ADT of a stack (2024) and of a queue (2021) are other questions.
    const adt = groupRepeats(questionsOf('Data Structures')).find((ids) => ids.includes('2024:Q1(a)'));
    expect(adt).toEqual(['2024:Q1(a)']);
  });

  it('repeat DBMS questions over three years', () => {
    const groups = askedIn('DBMS', 3);
    expect(groups).toHaveLength(6);
    expect(groups).toContainEqual(['2022:Q1(a)', '2023:Q1(b)', '2024:Q1(d)']);
    // The ER diagram of a hospital is asked twice; the university one of 2022 is another question.
    expect(groupRepeats(questionsOf('DBMS')).find((ids) => ids.includes('2024:Q2'))?.sort()).toEqual(['2023:Q2', '2024:Q2']);
  });
});

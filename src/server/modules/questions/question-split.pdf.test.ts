import { describe, expect, it } from 'vitest';
import { splitPagesOf } from '../../../../tests/support/split-pages.js';
import { typesetColumn, typesetPdf } from '../../../../tests/support/typeset-pdf.js';
import { splitQuestions } from './question-split.js';

/**
 * Real input for layouts the demo generator does not draw: a two-column paper typeset with
 * pdfkit, whose columns share baselines (pdf.js then reports both halves as one line), with a
 * question running from page 1's right column onto page 2, read back as processing reads it.
 */

describe('splitQuestions on a typeset two-column paper', () => {
  it('reads each column in turn and follows a question onto the next page', async () => {
    const pdf = await typesetPdf((doc) => {
      doc.font('Helvetica-Bold').fontSize(12).text('B.Tech End Semester Examination: Theory of Computation', 60, 40, { lineBreak: false });
      doc.font('Helvetica').fontSize(10);
      doc.text('Time: 3 Hours', 60, 60, { lineBreak: false }).text('Max. Marks: 60', 460, 60, { lineBreak: false });
      typesetColumn(doc, 50, 100, ['Q1. Define a deterministic finite', 'automaton formally. (4)', 'Q2. (a) State the pumping lemma', 'for regular languages. [5 marks]', '(b) Show that a^n b^n is not', 'regular. [5 marks]']);
      typesetColumn(doc, 310, 100, ['Q3. Convert the NFA to a DFA', 'by the subset construction.', 'OR', 'Q4. Minimise the DFA by the', 'table-filling method and show', 'every step of the table, then']);
      doc.fontSize(8).text('Page 1 of 2', 500, 800, { lineBreak: false });
      doc.addPage();
      doc.fontSize(10);
      typesetColumn(doc, 50, 60, ['draw the minimal DFA. [10 marks]', 'Q5. Define a Turing machine. [6 marks]']);
      doc.fontSize(8).text('Page 2 of 2', 500, 800, { lineBreak: false });
    });
    const { questions, splittable } = splitQuestions(await splitPagesOf(pdf));
    expect(splittable).toBe(true);
    expect(questions.map((q) => ({ label: q.label, text: q.text, marks: q.marks, alternativeTo: q.alternativeTo, pages: q.regions.map((r) => r.page) }))).toEqual([
      { label: 'Q1', text: 'Define a deterministic finite automaton formally.', marks: 4, alternativeTo: null, pages: [1] },
      { label: 'Q2(a)', text: 'State the pumping lemma for regular languages.', marks: 5, alternativeTo: null, pages: [1] },
      { label: 'Q2(b)', text: 'Show that a^n b^n is not regular.', marks: 5, alternativeTo: null, pages: [1] },
      { label: 'Q3', text: 'Convert the NFA to a DFA by the subset construction.', marks: null, alternativeTo: null, pages: [1] },
      {
        label: 'Q4',
        text: 'Minimise the DFA by the table-filling method and show every step of the table, then draw the minimal DFA.',
        marks: 10,
        alternativeTo: 'Q3',
        pages: [1, 2],
      },
      { label: 'Q5', text: 'Define a Turing machine.', marks: 6, alternativeTo: null, pages: [2] },
    ]);
    // Each question's box stays in its column: Q1 in the left half, Q3 in the right.
    expect(questions[0]!.regions[0]!.box[2]).toBeLessThan(0.5);
    expect(questions[3]!.regions[0]!.box[0]).toBeGreaterThan(0.5);
    expect(questions[0]!.regions[0]!.box[1]).toBeCloseTo(100 / 842, 1);
  });
});

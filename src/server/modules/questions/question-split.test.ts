import { describe, expect, it } from 'vitest';
import { splitQuestions, type SplitQuestion } from './question-split.js';
import { page } from './split-fixture.js';

const labels = (questions: SplitQuestion[]) => questions.map((q) => q.label);
const brief = (q: SplitQuestion) => ({ label: q.label, text: q.text, marks: q.marks });

describe('splitQuestions', () => {
  it.each([
    ['Q1.', 'Q2.'],
    ['Q.1', 'Q.2'],
    ['Q 1:', 'Q 2:'],
    ['Que. 1', 'Que. 2'],
    ['Question 1', 'Question 2'],
    ['1.', '2.'],
    ['1)', '2)'],
  ])('reads questions numbered "%s", "%s"', (first, second) => {
    const result = splitQuestions([page(1, ['Operating Systems, End Semester 2023', `${first} Define a process.`, 'Give two examples.', `${second} What is paging?`])]);
    expect(result.splittable).toBe(true);
    expect(result.questions.map((q) => ({ number: q.number, part: q.part, label: q.label, text: q.text }))).toEqual([
      { number: '1', part: null, label: 'Q1', text: 'Define a process. Give two examples.' },
      { number: '2', part: null, label: 'Q2', text: 'What is paging?' },
    ]);
  });

  it('splits parts and sub-parts into leaves, each with the lead-in above it as its stem', () => {
    const { questions } = splitQuestions([
      page(1, [
        'Q1. Answer the following.',
        '(a) Explain scheduling:',
        '(i) FCFS with an example.',
        'ii. Round robin.',
        'b) Define a semaphore.',
        'Q2 (i) State Amdahl\'s law. (ii) is not a part here',
        '(ii) Derive it.',
      ]),
    ]);
    expect(questions.map((q) => ({ number: q.number, part: q.part, label: q.label, text: q.text, stem: q.stem }))).toEqual([
      { number: '1', part: 'a.i', label: 'Q1(a)(i)', text: 'FCFS with an example.', stem: 'Answer the following. Explain scheduling:' },
      { number: '1', part: 'a.ii', label: 'Q1(a)(ii)', text: 'Round robin.', stem: 'Answer the following. Explain scheduling:' },
      { number: '1', part: 'b', label: 'Q1(b)', text: 'Define a semaphore.', stem: 'Answer the following.' },
      { number: '2', part: 'i', label: 'Q2(i)', text: "State Amdahl's law. (ii) is not a part here", stem: null },
      { number: '2', part: 'ii', label: 'Q2(ii)', text: 'Derive it.', stem: null },
    ]);
  });

  it('keeps a "(i)" that a wrapped line starts with in the text, and "(i)" after "(h)" is a letter', () => {
    const { questions } = splitQuestions([
      page(1, [
        'Q1 Insert the keys into a table of size 7 using',
        '(i) linear probing, (ii) quadratic probing.',
        'Q2 (a) A',
        ...['b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].map((letter) => `(${letter}) ${letter.toUpperCase()}`),
      ]),
    ]);
    expect(questions[0]).toMatchObject({ label: 'Q1', text: 'Insert the keys into a table of size 7 using (i) linear probing, (ii) quadratic probing.' });
    expect(labels(questions).slice(-3)).toEqual(['Q2(h)', 'Q2(i)', 'Q2(j)']);
  });

  it('reads marks at the end of a line, flush right on their own, and leaves "f(5)" in the text', () => {
    const { questions } = splitQuestions([
      page(1, [
        'Q1. Define a B-tree. [9 marks]',
        { text: 'Q2. Explain hashing.', right: '(5)' },
        'Q3. State the pumping lemma. 5M',
        'Q4. Prove it. [4]',
        'Q5. Find f(5)',
        'for f(x) = x + 1. (3+2)',
        'Q6. Evaluate g(2)',
        'where g(x) = 2x.',
        { text: 'Q7. Explain paging with a', right: '[6 Marks}' },
        'diagram.',
      ]),
    ]);
    expect(questions.map(brief)).toEqual([
      { label: 'Q1', text: 'Define a B-tree.', marks: 9 },
      { label: 'Q2', text: 'Explain hashing.', marks: 5 },
      { label: 'Q3', text: 'State the pumping lemma.', marks: 5 },
      { label: 'Q4', text: 'Prove it.', marks: 4 },
      { label: 'Q5', text: 'Find f(5) for f(x) = x + 1.', marks: 5 },
      { label: 'Q6', text: 'Evaluate g(2) where g(x) = 2x.', marks: null },
      { label: 'Q7', text: 'Explain paging with a diagram.', marks: 6 },
    ]);
  });

  it('reads section headings, numbering that starts again in a section, and nothing before the first question', () => {
    const { questions } = splitQuestions([
      page(1, [
        'Time: 3 Hours Maximum Marks: 70',
        'Instructions to candidates:',
        '1. Attempt all questions.',
        '2. Figures to the right indicate full marks.',
        'SECTION A',
        'Attempt all questions.',
        '1. Define entropy.',
        '2. Define enthalpy.',
        'Unit II',
        '1. State the first law.',
        'PART - B (Long answers)',
        '2. State the second law.',
      ]),
    ]);
    expect(questions.map((q) => [q.label, q.section, q.text])).toEqual([
      ['Q1', 'SECTION A', 'Define entropy.'],
      ['Q2', 'SECTION A', 'Define enthalpy.'],
      ['Q1', 'Unit II', 'State the first law.'],
      ['Q2', 'PART B', 'State the second law.'],
    ]);
  });

  it('skips a numbered instructions list under its heading when questions are numbered the same way', () => {
    const { questions } = splitQuestions([
      page(1, ['General Instructions', '1. Use a pen.', '2. No calculators.', '1. What is a compiler?', '2. What is a linker?', '3. What is a loader?']),
    ]);
    expect(questions.map((q) => q.text)).toEqual(['What is a compiler?', 'What is a linker?', 'What is a loader?']);
  });

  it('keeps a numbered list inside a question numbered "Q1" as its text, marks and all (decision 057)', () => {
    const { questions } = splitQuestions([
      page(1, [
        'Q1. Consider the following statements about TCP:',
        '1. It is connection oriented.',
        '2. It guarantees delivery.',
        'Which of the statements above are correct? [2 marks]',
        'Q2. Explain paging with an example. [10 marks]',
        'Note:',
        '1. Calculators are not allowed.',
        '2. Assume a page size of 4 KB.',
      ]),
    ]);
    expect(questions.map((q) => [q.label, q.marks])).toEqual([
      ['Q1', 2],
      ['Q2', 10],
    ]);
    expect(questions[0]!.text).toBe('Consider the following statements about TCP: 1. It is connection oriented. 2. It guarantees delivery. Which of the statements above are correct?');
  });

  it('links "OR" alternatives: between questions, between parts, and repeated with the same number', () => {
    const { questions } = splitQuestions([
      page(1, [
        'Q1. Explain deadlock.',
        'OR',
        'Q2. Explain starvation.',
        'Q3 (a) Define a thread.',
        '(OR)',
        '(b) Define a process.',
        'Q4 (a) Explain RAID 5.',
        '(b) Explain RAID 6.',
        '--- OR ---',
        'Q4 (a) Explain RAID 1.',
        '(b) Explain RAID 0.',
        '(c) Compare them.',
        'Q5. Either this',
        'OR',
        'that, in one question.',
      ]),
    ]);
    expect(questions.map((q) => [q.label, q.alternativeTo])).toEqual([
      ['Q1', null],
      ['Q2', 'Q1'],
      ['Q3(a)', null],
      ['Q3(b)', 'Q3(a)'],
      ['Q4(a)', null],
      ['Q4(b)', null],
      ['Q4(a) OR', 'Q4(a)'],
      ['Q4(b) OR', 'Q4(b)'],
      ['Q4(c) OR', 'Q4'],
      ['Q5', null],
    ]);
    expect(questions.at(-1)!.text).toBe('Either this OR that, in one question.');
  });

  it('reads a two-column page left column first, between full-width lines, with a region in each column', () => {
    const result = splitQuestions([
      page(1, [
        'NORTHBRIDGE INSTITUTE OF TECHNOLOGY, END SEMESTER EXAMINATION',
        { text: 'Q1. Define a compiler and name', column2: 'Q3. Explain the phases of a' },
        { text: 'its phases.', column2: 'compiler with a neat diagram.' },
        { text: 'Q2. What is a lexeme? Give an', column2: 'Q4. Construct the LR(0) items' },
        { text: 'example of a token pattern.', column2: 'for the given grammar.' },
        { text: 'Write a regular expression too.', column2: 'Show the goto graph.' },
      ]),
    ]);
    expect(result.questions.map((q) => q.text)).toEqual([
      'Define a compiler and name its phases.',
      'What is a lexeme? Give an example of a token pattern. Write a regular expression too.',
      'Explain the phases of a compiler with a neat diagram.',
      'Construct the LR(0) items for the given grammar. Show the goto graph.',
    ]);
    const [q1, , q3] = result.questions;
    expect(q1!.regions).toEqual([{ page: 1, box: [0.1, 0.18, expect.any(Number), 0.225] }]);
    expect(q1!.regions[0]!.box[2]).toBeLessThan(0.5);
    expect(q3!.regions[0]!.box[0]).toBe(0.54);
  });

  it('follows a question over a page break, leaving running headers, footers and page numbers out', () => {
    const header = { text: 'Compiler Design (BCS-602) End Semester 2024', y: 0.03 };
    const result = splitQuestions([
      page(1, [header, 'Q1. Define a DFA.', 'Q2. Convert the NFA below to a DFA and', 'minimise it.', { text: '- 1 -', y: 0.9 }, { text: 'Page 1 of 2', y: 0.95 }]),
      page(2, [header, { text: 'Show every step.', y: 0.15 }, 'Q3. Define an LL(1) grammar.', { text: 'Page 2 of 2', y: 0.95 }, { text: 'P.T.O.', y: 0.97 }]),
    ]);
    const q2 = result.questions[1]!;
    expect(q2.text).toBe('Convert the NFA below to a DFA and minimise it. Show every step.');
    expect(q2.page).toBe(1);
    expect(q2.regions.map((r) => r.page)).toEqual([1, 2]);
    expect(q2.regions[1]!.box[1]).toBe(0.15);
    expect(result.questions[2]).toMatchObject({ label: 'Q3', page: 2, text: 'Define an LL(1) grammar.' });
  });

  it('leaves out a header a scan repeats lower on its pages, and "End of paper"', () => {
    const result = splitQuestions([
      page(1, [{ text: 'Compilers, Monsoon-2020', y: 0.12 }, 'Q1. Define SSA form.', 'Q2. Define a live range.']),
      page(2, [{ text: 'Compilers, Monsoon-2020', y: 0.13 }, 'Q3. Define spilling.', '*** End of Question Paper ***']),
    ]);
    expect(result.questions.map((q) => q.text)).toEqual(['Define SSA form.', 'Define a live range.', 'Define spilling.']);
  });

  it('reads through OCR\'s usual slips: "Ql." for "Q1.", "(b}" for "(b)", a lost number', () => {
    const { questions } = splitQuestions([page(1, ['Ql. Define a graph.', '(a) Directed.', '(b} Undirected.', 'Q.2 Define a tree.', 'Q4 Define a heap.'])]);
    expect(labels(questions)).toEqual(['Q1(a)', 'Q1(b)', 'Q2', 'Q4']);
  });

  it('takes a line opening with a speck or an undotted number at the numbers\' edge as a question OCR lost the number of', () => {
    const { questions } = splitQuestions([
      page(1, [
        '1. Define a DFA.',
        { text: 'Give an example.', x: 0.13 },
        '. Define an NFA.',
        '3 What is a regular expression?',
        { text: '- Explain its closure under union', x: 0.13 },
        '7 Students are asked to answer all.',
      ]),
    ]);
    expect(questions.map((q) => [q.label, q.text])).toEqual([
      ['Q1', 'Define a DFA. Give an example.'],
      ['Q2', 'Define an NFA.'],
      ['Q3', 'What is a regular expression? - Explain its closure under union 7 Students are asked to answer all.'],
    ]);
  });

  it('gives a line taken for a lost number back to the question before when the number is printed after all', () => {
    const { questions } = splitQuestions([page(1, ['1. What are the phases of', 'disaster management?', '. Aare gp', '2. Name two mitigation activities.'])]);
    expect(questions.map((q) => [q.label, q.text])).toEqual([
      ['Q1', 'What are the phases of disaster management? Aare gp'],
      ['Q2', 'Name two mitigation activities.'],
    ]);
  });

  it('reads parts printed side by side on one line, and not a part named inside a sentence', () => {
    const { questions } = splitQuestions([
      page(1, ['Q1. (a) Define a stack. [2] (b) Define a queue', 'with an array. [2] (c) Use the result of (a) and (d) to prove it.', 'Q2. Define a heap.']),
    ]);
    expect(questions.map(brief)).toEqual([
      { label: 'Q1(a)', text: 'Define a stack.', marks: 2 },
      { label: 'Q1(b)', text: 'Define a queue with an array.', marks: 2 },
      { label: 'Q1(c)', text: 'Use the result of (a) and (d) to prove it.', marks: null },
      { label: 'Q2', text: 'Define a heap.', marks: null },
    ]);
    expect(questions[0]!.regions[0]!.box[1]).toBe(questions[1]!.regions[0]!.box[1]);
    // (c) starts on the line where (b) ends.
    expect(questions[2]!.regions[0]!.box[1]).toBeCloseTo(questions[1]!.regions[0]!.box[3] - 0.015, 6);
  });

  it('does not split a paper without question numbering', () => {
    const result = splitQuestions([page(1, ['Unit 3: Trees', 'A tree is a connected acyclic graph.', 'Every tree with n nodes has n - 1 edges.'])]);
    expect(result).toEqual({ questions: [], splittable: false, reason: expect.stringContaining('No question numbering') });
    expect(splitQuestions([page(1, ['Q1. The only question.'])])).toMatchObject({ splittable: false, questions: [] });
    expect(splitQuestions([])).toMatchObject({ splittable: false });
  });
});

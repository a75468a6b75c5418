import { describe, expect, it } from 'vitest';
import { capitalPart, garbledPart, listedPart, lostNumber, questionMarker, partMarker, zeroForQ } from './question-markers.js';
import { splitQuestions, type SplitQuestion } from './question-split.js';
import { page } from './split-fixture.js';

// Lines as Tesseract read two phone scans of the corpus (EVS_mid1_2018, MCT_mid_2025_M): issue 35.
const leaves = (questions: SplitQuestion[]) => questions.map((q) => [q.label, q.text]);

describe('splitQuestions on OCR slips of phone scans', () => {
  it('reads a choice list printed across lines, "¢." for "c." and "4," for "4."', () => {
    const { questions } = splitQuestions([
      page(1, [
        { text: '1. Answer any four of the following (each 6 points = 6x0.5) 4x3=12', x: 0.15 },
        { text: 'a. Eutrophication b. Mobile radiation impact on children c. Blast fishing', x: 0.18 },
        { text: 'd. Environmental Index e. Aral Sea f. Dinosaur extinction', x: 0.18 },
        { text: '2. Answer any one of the following with suitable example (6 points) 1x3=3', x: 0.15 },
        { text: 'a. In a "commons" open to all, unregulated use will deplete limited resources.', x: 0.18 },
        { text: '¢. Negative feedback of ecological degradation.', x: 0.18 },
        { text: '3, Answer any one of the following (8 points) 1x8=8', x: 0.15 },
        { text: '4. Explain any one Environmental Movement', x: 0.15 },
      ]),
    ]);
    expect(leaves(questions)).toEqual([
      ['Q1(a)', 'Eutrophication'],
      ['Q1(b)', 'Mobile radiation impact on children'],
      ['Q1(c)', 'Blast fishing'],
      ['Q1(d)', 'Environmental Index'],
      ['Q1(e)', 'Aral Sea'],
      ['Q1(f)', 'Dinosaur extinction'],
      // No "b." before it: "¢." is not the next part, and stays text.
      ['Q2(a)', 'In a "commons" open to all, unregulated use will deplete limited resources. ¢. Negative feedback of ecological degradation.'],
      ['Q3', 'Answer any one of the following (8 points) 1x8=8'],
      ['Q4', 'Explain any one Environmental Movement'],
    ]);
  });

  it('reads garbled part markers where the sequence expects them, and a first question whose number is a speck', () => {
    const { questions } = splitQuestions([
      page(1, [
        'Instructions: Answer ANY FOUR questions from the following FIVE questions.',
        { text: '_X (&) Consider the following problem:', x: 0.059 },
        { text: '(bY Write the differences between finite automata and Turing machines.', x: 0.095 },
        { text: 'te) Define the configuration of a Turing machine (TM).', x: 0.092 },
        { text: '2. «@).By “loop”, we mean that a Turing machine simply does not halt.', x: 0.055 },
        { text: 'B®) Define the Traveling Salesperson Problem (TSP) formally.', x: 0.093 },
        { text: '3. fa) Let the language be A = {0^k 1^k}.', x: 0.074 },
        { text: '(b) Suppose you have a collection of integers.', x: 0.102 },
        { text: 'te) Define it again.', x: 0.3 },
      ]),
    ]);
    expect(questions.map((q) => q.label)).toEqual(['Q1(a)', 'Q1(b)', 'Q1(c)', 'Q2(a)', 'Q2(b)', 'Q3(a)', 'Q3(b)']);
    expect(questions[0]!.text).toBe('Consider the following problem:');
    expect(questions[3]!.text).toBe('By “loop”, we mean that a Turing machine simply does not halt.');
    // Far in from the column's edge, a garbled marker is text.
    expect(questions[6]!.text).toBe('Suppose you have a collection of integers. te) Define it again.');
  });

  it('takes a question\'s text before a "(b)" as its "(a)" when OCR lost that marker', () => {
    const { questions } = splitQuestions([
      page(1, [
        { text: '3. (a) Design a Turing machine that decides it in linear time.', x: 0.074 },
        { text: '(b) Show that SUBSET-SUM is in NP. [5+5=10]', x: 0.102 },
        { text: '4. [713 A linear bounded automaton (LBA) is exactly like a 1-tape Turing Machine.', x: 0.074 },
        { text: 'Give the formal definition of deterministic linearly bounded automaton.', x: 0.102 },
      ]),
      page(2, [
        { text: 'Figure 1: A linear bounded automaton (LBA)', x: 0.3 },
        { text: '(b) Let MODEXP := {(a,b,c,p)}. Show that MODEXP is in P.', x: 0.102 },
        { text: '5. Compare paging with segmentation as in', x: 0.074 },
        { text: '(ii) of the notes.', x: 0.102 },
      ]),
    ]);
    expect(questions.map((q) => `${q.label} p${q.page}`)).toEqual(['Q3(a) p1', 'Q3(b) p1', 'Q4(a) p1', 'Q4(b) p2', 'Q5 p2']);
    expect(questions[2]!.text).toBe(
      '[713 A linear bounded automaton (LBA) is exactly like a 1-tape Turing Machine. Give the formal definition of deterministic linearly bounded automaton. Figure 1: A linear bounded automaton (LBA)',
    );
    expect(questions[3]!.text).toBe('Let MODEXP := {(a,b,c,p)}. Show that MODEXP is in P.');
    // After a line that runs on, "(ii)" is text.
    expect(questions[4]!.text).toBe('Compare paging with segmentation as in (ii) of the notes.');
  });

  it('reads a Hindi paper\'s "1." that the Hindi model read as "A.", where the next number printed is 2', () => {
    // Lines as Tesseract (hin+eng) read RHL_mid_2025_M.
    const { questions } = splitQuestions([
      page(1, [
        { text: 'Readings from Hindi Literature', x: 0.337 },
        { text: 'Time: %; Hr. Max. marks: 25', x: 0.056 },
        { text: 'A. निम्न पंक्तियाँ किन कवियों की रचनाओं में से ली गई हैं?', x: 0.044 },
        { text: 'की रचनाओं के साथ कविता का तुलनात्मक विवेचन भी कीजिए।', x: 0.092 },
        { text: '2. महादेवी वर्मा ने लिखा था', x: 0.031 },
        { text: 'टिप्पणी कीजिए। 6', x: 0.078 },
      ]),
    ]);
    expect(leaves(questions)).toEqual([
      ['Q1', 'निम्न पंक्तियाँ किन कवियों की रचनाओं में से ली गई हैं? की रचनाओं के साथ कविता का तुलनात्मक विवेचन भी कीजिए।'],
      ['Q2', 'महादेवी वर्मा ने लिखा था टिप्पणी कीजिए। 6'],
    ]);
    // Numbered from 1 after all, the paper's "A." line is text before its first question.
    const fromOne = splitQuestions([page(1, [{ text: 'A. निम्न पंक्तियाँ', x: 0.04 }, { text: '1. महादेवी वर्मा', x: 0.04 }, { text: '2. पढ़ी गई', x: 0.04 }])]);
    expect(fromOne.questions.map((q) => q.label)).toEqual(['Q1', 'Q2']);
    expect(fromOne.questions[0]!.text).toBe('महादेवी वर्मा');
  });

  it('reads "04" for "Q4" in a paper numbered with "Q", and not in one numbered bare', () => {
    const { questions } = splitQuestions([
      page(1, [
        { text: '09 March 2024', x: 0.1 },
        { text: 'Q1. State the convolution theorem.', x: 0.1 },
        { text: 'Q2. Explain aliasing with an example.', x: 0.1 },
        { text: '03 HOURS are allowed for this part.', x: 0.1 },
        { text: 'Q3" Derive the transform of a shifted signal.', x: 0.1 },
        { text: '04 Give the expression for a low-pass filter.', x: 0.1 },
        { text: '05. Describe the effect of rotation on the spectrum.', x: 0.1 },
      ]),
    ]);
    expect(questions.map((q) => q.label)).toEqual(['Q1', 'Q2', 'Q3', 'Q4', 'Q5']);
    expect(questions[3]!.text).toBe('Give the expression for a low-pass filter.');
    expect(questions[1]!.text).toBe('Explain aliasing with an example. 03 HOURS are allowed for this part.');
    const bare = splitQuestions([page(1, ['1. Define a heap.', '2. Define a trie.', '03 HOURS ARE ALLOWED.', '04 Give a graph.', '3. Define a graph.'])]);
    expect(leaves(bare.questions)).toEqual([
      ['Q1', 'Define a heap.'],
      ['Q2', 'Define a trie. 03 HOURS ARE ALLOWED. 04 Give a graph.'],
      ['Q3', 'Define a graph.'],
    ]);
  });

  it('lets a bare number skip one OCR lost when the next number on the page follows on, and reads capital parts in sequence', () => {
    const { questions } = splitQuestions([
      page(1, [
        '1. A. List the costs of a k-way merge sort.',
        'B. Compare heap sort and merge sort.',
        '2. Show that every tree with n nodes has n - 1 edges.',
        'Convert an infix expression to prefix and give its cost.',
        '4. Derive the least number of nodes in an AVL tree of height h.',
        '» In a search tree with distinct keys, let x be a leaf.',
        '6. Implement three stacks in one array.',
        'C. This line is text, not a part.',
      ]),
    ]);
    expect(leaves(questions)).toEqual([
      ['Q1(a)', 'List the costs of a k-way merge sort.'],
      ['Q1(b)', 'Compare heap sort and merge sort.'],
      ['Q2', 'Show that every tree with n nodes has n - 1 edges. Convert an infix expression to prefix and give its cost.'],
      ['Q4', 'Derive the least number of nodes in an AVL tree of height h.'],
      ['Q5', 'In a search tree with distinct keys, let x be a leaf.'],
      ['Q6', 'Implement three stacks in one array. C. This line is text, not a part.'],
    ]);
    // A list inside a question: "4." after "2." with no "5." to follow stays text.
    const list = splitQuestions([page(1, ['1. Define a stack.', '2. Name the steps:', '4. Parsing.', '3. Explain paging.'])]);
    expect(list.questions.map((q) => q.label)).toEqual(['Q1', 'Q2', 'Q3']);
  });

  it('splits a paper whose numbers OCR lost by the marks each question ends in', () => {
    const { questions, splittable } = splitQuestions([
      page(1, [
        'Computer Networks',
        'Max Marks: 20 Duration: 90 Min',
        'Write short notes on the following:',
        '® Traceroute. How does it find the routers on a path? (4 marks)',
        '|B] Fragmentation in IPv4 and how a router',
        'reassembles nothing (4 marks)',
        '= Modulation : (4 marks)',
        'SR = Tr',
      ]),
    ]);
    expect(splittable).toBe(true);
    expect(questions.map((q) => [q.label, q.text, q.marks])).toEqual([
      ['Q1', 'Write short notes on the following: ® Traceroute. How does it find the routers on a path?', 4],
      ['Q2', '|B] Fragmentation in IPv4 and how a router reassembles nothing', 4],
      ['Q3', '= Modulation :', 4],
    ]);
    // A question's own lead-in stays with it.
    const grammar = splitQuestions([page(1, ['Max Marks: 20', 'Consider the following grammar:', 'S -> a S b | c', 'Find its FIRST sets. (4 marks)', 'Explain LR parsing. (6 marks)'])]);
    expect(grammar.questions[0]!.text).toBe('Consider the following grammar: S -> a S b | c Find its FIRST sets.');
    // One marked line, or marks that may be text ("f(5)"), split nothing.
    for (const rows of [['Define a heap. (4 marks)', 'Define a trie.'], ['Evaluate f(5)', 'Evaluate g(6)']]) {
      expect(splitQuestions([page(1, rows)]).splittable, rows.join(' / ')).toBe(false);
    }
  });

  it('starts the numbering again on a page opening with "1." and "2." (two papers in one file), not for a list inside a question', () => {
    const twoPapers = splitQuestions([
      page(1, ['1. Is it safe to promote a union member? [1 point]', '2. Define anticipable expressions.', '3. Convert the code into SSA form.']),
      page(2, ['Compilers, Monsoon-2020', '1. In LL(1) parsing, give the strategy.', '2. If we use an iterative algorithm, how many passes?']),
    ]);
    expect(twoPapers.questions.map((q) => `${q.label} p${q.page}`)).toEqual(['Q1 p1', 'Q2 p1', 'Q3 p1', 'Q1 p2', 'Q2 p2']);
    const list = splitQuestions([
      page(1, ['1. Define a process.', '2. State the steps of a compiler:']),
      page(2, ['1. Lexical analysis.', '2. Parsing.', '3. Explain paging.']),
    ]);
    expect(list.questions.map((q) => q.label)).toEqual(['Q1', 'Q2', 'Q3']);
    expect(list.questions[1]!.text).toBe('State the steps of a compiler: 1. Lexical analysis. 2. Parsing.');
  });

  it('leaves instructions, dates, inline items in a sentence and words alone', () => {
    const { questions } = splitQuestions([
      page(1, [
        '26 February 2020, 04:00PM - 5:30PM',
        'Note: 1, 2 and 3 are compulsory.',
        '1. Differentiate the following with one suitable example each:',
        '(a) Response, (b) Relief, (c) Rehabilitate, and (d) Retrofit.',
        '2. Answer all. a. Stack b. Queue',
        'If) the lines wrap, Fig) A is text.',
      ]),
    ]);
    expect(leaves(questions)).toEqual([
      ['Q1(a)', 'Response, (b) Relief, (c) Rehabilitate, and (d) Retrofit.'],
      ['Q2', 'Answer all. a. Stack b. Queue If) the lines wrap, Fig) A is text.'],
    ]);
  });
});

describe('OCR-tolerant markers', () => {
  it('reads what a garbled part may stand for, and no words', () => {
    expect(garbledPart('fa) Let the language')).toEqual({ values: ['f', 'a'], rest: 'Let the language' });
    expect(garbledPart('«@).By loop')).toEqual({ values: ['a'], rest: 'By loop' });
    expect(garbledPart('(bY Write')).toEqual({ values: ['b'], rest: 'Write' });
    expect(garbledPart('te) Define')?.values).toContain('c');
    for (const text of ['If) the', 'Fig) A', 'OR) Write', '12) Write', '(a) define']) expect(garbledPart(text), text).toBeNull();
  });

  it('reads a lone capital before Hindi text as a lost number, and not before English', () => {
    expect(lostNumber('A. निम्न पंक्तियाँ')).toEqual({ number: 0, rest: 'निम्न पंक्तियाँ' });
    for (const text of ['A. Consider the graph', 'AB. निम्न', 'A निम्न', '3 Hours', '20 MARKS']) expect(lostNumber(text), text).toBeNull();
    expect(lostNumber('4 What are the ACID properties?')).toMatchObject({ number: 4 });
  });

  it('reads "0N" as a question number only before a sentence, and capital parts only before a capital', () => {
    expect(zeroForQ('04 Give the expression')).toEqual({ number: 4, prefixed: true, rest: 'Give the expression' });
    expect(zeroForQ('O5. Describe')).toMatchObject({ number: 5, prefixed: true });
    for (const text of ['09 March 2024', '09 MARCH 2024', '03 Hours', '03 HOURS', '02 HRS', '05 MARKS', '03 Marks each', '06 Credits', '03 Questions carry equal marks', '09 AM to 12 Noon', '04 give', '10 Give']) {
      expect(zeroForQ(text), text).toBeNull();
    }
    expect(zeroForQ('04 Markov chains: define one.')).toMatchObject({ number: 4 });
    // Not a question number by itself: only the splitter, in a paper numbered with "Q", reads it.
    expect(questionMarker('04 Give the expression')).toBeNull();
    expect(capitalPart('B. Compare QuickSort')).toEqual({ value: 'b', rest: 'Compare QuickSort' });
    for (const text of ['A stack is', 'B. compare', 'AB. Compare', 'J. Smith wrote']) expect(capitalPart(text), text).toBeNull();
  });

  it('reads "4," and "¢." only before text, and list items only in sequence and not after a comma', () => {
    expect(questionMarker('4, Answer any one')).toMatchObject({ number: 4, rest: 'Answer any one' });
    expect(questionMarker('1, 2 and 3')).toBeNull();
    expect(partMarker('¢. Negative feedback')).toEqual({ value: 'c', rest: 'Negative feedback' });
    expect(listedPart('Eutrophication b. Mobile radiation', 'b')).toEqual({ before: 'Eutrophication', rest: 'Mobile radiation' });
    expect(listedPart('Eutrophication c. Mobile radiation', 'b')).toBeNull();
    expect(listedPart('Response, b. Relief', 'b')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { evaluateRepeats } from '../../../../bench/lib/question-repeats.mjs';
import { bandKeys, estimatedSimilarity, groupRepeats, REPEAT_PARAMETERS, signature, similarity, textScorer } from './question-similarity.js';
import { questionWords } from './question-words.js';

const { threshold } = REPEAT_PARAMETERS;
const question = (id: string, text: string, marks: number | null = null) => ({ id, text, marks });

describe('questionWords', () => {
  it('drops numbers, marks, framing verbs and stop words, mends OCR misreadings and joins B-tree', () => {
    // Every "l" reads "i", as OCR confuses l, I and 1.
    expect(questionWords('Exp1ain TCP congestion contro1. [5 marks]')).toEqual(['tcp', 'congestion', 'controi']);
    expect(questionWords('Explain the AClD properties of transactions')).toEqual(questionWords('Explain the ACID properties of transaction'));
    expect(questionWords('Insert the keys 10, 20, 30 into an ernpty B-tree of order 3.')).toEqual(['insert', 'key', 'empty', 'btree', 'order']);
    expect(questionWords('Explain B+ tree indexing, showing each step')).toEqual(['bpiustree', 'index', 'step']);
  });

  it('reads words of other scripts, with their vowel signs, and drops their digits', () => {
    expect(questionWords('द्विआधारी खोज वृक्ष में ७ कुंजियाँ डालिए')).toEqual(['द्विआधारी', 'खोज', 'वृक्ष', 'कुंजियाँ', 'डालिए']);
  });
});

describe('similarity', () => {
  it('stays high for repeats: OCR noise, reordered words, other numbers and marks', () => {
    const repeats: Array<[string, string]> = [
      ['Write a C function to reverse a singly linked list in place.', 'Write a C functi0n to reverse a singly 1inked list in p1ace.'],
      ['Compare the OSI and TCP/IP reference models.', 'Compare TCP/IP reference model with OSI model.'],
      ['Insert the keys 10, 20, 30, 40, 50 into an empty B-tree of order 3. [8 marks]', 'Insert the keys 5, 12, 18, 25 into an empty B-tree of order 5. (6)'],
      ['For the disk queue 98, 183, 37 with the head at 53, compute the total head movement under SSTF.', 'For the disk queue 82, 170, 43 with the head at 50, compute the total head movement under SSTF.'],
    ];
    for (const [a, b] of repeats) expect(similarity(a, b), `${a} | ${b}`).toBeGreaterThanOrEqual(threshold);
    expect(similarity('Define a B-tree.', 'Define a B-tree.')).toBe(1);
    expect(similarity('द्विआधारी खोज वृक्ष में 7 कुंजियाँ डालिए।', 'द्विआधारी खोज वृक्ष में 9 कुंजियाँ डालिए')).toBe(1);
    // A Hindi rewording swaps postpositions and the framing verb.
    const hindi = ['प्रेमचंद की कहानी कफ़न के आधार पर गरीबी का चित्रण कीजिए।', 'कफ़न कहानी के आधार पर प्रेमचंद द्वारा गरीबी के चित्रण पर प्रकाश डालिए।'];
    expect(similarity(hindi[0]!, hindi[1]!)).toBeGreaterThanOrEqual(threshold);
  });

  it('stays low for other questions on the same topic', () => {
    const others: Array<[string, string]> = [
      ['Define a B-tree of order m.', 'Insert the keys 10, 20, 30 into an empty B-tree of order 3.'],
      ['Explain TCP congestion control.', 'Explain TCP flow control.'],
      ['Convert the infix expression A + B * C into postfix.', 'Convert the infix expression A + B * C into prefix.'],
      ['Explain the necessary conditions for deadlock.', 'Explain deadlock prevention.'],
    ];
    for (const [a, b] of others) expect(similarity(a, b), `${a} | ${b}`).toBeLessThan(threshold);
    expect(similarity('', 'Explain deadlock prevention.')).toBe(0);
    expect(similarity('इस कविता में प्रेम का वर्णन कीजिए और उसके महत्व को स्पष्ट कीजिए।', 'इस कहानी में समाज का वर्णन कीजिए और उसके महत्व को स्पष्ट कीजिए।')).toBeLessThan(threshold);
  });

  it('scores as similarity does when one scorer meets many texts, and 0 below its floor', () => {
    const score = textScorer();
    const texts = ['Define a B-tree of order m.', 'Defme a B-tree of ordcr m. (5)', 'Explain TCP flow control.', 'Explain TCP congestion control.'];
    for (const a of texts) for (const b of texts) expect(score(a, b), `${a} | ${b}`).toBeCloseTo(similarity(a, b), 10);
    // Shingles shared below the floor: no need to compare words.
    expect(similarity(texts[2]!, texts[3]!)).toBeGreaterThan(0);
    expect(score(texts[2]!, texts[3]!, 1)).toBe(0);
    expect(score(texts[0]!, texts[0]!, 1)).toBe(1);
  });
});

describe('signature', () => {
  it('is the same on every call, has one minimum per hash and estimates the Jaccard similarity', () => {
    const a = 'Explain the distance vector routing algorithm. What is the count-to-infinity problem?';
    const b = 'Explain distance vector routing and the count to infinity problem.';
    const sig = signature(a);
    expect(sig).toHaveLength(REPEAT_PARAMETERS.hashes);
    expect(signature(a)).toEqual(sig);
    expect(sig.every((value) => Number.isInteger(value) && value >= 0 && value <= 0xffffffff)).toBe(true);
    expect(estimatedSimilarity(sig, signature(a))).toBe(1);
    // Reordered words and other numbers leave the signature as it was.
    expect(signature('Insert 7 keys into a B-tree of order 5')).toEqual(signature('into a B-tree of order 3 insert 9 keys'));
    const estimate = estimatedSimilarity(sig, signature(b));
    expect(Math.abs(estimate - similarity(a, b))).toBeLessThan(0.15);
    expect(estimatedSimilarity(sig, signature('Solve the dining philosophers problem using semaphores.'))).toBeLessThan(0.2);
    expect(estimatedSimilarity(signature(''), signature(''))).toBe(0);
  });

  it('gives band keys that repeats share and unrelated questions do not', () => {
    const keys = (text: string) => new Set(bandKeys(signature(text)));
    const original = keys('Explain the ACID properties of a transaction.');
    expect(original.size).toBe(REPEAT_PARAMETERS.bands);
    const noisy = keys('Exp1ain the AClD properties of a transaction. [4 marks]');
    expect([...noisy].filter((key) => original.has(key)).length).toBeGreaterThan(0);
    const other = keys('For the disk queue 98, 183, 37 with the head at 53, compute the total head movement under SSTF.');
    expect([...other].filter((key) => original.has(key))).toEqual([]);
  });
});

describe('groupRepeats', () => {
  it('groups three questions shared by papers of three years, one of them OCR-noisy, and leaves the rest alone', () => {
    const groups = groupRepeats([
      question('2022-1', 'Explain the ACID properties of a transaction.', 5),
      question('2022-2', 'Draw an ER diagram for a hospital management system.', 10),
      question('2022-3', 'Explain the two-phase locking protocol and its strict variant.', 6),
      question('2023-1', 'Explain two phase locking protocol and strict two phase locking.', 8),
      question('2023-2', 'Explain ACID properties of transactions with an example.', 4),
      question('2023-3', 'Draw an ER diagram for a library management system.', 10),
      question('2024-1', 'Exp1ain the AClD properties of a transaction.', 5),
      question('2024-2', 'Explain the timestamp ordering protocol.', 6),
      question('2024-3', 'Find all candidate keys of R(A, B, C, D) with AB -> C, C -> D, D -> A.', 6),
      question('2024-4', 'Explain 2-phase locking protocol and strict 2-phase locking.', 7),
    ]);
    expect(groups).toEqual([['2022-1', '2023-2', '2024-1'], ['2022-2'], ['2022-3', '2023-1', '2024-4'], ['2023-3'], ['2024-2'], ['2024-3']]);
  });

  it('gives the same groups for the same questions, and puts an empty question alone', () => {
    const questions = [question('a', ''), question('b', 'What is a threaded binary tree?'), question('c', ''), question('d', 'What is a threadcd binary tree ?')];
    expect(groupRepeats(questions)).toEqual([['a'], ['b', 'd'], ['c']]);
    expect(groupRepeats(questions)).toEqual(groupRepeats(questions));
    expect(groupRepeats([])).toEqual([]);
  });

  it('reaches pair precision >= 0.9 at recall >= 0.8 on the labelled questions', () => {
    const scores = evaluateRepeats(groupRepeats);
    console.log(
      `repeat pairs: precision ${scores.precision.toFixed(3)}, recall ${scores.recall.toFixed(3)} ` +
        `(${scores.repeats} repeats among ${scores.pairs} labelled pairs, threshold ${threshold})`,
    );
    expect(scores.pairs).toBeGreaterThan(3000);
    expect(scores.precision).toBeGreaterThanOrEqual(0.9);
    expect(scores.recall).toBeGreaterThanOrEqual(0.8);
  });
});

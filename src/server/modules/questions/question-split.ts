import type { PageWordLine } from '../../../shared/page-words.js';
import { capitalPart, garbledPart, inlinePart, isOr, listedPart, lostNumber, opensInstructions, partIndex, partMarker, questionMarker, runsOn, sectionHeading, zeroForQ, type QuestionMarker } from './question-markers.js';
import { readingOrder, type ReadLine } from './reading-order.js';
import { newNode, questionsOf, type Node } from './question-leaves.js';
import { questionsByMarks } from './question-marks-split.js';

/** One page of a paper: 1-based page number, lines of words in the order they were extracted. */
export interface SplitPage {
  page: number;
  lines: PageWordLine[];
}

/** Where a question stands: a box as fractions of the page (left, top, right, bottom). */
export interface SplitRegion {
  page: number;
  box: [number, number, number, number];
}

/** One leaf of a paper: a question without parts, or one (sub-)part of a question. */
export interface SplitQuestion {
  /** Top-level question number as printed, without "Q" or "Question": "1", "9". */
  number: string;
  /** Sub-part path, "a" or "a.ii"; null when the question has no parts. */
  part: string | null;
  /** Display label, "Q9(a)(ii)"; an "OR" alternative printed with the same number ends in " OR". */
  label: string;
  /** The leaf's own text, whitespace-normalised, without its number, part marker and marks. */
  text: string;
  /** The lead-in text of the question (and of the part above) when this is a part; null when there is none. */
  stem: string | null;
  /** Marks when printed: "[9 marks]", "(5)", "5M", "[5]" at the end of a line. */
  marks: number | null;
  /** "SECTION A", "Unit II", "PART B" as printed. */
  section: string | null;
  /** Page where the leaf starts. */
  page: number;
  /** One box per page it covers (per column on a two-column page), in reading order. */
  regions: SplitRegion[];
  /** Label of the question this is an "OR" alternative to. */
  alternativeTo: string | null;
}

export interface SplitResult {
  questions: SplitQuestion[];
  splittable: boolean;
  reason?: string;
}

/** Bare numbers ("1.") stand at the column's left edge; ones further in are lists inside a question. */
const INDENT = 0.06;
/** A question whose number OCR lost is taken only at the very left edge of its column. */
const LOST_INDENT = 0.015;

/**
 * Splits a paper's pages into its questions, leaf by leaf (question-leaves.ts builds them), from
 * the words' text and boxes: pages read in order (reading-order.ts), question numbers accepted
 * only in sequence, parts only in sequence within their question, so a "(ii)" or "2." inside a
 * question's text stays text. Lines before the first question (titles, instructions) are not
 * questions. A paper in which no numbering is found is not splittable.
 */
export function splitQuestions(pages: readonly SplitPage[]): SplitResult {
  const lines = readingOrder(pages);
  const left = new Map<string, number>();
  for (const line of lines) {
    const key = `${line.page}:${line.column}`;
    left.set(key, Math.min(left.get(key) ?? 1, line.box[0]));
  }
  // A paper numbering its questions "Q1" uses bare "1." for instructions and lists.
  const read = lines.map((line) => questionMarker(line.text));
  const prefixed = new Set(read.flatMap((marker) => (marker?.prefixed ? [marker.number] : [])));
  const prefixedOnly = prefixed.size >= 2;
  // "04" stands for "Q4" only where the paper prints "Q".
  const markers = prefixedOnly ? read.map((marker, i) => (marker?.prefixed ? marker : (zeroForQ(lines[i]!.text) ?? marker))) : read;
  /** The next bare number printed at or after line `from` on the same page. */
  const nextBare = (from: number) => markers.find((m, i) => i >= from && m && !m.prefixed && lines[i]!.page === lines[from - 1]!.page);
  /**
   * A "1." opening a page's numbering again, followed by a "2." and never by the number the paper
   * had reached: a second paper (or an unheaded part) in the same file, not a list inside a question.
   */
  const restarts = (at: number, reached: number): boolean => {
    const page = lines[at]!.page;
    if (reached < 2 || markers.some((m, i) => m && i < at && lines[i]!.page === page)) return false;
    const later = markers.slice(at + 1).filter((m) => m?.prefixed === markers[at]!.prefixed);
    return later[0]?.number === 2 && !later.some((m) => m!.number === reached + 1);
  };

  const questions: Node[] = [];
  let current = null as Node | null;
  let section: string | null = null;
  let sectionSinceLast = false;
  let pendingOr = null as ReadLine | null;
  let instructions = { open: false, last: 0 };
  let previous = '';

  const open = (parent: Node | null, kind: Node['kind'], value: string, line: ReadLine, sameAs?: Node): Node => {
    const siblings = parent ? parent.children : questions;
    const node = newNode(kind, value, parent, section);
    if (pendingOr && siblings.length) {
      if (sameAs) node.duplicateOf = sameAs;
      else node.alternativeTo = siblings.at(-1)!;
    }
    pendingOr = null;
    siblings.push(node);
    node.pieces.push({ line, text: '' });
    return (current = node);
  };

  const acceptQuestion = (marker: QuestionMarker, line: ReadLine, at: number): boolean => {
    if (prefixedOnly && !marker.prefixed) return false;
    if (!marker.prefixed && line.box[0] > (left.get(`${line.page}:${line.column}`) ?? 0) + INDENT) return false;
    if (!marker.prefixed && instructions.open && !(marker.number === 1 && instructions.last >= 1)) return false;
    const last = questions.at(-1);
    // OCR may have lost the first numbers too.
    if (!last) return marker.number <= 3;
    const n = Number(last.value);
    if (marker.number === n + 1) return true;
    if (pendingOr && marker.number === n) return true;
    if (marker.number === 1 && (sectionSinceLast || restarts(at, n))) return true;
    // OCR may have lost one number on the way: a bare one only if the next bare number on the page follows on.
    if (marker.prefixed) return marker.number > n && marker.number <= n + 2;
    const next = marker.number === n + 2 ? nextBare(at + 1) : undefined;
    return !!next && next.number > marker.number && next.number <= marker.number + 2;
  };

  /** A part marker opening `line` (or following another marker on it: `chained`), if it continues the sequence. */
  const acceptPart = (value: string, line: ReadLine, chained: boolean): Node | null => {
    const question = questions.at(-1);
    if (!current || !question) return null;
    const opensLevel = (kind: 'letter' | 'roman') => partIndex(value, kind) === 1 && (chained || !runsOn(previous));
    const top = question.children.at(-1);
    if (!top) {
      const kind = opensLevel('letter') ? 'letter' : opensLevel('roman') ? 'roman' : null;
      if (kind) return open(question, kind, value, line);
      // "(b)" after a question's own text: OCR lost "(a)" ("4. [713 A linear ..."), so that text is the first part.
      const second = (['letter', 'roman'] as const).find((k) => partIndex(value, k) === 2);
      if (!second || chained || runsOn(previous) || !question.pieces.some((piece) => piece.text.trim())) return null;
      const lost = newNode(second, second === 'letter' ? 'a' : 'i', question, section, { pieces: question.pieces });
      question.pieces = [{ line: lost.pieces[0]!.line, text: '' }];
      question.children.push(lost);
      return open(question, second, value, line);
    }
    const outer = top.kind === 'roman' ? 'roman' : 'letter';
    if (partIndex(value, outer) === partIndex(top.value, outer) + 1) return open(question, outer, value, line);
    if (pendingOr && value === top.value) return open(question, outer, value, line, top);
    const inner = outer === 'letter' ? 'roman' : 'letter';
    const sub = top.children.at(-1);
    if (!sub) return opensLevel(inner) ? open(top, inner, value, line) : null;
    if (partIndex(value, inner) === partIndex(sub.value, inner) + 1) return open(top, inner, value, line);
    if (pendingOr && value === sub.value) return open(top, inner, value, line, sub);
    return null;
  };

  for (const [at, line] of lines.entries()) {
    const text = line.text;
    if (isOr(text)) {
      if (current) pendingOr = line;
      continue;
    }
    const heading = sectionHeading(text);
    if (heading) {
      section = heading;
      sectionSinceLast = true;
      current = null;
      pendingOr = null;
      instructions = { open: false, last: 0 };
      continue;
    }
    if (!current && opensInstructions(text)) {
      instructions = { open: true, last: 0 };
      continue;
    }
    let rest = text;
    let created = null as Node | null;
    const marker = markers[at] ?? null;
    const guessed = questions.at(-1);
    if (marker && guessed?.guessed && marker.number === Number(guessed.value) && questions.length > 1) {
      // The number printed after all: the line taken for a lost one was text of the question before.
      questions.pop();
      let before = questions.at(-1)!;
      while (before.children.length) before = before.children.at(-1)!;
      before.pieces.push(...guessed.pieces);
      current = before;
    }
    if (marker && acceptQuestion(marker, line, at)) {
      const last = questions.at(-1);
      created = open(null, 'question', String(marker.number), line, pendingOr && last && Number(last.value) === marker.number ? last : undefined);
      sectionSinceLast = false;
      instructions = { open: false, last: 0 };
      rest = marker.rest;
    } else if (marker && instructions.open && !marker.prefixed && marker.number === instructions.last + 1) {
      instructions.last = marker.number;
      continue;
    } else if (!marker && (current || !questions.length)) {
      const lost = lostNumber(text);
      const last = questions.at(-1);
      // Before the first question, or before a line not opening with a capital, only a first part ("_X (&) Consider")
      // vouches for it, or, for the first, a paper whose next printed number is 2.
      const vouched = () => partValues(lost!.rest).includes('a') || (!last && markers.slice(at + 1).find(Boolean)?.number === 2);
      const firstPart = lost && (!last || !/^[A-Z]/.test(lost.rest)) ? vouched() : true;
      // Where the numbers hang, after a line that ends, with the next number or none: a number OCR lost.
      if (lost && firstPart && !prefixedOnly && !runsOn(previous) && line.box[0] <= (left.get(`${line.page}:${line.column}`) ?? 0) + LOST_INDENT) {
        if (lost.number === 0 || lost.number === Number(last?.value ?? 0) + 1) {
          created = open(null, 'question', String(Number(last?.value ?? 0) + 1), line);
          created.guessed = true;
          sectionSinceLast = false;
          rest = lost.rest;
        }
      }
    }
    if (!current) continue;
    for (let part = partMarker(rest); part; part = partMarker(rest)) {
      const node = acceptPart(part.value, line, created !== null);
      if (!node) break;
      created = node;
      rest = part.rest;
    }
    // A part marker OCR garbled ("fa)", "(bY"), read only as the letter the sequence expects, at the column's edge.
    const garbled = garbledPart(rest);
    if (garbled && (created || line.box[0] <= (left.get(`${line.page}:${line.column}`) ?? 0) + INDENT)) {
      for (const value of garbled.values) {
        const node = acceptPart(value, line, created !== null);
        if (!node) continue;
        created = node;
        rest = garbled.rest;
        break;
      }
    }
    // Parts printed as capitals ("1. A. List ... B. Compare"): an "A." right after the number opens them.
    const capital = capitalPart(rest);
    const top = questions.at(-1)?.children.at(-1);
    const opensCapitals = capital?.value === 'a' && created?.kind === 'question';
    const continuesCapitals = !created && top?.capital && capital && partIndex(capital.value, 'letter') === partIndex(top.value, 'letter') + 1 && !runsOn(previous);
    const capitalNode = opensCapitals || continuesCapitals ? acceptPart(capital!.value, line, opensCapitals) : null;
    if (capitalNode) {
      capitalNode.capital = true;
      created = capitalNode;
      rest = capital!.rest;
    }
    if (!created && figureLabels(line)) continue;
    if (!created && pendingOr) current.pieces.push({ line: pendingOr, text: 'OR' });
    pendingOr = null;
    // A node opened on this line holds the line as its first piece; any other gets it added.
    const give = (node: Node, text: string) => (node === created ? (node.pieces[0]!.text = text) : node.pieces.push({ line, text }));
    let target = created ?? current;
    // Parts printed side by side: "(a) Define a stack. (b) Define a queue."
    for (let inline = inlinePart(rest); inline; inline = inlinePart(rest)) {
      const node = acceptPart(inline.value, line, true);
      if (!node) break;
      give(target, inline.before);
      target = created = node;
      rest = inline.rest;
    }
    // A list printed across a line that opens with one of its letters: "a. Eutrophication b. Mobile radiation c. Blast fishing".
    while (target === created && target.kind === 'letter' && /^[a-z¢][.)]\s/.test(text)) {
      const value = String.fromCharCode(target.value.charCodeAt(0) + 1);
      const found = listedPart(rest, value);
      const node = found && acceptPart(value, line, true);
      if (!found || !node) break;
      give(target, found.before);
      target = created = node;
      rest = found.rest;
    }
    give(target, rest);
    if (rest) previous = rest;
  }
  const found = questionsOf(questions);
  if (!questions.length) {
    const byMarks = questionsByMarks(lines);
    if (byMarks.length) return { questions: questionsOf(byMarks), splittable: true };
    return { questions: [], splittable: false, reason: 'No question numbering ("Q1.", "1.", "Question 1") was found.' };
  }
  if (found.length < 2) return { questions: [], splittable: false, reason: 'Only one numbered question was found.' };
  return { questions: found, splittable: true };
}

/** The part letters a line may open with, OCR's garbled markers included. */
function partValues(text: string): string[] {
  const part = partMarker(text);
  return part ? [part.value] : (garbledPart(text)?.values ?? []);
}

/** A line of a diagram's labels ("A   B", "4   11"): short words far apart, not text. */
function figureLabels(line: ReadLine): boolean {
  const { words } = line;
  if (words.length > 6 || !words.every((w) => /^[A-Za-z0-9]{1,2}$/.test(w.text))) return false;
  return words.some((w, i) => i > 0 && w.box[0]! - words[i - 1]!.box[2]! > 0.08);
}

import { trailingMarks } from './question-markers.js';
import type { SplitQuestion, SplitRegion } from './question-split.js';
import type { ReadLine } from './reading-order.js';

/** A line (or what is left of it after its markers) as it belongs to a question or part. */
export interface Piece {
  line: ReadLine;
  text: string;
}

/** A question or a (sub-)part while a paper is split: its own lines, and the parts under it. */
export interface Node {
  kind: 'question' | 'letter' | 'roman';
  /** "3", "a", "ii". */
  value: string;
  parent: Node | null;
  children: Node[];
  pieces: Piece[];
  section: string | null;
  /** Printed after "OR" with the next number or letter: the alternative to the one before. */
  alternativeTo: Node | null;
  /** Printed after "OR" with the same number or letter as the one before ("Q3 ... OR Q3 ..."). */
  duplicateOf: Node | null;
  /** Taken for a question whose number OCR lost (question-markers.ts lostNumber). */
  guessed?: boolean;
  /** A part printed as a capital ("A."): only capitals continue its sequence. */
  capital?: boolean;
}

/** A node with nothing under it yet; `fields` overrides the blanks. */
export function newNode(kind: Node['kind'], value: string, parent: Node | null, section: string | null, fields: Partial<Node> = {}): Node {
  return { kind, value, parent, children: [], pieces: [], section, alternativeTo: null, duplicateOf: null, ...fields };
}

/** A gap this wide before the last word sets it apart: marks printed flush right. */
const APART = 0.05;

const path = (node: Node): Node[] => (node.parent ? [...path(node.parent), node] : [node]);
const labelOf = (chain: readonly Node[]) => `Q${chain[0]!.value}${chain.slice(1).map((n) => `(${n.value})`).join('')}`;

/** The paper's leaves, in order, from its question trees. */
export function questionsOf(questions: readonly Node[]): SplitQuestion[] {
  const leaves: Node[] = [];
  const walk = (node: Node) => (node.children.length ? node.children.forEach(walk) : leaves.push(node));
  questions.forEach(walk);
  return leaves.map((leaf) => {
    const chain = path(leaf);
    const duplicate = chain.some((n) => n.duplicateOf);
    const { text, marks } = ownText(leaf);
    const stem = chain.slice(0, -1).map((n) => ownText(n).text).filter(Boolean).join(' ');
    const regions = regionsOf(leaf.pieces);
    return {
      number: chain[0]!.value,
      part: chain.length > 1 ? chain.slice(1).map((n) => n.value).join('.') : null,
      label: `${labelOf(chain)}${duplicate ? ' OR' : ''}`,
      text,
      stem: stem || null,
      marks,
      section: chain[0]!.section,
      page: regions[0]?.page ?? leaf.pieces[0]!.line.page,
      regions,
      alternativeTo: alternativeOf(chain),
    };
  });
}

/**
 * What a leaf is the alternative to: the nearest of it and its parents printed after "OR". One
 * printed with the same number as the one before answers the same-placed part of it ("Q3(a) OR"
 * is the alternative to "Q3(a)") when there is one, else the whole of it.
 */
function alternativeOf(chain: readonly Node[]): string | null {
  for (let i = chain.length - 1; i >= 0; i--) {
    const node = chain[i]!;
    if (node.alternativeTo) return labelOf(path(node.alternativeTo));
    if (node.duplicateOf) {
      let match = node.duplicateOf;
      for (const below of chain.slice(i + 1)) {
        const same = match.children.find((child) => child.value === below.value);
        if (!same) break;
        match = same;
      }
      return labelOf(path(match));
    }
  }
  return null;
}

/** A node's own text, whitespace-normalised, without marks; the first marks printed on its lines. */
function ownText(node: Node): { text: string; marks: number | null } {
  let marks: number | null = null;
  const parts: string[] = [];
  node.pieces.forEach((piece, i) => {
    let text = piece.text.replace(/\s+/g, ' ').trim();
    const found = text ? trailingMarks(text) : null;
    // A bare "(5)" is marks only set apart from the text or closing the part ("find f(5)" is not).
    if (found && (!found.weak || apart(piece.line) || i === node.pieces.length - 1)) {
      marks ??= found.marks;
      text = found.rest;
    }
    if (text) parts.push(text);
  });
  // "row-" + "major": a word broken at the line's end is joined back.
  const text = parts.reduce((all, part) => (!all ? part : /[A-Za-z]-$/.test(all) && /^[a-z]/.test(part) ? all + part : `${all} ${part}`), '');
  return { text, marks };
}

function apart(line: ReadLine): boolean {
  const words = line.words;
  return words.length > 1 && words.at(-1)!.box[0]! - words.at(-2)!.box[2]! > APART;
}

/** One box per run of lines on the same page and column. */
function regionsOf(pieces: readonly Piece[]): SplitRegion[] {
  const regions: Array<SplitRegion & { column: number }> = [];
  const seen = new Set<ReadLine>();
  for (const { line } of pieces) {
    if (seen.has(line)) continue;
    seen.add(line);
    const last = regions.at(-1);
    if (last && last.page === line.page && last.column === line.column) {
      last.box = [Math.min(last.box[0], line.box[0]), Math.min(last.box[1], line.box[1]), Math.max(last.box[2], line.box[2]), Math.max(last.box[3], line.box[3])];
    } else {
      regions.push({ page: line.page, column: line.column, box: [...line.box] });
    }
  }
  return regions.map(({ page, box }) => ({ page, box }));
}

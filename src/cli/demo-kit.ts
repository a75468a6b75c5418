import type { Block, DemoResourceType, ExamPaper, QuestionPart } from './demo-pdf-model.js';

/**
 * Shorthand for writing the demo library's documents: the content files read like the notes
 * they describe instead of like nested object literals.
 */

/** Branch ids of the catalogue (src/shared/catalogue.ts). */
export type DemoBranch = 'cse' | 'it' | 'ee' | 'ece' | 'me' | 'ce';
/**
 * The demo library's academic years: fixed, because its documents are dated (2024-09-02, December
 * 2024). 2021-22 holds only past papers, the oldest years of repeated questions.
 */
export type DemoAcademicYear = '2024-25' | '2023-24' | '2022-23' | '2021-22';

/** A demo resource's catalogue fields, as seeding stores them. */
export interface DemoCatalogueFields {
  branch: DemoBranch;
  semester: number;
  subject: string;
  resourceType: DemoResourceType;
  academicYear: DemoAcademicYear;
  /** What a student's file would be called; the download keeps this name. */
  originalName: string;
  /** Which demo account uploads it. */
  uploader: 'admin' | 'cr';
  /** A plausible starting download count. */
  downloads: number;
}

/** One demo resource as the content files write it; demoLibrary() adds the branch details. */
export interface DemoEntry extends DemoCatalogueFields {
  title: string;
  preparedBy: string;
  createdAt: string;
  exam?: ExamPaper;
  pages: Block[][];
}

/** A level-1 heading (with a rule under it). */
export const h = (text: string): Block => ({ kind: 'heading', text });
/** A level-2 heading. */
export const h2 = (text: string): Block => ({ kind: 'heading', text, level: 2 });
/** A paragraph; `**...**` is bold. */
export const p = (text: string): Block => ({ kind: 'paragraph', text });
/** A bulleted list. */
export const ul = (...items: string[]): Block => ({ kind: 'list', items });
/** A numbered list. */
export const ol = (...items: string[]): Block => ({ kind: 'list', items, ordered: true });
/** A framed definition or formula. */
export const box = (title: string, text: string): Block => ({ kind: 'box', title, text });
/** Vertical white space in points. */
export const space = (height: number): Block => ({ kind: 'space', height });
/** Signature lines, e.g. "Signature of faculty". */
export const signature = (...labels: string[]): Block => ({ kind: 'signature', labels });

/** A ruled table; rows are arrays of cell texts. */
export function table(header: string[], rows: string[][], options: { widths?: number[]; caption?: string } = {}): Block {
  return { kind: 'table', header, rows, ...options };
}

/** A Courier code listing; the common indentation of `source` is removed. */
export function code(caption: string, source: string): Block {
  const lines = source.replace(/^\n+|\s+$/g, '').split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^ */.exec(l)![0].length));
  return { kind: 'code', caption, lines: lines.map((l) => l.slice(indent)) };
}

/** "SECTION A" of a question paper. */
export const section = (title: string, note: string): Block => ({ kind: 'section', title, note });

/**
 * An exam question. Parts are `[label, text, marks]`; a question without parts is `[text, marks]`.
 */
export function q(number: number, ...parts: ([string, string, number] | [string, number])[]): Block {
  const list: QuestionPart[] = parts.map((part) =>
    part.length === 3 ? { label: `(${part[0]})`, text: part[1], marks: part[2] } : { text: part[0], marks: part[1] },
  );
  return { kind: 'question', number, parts: list };
}

/** The opening banner of an experiment in a practical file. */
export const experiment = (number: number, title: string, date: string): Block => ({ kind: 'experiment', number, title, date });

/** The usual PYQ instructions with paper-specific ones appended. */
export function paper(name: string, courseCode: string, maxMarks: number, ...extra: string[]): ExamPaper {
  return {
    name,
    courseCode,
    durationHours: 3,
    maxMarks,
    instructions: [
      'Write your roll number on the question paper immediately after receiving it.',
      'Figures to the right indicate full marks. Assume suitable data wherever necessary and state it clearly.',
      ...extra,
    ],
  };
}

/**
 * The document model the demo PDF generator renders: what a demo resource says, page by page,
 * independent of how it is laid out. Text is plain English; `**bold**` marks a bold span in
 * paragraphs, list items and boxes.
 */

/** The three kinds of study material; they decide the title block and the header label. */
export type DemoResourceType = 'NOTES' | 'PYQ' | 'PRACTICAL';

/**
 * A vector shape of a diagram, in the diagram's own coordinates: points, origin at the top-left
 * corner of the diagram, y growing downwards, x from 0 to the text width (483).
 */
export type Shape =
  | { kind: 'box'; x: number; y: number; w: number; h: number; label?: string; shade?: boolean; bold?: boolean }
  | { kind: 'circle'; x: number; y: number; r: number; label?: string; shade?: boolean }
  | {
      kind: 'arrow';
      x1: number;
      y1: number;
      x2: number;
      y2: number;
      /** Which ends get an arrow head; a plain line is `none`. Default `end`. */
      head?: 'end' | 'both' | 'none';
      dashed?: boolean;
      label?: string;
    }
  | { kind: 'path'; points: readonly number[]; closed?: boolean; dashed?: boolean; width?: number }
  | { kind: 'text'; x: number; y: number; text: string; size?: number; bold?: boolean; align?: 'left' | 'center' | 'right' };

/** One part of an exam question, e.g. "(a) Define a B-tree. [5 marks]". */
export interface QuestionPart {
  label?: string;
  text: string;
  marks: number;
}

/** A piece of page content, laid out top to bottom. */
export type Block =
  | { kind: 'heading'; text: string; level?: 1 | 2 }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: readonly string[]; ordered?: boolean }
  | {
      kind: 'table';
      header: readonly string[];
      rows: readonly (readonly string[])[];
      /** Relative column widths; equal when absent. */
      widths?: readonly number[];
      caption?: string;
    }
  | { kind: 'code'; lines: readonly string[]; caption?: string }
  | { kind: 'diagram'; height: number; shapes: readonly Shape[]; caption?: string }
  /** A framed definition, formula or tip. */
  | { kind: 'box'; title?: string; text: string }
  /** "SECTION A" of a question paper, with its rule ("Attempt all questions"). */
  | { kind: 'section'; title: string; note?: string }
  | { kind: 'question'; number: number; parts: readonly QuestionPart[] }
  /** The banner that opens an experiment of a practical file. */
  | { kind: 'experiment'; number: number; title: string; date: string }
  | { kind: 'signature'; labels: readonly string[] }
  | { kind: 'space'; height: number };

/** The header of a question paper (PYQ documents). */
export interface ExamPaper {
  /** e.g. "End Semester Examination, December 2023". */
  name: string;
  courseCode: string;
  durationHours: number;
  maxMarks: number;
  instructions: readonly string[];
}

/** Everything createDemoPdf needs to render one demo resource. */
export interface DemoDocument {
  /** What this document covers, e.g. "Unit 3: Trees". */
  title: string;
  subject: string;
  resourceType: DemoResourceType;
  /** e.g. "Computer Science and Engineering". */
  branchName: string;
  /** e.g. "CSE". */
  branchCode: string;
  semester: number;
  academicYear: string;
  /** Shown as "Prepared by ..." in the title block. */
  preparedBy: string;
  institution: string;
  /** Creation date written into the file ("YYYY-MM-DD" or with "THH:MM"); never the clock. */
  createdAt: string;
  /** Required for PYQ documents: the question paper header. */
  exam?: ExamPaper;
  /** The content of each page; the PDF has exactly this many pages when nothing overflows. */
  pages: readonly (readonly Block[])[];
}

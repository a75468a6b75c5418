import { createDemoPdf } from '../../src/cli/demo-pdf.js';
import type { QuestionPart } from '../../src/cli/demo-pdf-model.js';

/** A question of a test paper: its parts as printed, with their marks. */
export type PaperQuestion = readonly QuestionPart[];

/**
 * A born-digital past paper made by the demo library's own generator: a header, then the
 * questions numbered 1..n with their parts and marks, `perPage` questions a page.
 */
export function makeQuestionPaper(options: { subject: string; year: number; questions: readonly PaperQuestion[]; perPage?: number }): Buffer {
  const perPage = options.perPage ?? 4;
  const pages: Array<Array<{ kind: 'question'; number: number; parts: PaperQuestion }>> = [];
  options.questions.forEach((parts, i) => {
    if (i % perPage === 0) pages.push([]);
    pages.at(-1)!.push({ kind: 'question', number: i + 1, parts });
  });
  return createDemoPdf({
    title: `${options.subject} End Semester Examination ${options.year}`,
    subject: options.subject,
    resourceType: 'PYQ',
    branchName: 'Computer Science and Engineering',
    branchCode: 'CSE',
    semester: 3,
    academicYear: `${options.year}-${String((options.year + 1) % 100).padStart(2, '0')}`,
    preparedBy: 'Examination cell',
    institution: 'Test University',
    createdAt: `${options.year}-12-01`,
    exam: {
      name: `End Semester Examination, December ${options.year}`,
      courseCode: 'CS301',
      durationHours: 3,
      maxMarks: 60,
      instructions: ['Answer all questions.'],
    },
    pages,
  });
}

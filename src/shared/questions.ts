import { describe, z } from './zod.js';
import { resourceSchema } from './resource.js';

/*
 * The question bank (issue 35): a past paper's questions, and a subject's papers with the
 * questions asked most often. Only the preview's and the subject page's lazy chunks import this.
 */

const unit = z.number().check(z.minimum(0), z.maximum(1));

/** Where a question stands on one page, as fractions of the page shown at its own rotation. */
export const questionRegionSchema = z.object({
  page: describe(z.int().check(z.minimum(1)), '1-based page number'),
  box: describe(z.array(unit).check(z.minLength(4), z.maxLength(4)), '[left, top, right, bottom], fractions (0..1) of the page'),
});
export type QuestionRegion = z.infer<typeof questionRegionSchema>;

/** How often a question's group was asked in the subject: distinct papers, and their years. */
export const askedSchema = z.object({
  count: describe(z.int(), 'Papers of the subject that ask it (this one included)'),
  years: describe(z.array(z.int()), 'Their exam years (or academic years\' first year), oldest first, each once'),
});
export type Asked = z.infer<typeof askedSchema>;

/** One question of a paper: a leaf such as "Q3(a)(ii)". */
export const questionSchema = z.object({
  id: z.string(),
  label: describe(z.string(), 'As printed, e.g. Q3(a)'),
  number: z.string(),
  part: z.nullable(z.string()),
  text: z.string(),
  stem: describe(z.nullable(z.string()), 'The parent question\'s lead-in, for a part'),
  marks: z.nullable(z.int()),
  section: z.nullable(z.string()),
  page: z.int(),
  regions: z.array(questionRegionSchema),
  alternativeTo: describe(z.nullable(z.string()), 'Label of the question this is an OR alternative to'),
  groupKey: z.string(),
  asked: askedSchema,
});
export type Question = z.infer<typeof questionSchema>;

export const QUESTION_SPLITS = ['split', 'none', 'not-split'] as const;

/** GET /api/resources/:id/questions. */
export const resourceQuestionsResponseSchema = z.object({
  split: describe(
    z.enum(QUESTION_SPLITS),
    'split: questions found; none: no numbering found (the paper works as before); not-split: not a paper, or not read yet',
  ),
  questions: z.array(questionSchema),
});
export type ResourceQuestionsResponse = z.infer<typeof resourceQuestionsResponseSchema>;

/** One paper where a question was asked. */
export const occurrenceSchema = z.object({
  resourceId: z.string(),
  questionId: z.string(),
  title: z.string(),
  label: z.string(),
  page: z.int(),
  year: z.nullable(z.int()),
});

/** A question of the subject with the papers that asked it, for "Most asked". */
export const askedQuestionSchema = z.object({
  groupKey: z.string(),
  text: z.string(),
  marks: z.nullable(z.int()),
  section: z.nullable(z.string()),
  asked: askedSchema,
  occurrences: z.array(occurrenceSchema),
});
export type AskedQuestion = z.infer<typeof askedQuestionSchema>;

/** GET /api/subjects/:subject: the query narrows "Most asked". */
export const subjectQuerySchema = z.object({
  section: z.optional(z.string().check(z.maxLength(120))),
  marks: z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(1000))),
});
export type SubjectQuery = z.infer<typeof subjectQuerySchema>;

export const subjectParamsSchema = z.object({ subject: z.string().check(z.minLength(1), z.maxLength(200)) });

export const subjectPageResponseSchema = z.object({
  subject: describe(z.string(), 'The subject as most of its papers name it'),
  papers: describe(z.array(resourceSchema), 'Every paper of the subject, latest exam first'),
  mostAsked: describe(z.array(askedQuestionSchema), 'Questions asked in two or more papers, most often first (at most 50)'),
  askedOnce: describe(
    z.optional(z.array(askedQuestionSchema)),
    'Questions asked in one paper only, latest paper first (at most 200): only for users who may group questions, to merge them by hand',
  ),
  sections: describe(z.array(z.string()), 'Sections printed on the papers, to filter by'),
  marks: describe(z.array(z.int()), 'Marks printed on the questions, to filter by'),
});
export type SubjectPageResponse = z.infer<typeof subjectPageResponseSchema>;

/** A paper that asks questions this one asks too, and how many. */
export const sharingPaperSchema = z.object({
  resource: resourceSchema,
  sharedQuestions: describe(z.int(), 'Questions of this paper also asked in that one (distinct groups, 2 or more)'),
});
export type SharingPaper = z.infer<typeof sharingPaperSchema>;

/** GET /api/resources/:id/related: papers to read next, for the preview. */
export const relatedPapersResponseSchema = z.object({
  otherYears: describe(z.array(resourceSchema), 'The subject\'s other papers of the same exam (End-sem of other years), latest exam first, at most 10'),
  sharingQuestions: describe(
    z.array(sharingPaperSchema),
    'Other papers sharing two or more questions with this one, most shared first, at most 10; papers already in otherYears are left out',
  ),
});
export type RelatedPapersResponse = z.infer<typeof relatedPapersResponseSchema>;

/** Folds a subject name the way questions are grouped: one key for "Data structures" and "DATA  STRUCTURES". */
export function subjectKeyOf(subject: string): string {
  return subject.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

export const questionIdParamsSchema = z.object({ id: z.string().check(z.uuid('Unknown question')) });

/** POST /api/questions/:id/grouping: this question and `with` are the same question, or are not. */
export const questionGroupingRequestSchema = z.object({
  with: z.string().check(z.uuid('Unknown question')),
  same: z.boolean(),
});
export type QuestionGroupingRequest = z.infer<typeof questionGroupingRequestSchema>;

export const questionGroupingResponseSchema = z.object({ groupKey: z.string() });

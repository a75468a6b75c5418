import { preprocess, z } from './zod.js';
import { DEFAULT_EXAMS, MONTH_SHORT } from './exams.js';

export const EXAM_MESSAGES = {
  exam: 'Choose one of the listed exams',
  month: 'Choose the month of the exam',
  year: (first: number, last: number) => `Exam years run from ${first} to ${last}`,
  yearWithMonth: "Give the exam's year with its month",
} as const;

/** What a past paper's exam fields are checked against: the configured exams and first year. */
export interface ExamChoices {
  exams: readonly string[];
  firstYear: number;
}
export const DEFAULT_EXAM_CHOICES: ExamChoices = { exams: DEFAULT_EXAMS, firstYear: 2008 };

/** A form sends "" for a field left unset. */
const blankIsUnset = <T extends z.ZodMiniType>(schema: T) =>
  preprocess((value) => (typeof value === 'string' && !value.trim() ? undefined : value), z.optional(schema));

/**
 * Exam, month (1-12) and year of an upload: each optional, the year from the first academic
 * year's to today's (asked at each parse, so it moves on 1 January).
 */
export function examFieldsFor(choices: ExamChoices) {
  return {
    exam: blankIsUnset(z.string().check(z.trim(), z.refine((value) => choices.exams.includes(value), EXAM_MESSAGES.exam))),
    examMonth: blankIsUnset(z.coerce.number({ error: EXAM_MESSAGES.month }).check(z.int(EXAM_MESSAGES.month), z.minimum(1, EXAM_MESSAGES.month), z.maximum(12, EXAM_MESSAGES.month))),
    examYear: blankIsUnset(
      z.coerce.number().check(
        z.refine((year) => Number.isInteger(year) && year >= choices.firstYear && year <= new Date().getUTCFullYear(), {
          error: () => EXAM_MESSAGES.year(choices.firstYear, new Date().getUTCFullYear()),
        }),
      ),
    ),
  };
}

/** A month given without its year says nothing on its own. */
export const monthNeedsYear = z.refine<{ examMonth?: number; examYear?: number }>((fields) => !fields.examMonth || !!fields.examYear, {
  message: EXAM_MESSAGES.yearWithMonth,
  path: ['examYear'],
});

/** The months for a select, 1-12. */
export const EXAM_MONTHS = MONTH_SHORT.map((name, i) => ({ value: i + 1, name }));

/** As the API returns a resource: null unless a PYQ says it. */
export const examFactsSchema = {
  exam: z.nullable(z.string()),
  examMonth: z.nullable(z.number()),
  examYear: z.nullable(z.number()),
  /** Only for its uploader and admins: a past paper whose exam nobody has set yet. */
  examNotSet: z.optional(z.boolean()),
};

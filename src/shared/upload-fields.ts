import { preprocess, z } from './zod.js';
import { academicYearsShown, firstYearOf, offeredAcademicYearSchema, storedAcademicYearSchema } from './academic-years.js';
import { COURSES, MAX_SEMESTER, MIN_SEMESTER, RESOURCE_TYPES, branchIdSchema } from './catalogue.js';
import { DEFAULT_EXAM_CHOICES, examFieldsFor, monthNeedsYear, type ExamChoices } from './exam-fields.js';
import { examDateLabel, type ExamFacts } from './exams.js';
import { RESOURCE_MESSAGES, resourceTitleSchema, subjectNameSchema } from './resource.js';

/*
 * The upload contract (route, form and API client), apart from resource.ts so the library's
 * pages, which only list resources, do not carry its schemas (first-load budget, DESIGN.md §5).
 */

const requiredChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: RESOURCE_MESSAGES.fieldsMissing });

/** The descriptive fields of an upload (SPEC.md §3 Upload form), in the form's order; resource-edit.ts reuses them. */
export const uploadFieldsWith = <Y extends z.ZodMiniType<string, unknown>>(academicYear: Y, choices: ExamChoices = DEFAULT_EXAM_CHOICES) =>
  z.object({
    course: z._default(requiredChoice(COURSES.map((c) => c.id) as [string, ...string[]]), 'btech'),
    branch: z.pipe(
      z
        .string({ error: RESOURCE_MESSAGES.fieldsMissing })
        .check(z.trim(), z.toLowerCase(), z.minLength(1, RESOURCE_MESSAGES.fieldsMissing)),
      branchIdSchema,
    ),
    semester: z.coerce
      .number({ error: RESOURCE_MESSAGES.fieldsMissing })
      .check(
        z.int(RESOURCE_MESSAGES.fieldsMissing),
        z.minimum(MIN_SEMESTER, 'Please choose a semester between 1 and 8'),
        z.maximum(MAX_SEMESTER, 'Please choose a semester between 1 and 8'),
      ),
    subject: subjectNameSchema,
    resourceType: requiredChoice(RESOURCE_TYPES),
    academicYear,
    title: z.optional(resourceTitleSchema),
    // Kept for a PYQ only (resource.service.ts); other types store none.
    ...examFieldsFor(choices),
    // 'true' when the uploader saw the near-duplicate warning and chose "Upload anyway" (decision 047).
    confirmNearDuplicate: preprocess((value) => (value === '' ? undefined : value), z.optional(z.enum(['true', 'false']))),
  });

/**
 * A new upload: its year is one of those offered now (academicYearsShown). A route's schema,
 * built once, passes a function so the years offered still move in July.
 */
export function uploadFieldsSchemaFor(academicYears: readonly string[] | (() => readonly string[]), exams?: ExamChoices) {
  return uploadFieldsWith(offeredAcademicYearSchema(academicYears, RESOURCE_MESSAGES.fieldsMissing), exams).check(monthNeedsYear);
}
export type UploadFields = z.infer<ReturnType<typeof uploadFieldsSchemaFor>>;
/** What an upload's fields are checked with: the offered years, or requestUploadFieldsSchema. */
export type UploadFieldsSchema = z.ZodMiniType<UploadFields, unknown>;

/**
 * An upload that fulfils a request keeps the request's year, which may have left the window
 * since the request was made (the demo library's fixed years are seeded the same way).
 */
export const requestUploadFieldsSchema = uploadFieldsWith(storedAcademicYearSchema(RESOURCE_MESSAGES.fieldsMissing));

/** The form of an upload that fulfils a request: only the type; the rest comes from the request. */
export const requestUploadFormSchema = z.pick(requestUploadFieldsSchema, { resourceType: true, confirmNearDuplicate: true });
export type RequestUploadForm = z.infer<typeof requestUploadFormSchema>;

/**
 * SPEC.md §3 generated file name: course, branch, academic year, 'sem' + semester, subject
 * (spaces to underscores) and type, joined by underscores, lower case. Without `.pdf` it is the
 * search pattern the filter side builds.
 */
export function resourceNamePattern(fields: Omit<UploadFields, 'course'> & { course: string }): string {
  return [
    fields.course,
    fields.branch,
    fields.academicYear,
    `sem${fields.semester}`,
    fields.subject.trim().replace(/\s+/g, '_'),
    fields.resourceType,
  ]
    .join('_')
    .toLowerCase();
}

export function generatedFileName(fields: Omit<UploadFields, 'course'> & { course: string }): string {
  return `${resourceNamePattern(fields)}.pdf`;
}

/**
 * The years an upload may carry, newest first: every one from the institution's first
 * (FIRST_ACADEMIC_YEAR) to the current, and never fewer than the `shown` most recent. Old papers
 * are what students look for; requests keep the shorter window.
 */
export function uploadAcademicYears(shown: number, firstYear: number, now: Date = new Date()): string[] {
  return academicYearsShown(Math.max(shown, firstYearOf(now) - firstYear + 1), now);
}

/**
 * The title an upload gets when none is typed (a file name like "DBS mid2 2017 s" reads as noise):
 * subject, then the exam and its date for a PYQ ("Data Structures End-sem Dec 2024"), else the
 * type and the academic year ("Data Structures Notes 2024-25").
 */
export function defaultTitle(fields: { subject: string; resourceType: string; academicYear: string } & Partial<ExamFacts>): string {
  const type = fields.resourceType === 'PYQ' ? 'PYQ' : fields.resourceType === 'NOTES' ? 'Notes' : 'Practical';
  const when = examDateLabel({ examMonth: fields.examMonth ?? null, examYear: fields.examYear ?? null }) || fields.academicYear;
  const what = fields.resourceType === 'PYQ' && fields.exam ? fields.exam : type;
  return [fields.subject.trim(), what, when].filter(Boolean).join(' ');
}

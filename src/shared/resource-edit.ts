import { z } from './zod.js';
import { offeredAcademicYearSchema } from './academic-years.js';
import { monthNeedsYear, type ExamChoices } from './exam-fields.js';
import { RESOURCE_MESSAGES, resourceUpdateSchema } from './resource.js';
import { uploadFieldsWith } from './upload-fields.js';

/*
 * PATCH /api/resources/:id (issue 36): any of the fields an upload sets, each checked exactly as
 * the upload form checks it. Apart from upload-fields.ts so the upload page's first load does
 * not carry it.
 */

/**
 * Fields left out stay as they are. A body that names the type names the exam fields too: for a
 * past paper exam, month and year absent mean none (the edit form sends all of them); a body
 * without the type changes only the exam fields it gives.
 */
export function resourceEditSchemaFor(academicYears: readonly string[] | (() => readonly string[]), exams?: ExamChoices) {
  const upload = uploadFieldsWith(offeredAcademicYearSchema(academicYears, RESOURCE_MESSAGES.fieldsMissing), exams);
  const fields = z.extend(z.omit(upload, { course: true, confirmNearDuplicate: true, title: true }), { title: resourceUpdateSchema.shape.title });
  return z.partial(fields).check(monthNeedsYear);
}
export type ResourceEdit = z.infer<ReturnType<typeof resourceEditSchemaFor>>;
/** What the edit form holds: every field as the form's inputs give it. */
export type ResourceEditInput = z.input<ReturnType<typeof resourceEditSchemaFor>>;

export const EDIT_MESSAGES = {
  saved: 'Details saved',
  saveFailed: 'Could not save the details',
} as const;

/** PUT /api/resources/:id/file: a form with only the new PDF (read-upload.ts's file part). */
export const replaceFileFieldsSchema = z.object({});

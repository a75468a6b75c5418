import { describe, preprocess, z } from './zod.js';
import { storedAcademicYearSchema } from './academic-years.js';
import { RESOURCE_TYPES } from './catalogue.js';
import { subjectNameSchema } from './resource.js';

/*
 * Suggested corrections (issue 36): anyone signed in says what is wrong with a resource's
 * labels or file; the class's CRs and the admins accept (the change is applied) or dismiss it.
 * One contract for the routes, the preview's dialog and the queues.
 */

export const CORRECTION_KINDS = [
  { value: 'wrong_year', label: 'Wrong year' },
  { value: 'wrong_subject', label: 'Wrong subject' },
  { value: 'wrong_type', label: 'Wrong type' },
  { value: 'pages_missing', label: 'Pages missing' },
  { value: 'better_scan', label: 'A better scan exists' },
] as const;
export type CorrectionKind = (typeof CORRECTION_KINDS)[number]['value'];
const KIND_VALUES = CORRECTION_KINDS.map((k) => k.value) as [CorrectionKind, ...CorrectionKind[]];
/** The kinds that propose a new value for one field, and the field. */
export const PROPOSED_FIELD = { wrong_year: 'academicYear', wrong_subject: 'subject', wrong_type: 'resourceType' } as const;

export const CORRECTION_STATUSES = ['open', 'accepted', 'dismissed'] as const;
export type CorrectionStatus = (typeof CORRECTION_STATUSES)[number];

export const CORRECTIONS_PER_HOUR = 20;
export const CORRECTION_NOTE_MAX = 500;

export const CORRECTION_MESSAGES = {
  kind: 'Choose what is wrong',
  year: 'Choose the right academic year',
  subject: 'Give the right subject',
  type: 'Choose the right type',
  noteTooLong: `Please keep the note to ${CORRECTION_NOTE_MAX} characters or fewer`,
  sent: 'Thank you: the class representatives will look at it.',
  sendFailed: 'Could not send the correction',
  tooMany: 'You have suggested many corrections in the last hour. Please try again later.',
  notFound: 'This correction does not exist or you cannot handle it.',
  closed: 'This correction has already been handled.',
  notYourClass: 'Only the CRs of this class and administrators handle its corrections.',
  accepted: 'Correction applied',
  dismissed: 'Correction dismissed',
  loadFailed: 'Failed to load the corrections',
} as const;

const blankIsUnset = <T extends z.ZodMiniType>(schema: T) =>
  preprocess((value) => (typeof value === 'string' && !value.trim() ? undefined : value), z.optional(schema));

/** POST /api/resources/:id/corrections: what is wrong, the right value where one applies, a note. */
export const createCorrectionSchema = z
  .object({
    kind: z.enum(KIND_VALUES, { error: CORRECTION_MESSAGES.kind }),
    academicYear: blankIsUnset(storedAcademicYearSchema(CORRECTION_MESSAGES.year)),
    subject: blankIsUnset(subjectNameSchema),
    resourceType: blankIsUnset(z.enum(RESOURCE_TYPES, { error: CORRECTION_MESSAGES.type })),
    note: blankIsUnset(z.string().check(z.trim(), z.maxLength(CORRECTION_NOTE_MAX, CORRECTION_MESSAGES.noteTooLong))),
  })
  .check(
    z.refine((c) => c.kind !== 'wrong_year' || !!c.academicYear, { message: CORRECTION_MESSAGES.year, path: ['academicYear'] }),
    z.refine((c) => c.kind !== 'wrong_subject' || !!c.subject, { message: CORRECTION_MESSAGES.subject, path: ['subject'] }),
    z.refine((c) => c.kind !== 'wrong_type' || !!c.resourceType, { message: CORRECTION_MESSAGES.type, path: ['resourceType'] }),
  );
export type CreateCorrection = z.infer<typeof createCorrectionSchema>;
export type CreateCorrectionInput = z.input<typeof createCorrectionSchema>;

export const correctionSchema = z.object({
  id: z.string(),
  resource: z.object({
    id: z.string(),
    title: z.string(),
    subject: z.string(),
    branch: z.string(),
    semester: z.number(),
    resourceType: z.string(),
    academicYear: z.string(),
  }),
  kind: z.enum(KIND_VALUES),
  proposed: describe(z.nullable(z.string()), 'The right value of the field the kind names (PROPOSED_FIELD), if any'),
  note: z.nullable(z.string()),
  status: z.enum(CORRECTION_STATUSES),
  suggestedByName: z.nullable(z.string()),
  decidedByName: z.nullable(z.string()),
  createdAt: z.string(),
  decidedAt: z.nullable(z.string()),
});
export type Correction = z.infer<typeof correctionSchema>;

export const correctionResponseSchema = z.object({ message: z.string(), correction: correctionSchema });
export const correctionListSchema = z.object({ corrections: z.array(correctionSchema) });
export const correctionQuerySchema = z.object({ status: z._default(z.enum(CORRECTION_STATUSES), 'open') });
export const correctionIdParamsSchema = z.object({ id: z.string().check(z.uuid(CORRECTION_MESSAGES.notFound)) });

export function correctionKindLabel(kind: CorrectionKind): string {
  return CORRECTION_KINDS.find((k) => k.value === kind)?.label ?? kind;
}

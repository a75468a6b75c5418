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

/** The kinds whose fix is a new PDF: the accepter supplies it (decision 054). */
export const FILE_KINDS: readonly CorrectionKind[] = ['pages_missing', 'better_scan'];
export const replacesFile = (kind: CorrectionKind): boolean => FILE_KINDS.includes(kind);

export const CORRECTION_STATUSES = ['open', 'accepted', 'dismissed'] as const;
export type CorrectionStatus = (typeof CORRECTION_STATUSES)[number];

export const CORRECTIONS_PER_HOUR = 20;
export const CORRECTION_NOTE_MAX = 500;
/** A page of a queue; the web shows fewer closed ones at first. */
export const CORRECTIONS_PAGE_MAX = 100;
export const CLOSED_CORRECTIONS_SHOWN = 10;

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
  fileNeeded: 'Choose the replacement PDF: accepting this correction replaces the file.',
  noFileTaken: 'This correction changes a label, not the file: accept it without one.',
  reasonTooLong: `Please keep the reason to ${CORRECTION_NOTE_MAX} characters or fewer`,
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
  decisionReason: describe(z.nullable(z.string()), 'Why it was dismissed, if the dismisser said'),
});
export type Correction = z.infer<typeof correctionSchema>;

export const correctionResponseSchema = z.object({ message: z.string(), correction: correctionSchema });
export const correctionListSchema = z.object({
  corrections: z.array(correctionSchema),
  nextOffset: describe(z.nullable(z.number()), 'The offset of the next page, null on the last'),
});
export type CorrectionList = z.infer<typeof correctionListSchema>;
/** Which queue: one status, or "closed" (accepted and dismissed, the latest decided first). */
export const CORRECTION_QUEUES = [...CORRECTION_STATUSES, 'closed'] as const;
export type CorrectionQueue = (typeof CORRECTION_QUEUES)[number];
export const correctionQuerySchema = z.object({
  status: z._default(z.enum(CORRECTION_QUEUES), 'open'),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(CORRECTIONS_PAGE_MAX)), CORRECTIONS_PAGE_MAX),
  offset: z._default(z.coerce.number().check(z.int(), z.minimum(0)), 0),
});
export type CorrectionQuery = z.infer<typeof correctionQuerySchema>;

/** POST /api/corrections/:id/dismiss: why, which the student reads in the mail (optional). */
export const dismissCorrectionSchema = z.object({
  reason: blankIsUnset(z.string().check(z.trim(), z.maxLength(CORRECTION_NOTE_MAX, CORRECTION_MESSAGES.reasonTooLong))),
});
export type DismissCorrection = z.infer<typeof dismissCorrectionSchema>;
/** The fields of the multipart accept (POST /api/corrections/:id/accept-with-file): only the file. */
export const acceptWithFileFieldsSchema = z.object({});
export const correctionIdParamsSchema = z.object({ id: z.string().check(z.uuid(CORRECTION_MESSAGES.notFound)) });

export function correctionKindLabel(kind: CorrectionKind): string {
  return CORRECTION_KINDS.find((k) => k.value === kind)?.label ?? kind;
}

import { describe, preprocess, withoutBidiControls, z } from './zod.js';
import { offeredAcademicYearSchema } from './academic-years.js';
import { BRANCH_ID_PATTERN, COURSES, MAX_SEMESTER, MIN_SEMESTER, RESOURCE_TYPES } from './catalogue.js';
import { DEFAULT_EXAMS } from './exams.js';

/**
 * Resource requests (SPEC.md §2 Request Resources and /my-requests, §5, §8; DESIGN.md §1: they
 * are stored and have a workflow). Shared by the server routes, the request form and the client.
 */
export const REQUEST_MESSAGES = {
  branch: 'Please select a branch',
  semester: 'Please select a semester',
  subject: 'Please select a subject',
  academicYear: 'Please select an academic year',
  resourceType: 'Please select a resource type',
  exam: 'Choose one of the listed exams',
  description: 'Please provide a detailed description',
  descriptionTooLong: 'Please keep the description under 1000 characters',
  submitted: 'Resource request submitted successfully!',
  submitFailed: 'Failed to submit request',
  loadFailed: 'Failed to load requests',
  notFound: 'This request does not exist or you cannot see it.',
  notYourClass: 'Only the CRs of this class or an administrator can handle this request.',
  alreadyClosed: 'This request has already been fulfilled or declined.',
  closedMeanwhile: 'Your file was uploaded to the library, but meanwhile someone else closed this request.',
  otherClass: 'That resource belongs to another branch or semester than the request.',
  resourceMissing: 'That resource does not exist or has been deleted.',
  declineReason: 'Please give a reason of at least 3 characters',
  tooMany: 'You have sent many requests in the last hour. Please try again later.',
  fulfilled: 'Request fulfilled',
  declined: 'Request declined',
  actionFailed: 'Failed to update the request',
  mailFailed: 'Saved, but the e-mail to the students could not be sent.',
} as const;

export const REQUEST_STATUSES = ['open', 'fulfilled', 'declined'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = { open: 'Open', fulfilled: 'Fulfilled', declined: 'Declined' };

export const REQUEST_DESCRIPTION_MIN = 10;
export const REQUEST_DESCRIPTION_MAX = 1000;
export const REQUEST_QUEUE_PAGE_SIZE = 20;

/** Requests (new ones and support for an open one) a user may send in an hour, as reports (decision 032). */
export const REQUESTS_PER_HOUR = 20;

/** "Data  structures " and "data structures" are the same subject: the key of a merge. */
export function subjectKey(subject: string): string {
  return subject.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** A string of the body without bidi controls, trimmed, then these checks (each says its own message). */
const text = (message: string, ...checks: z.core.$ZodCheck<string>[]) =>
  z.string({ error: message }).check(withoutBidiControls(), z.trim(), ...checks);

/** A form sends "" for a choice left unset ("any"). */
const blank = (value: unknown) => (typeof value === 'string' && !value.trim() ? undefined : value);
const blankIsUnset = <T extends z.ZodMiniType>(schema: T) => preprocess(blank, z.optional(schema));

/** What a request form asks beyond SPEC.md's fields (issue 36). */
export interface RequestChoices {
  /** The configured exams (EXAMS); asked at each parse. */
  exams?: readonly string[] | (() => readonly string[]);
  /** The form insists on a type; the API takes a request without one as "any type" (older clients). */
  typeRequired?: boolean;
}

/**
 * POST /api/requests. Fields are checked in SPEC.md §5's order and each says its own message;
 * the first failing one is what the form and the API report. The requester comes from the
 * session, never from the body (a `userId` sent along is ignored). The year is one of those
 * offered now (academicYearsShown), the same list as the upload form's; a route's schema, built
 * once, passes a function asked at each parse. Type and exam (issue 36) come after SPEC's five;
 * an exam is only kept for a past paper (PYQ).
 */
export const createRequestSchemaFor = (academicYears: readonly string[] | (() => readonly string[]), choices: RequestChoices = {}) => {
  const exams = () => (typeof choices.exams === 'function' ? choices.exams() : (choices.exams ?? DEFAULT_EXAMS));
  const type = z.enum(RESOURCE_TYPES, { error: REQUEST_MESSAGES.resourceType });
  return z.object({
    course: z._default(z.enum(COURSES.map((c) => c.id) as [string, ...string[]]), 'btech'),
    branch: text(REQUEST_MESSAGES.branch, z.toLowerCase(), z.regex(BRANCH_ID_PATTERN, REQUEST_MESSAGES.branch)),
    semester: z.coerce
      .number({ error: REQUEST_MESSAGES.semester })
      .check(
        z.int(REQUEST_MESSAGES.semester),
        z.minimum(MIN_SEMESTER, REQUEST_MESSAGES.semester),
        z.maximum(MAX_SEMESTER, REQUEST_MESSAGES.semester),
      ),
    subject: z.pipe(
      z.pipe(
        text(REQUEST_MESSAGES.subject),
        z.transform((value: string) => value.replace(/\s+/g, ' ')),
      ),
      z.string().check(z.minLength(2, REQUEST_MESSAGES.subject), z.maxLength(80, 'Subject names are at most 80 characters')),
    ),
    academicYear: offeredAcademicYearSchema(academicYears, REQUEST_MESSAGES.academicYear),
    description: text(
      REQUEST_MESSAGES.description,
      z.minLength(REQUEST_DESCRIPTION_MIN, REQUEST_MESSAGES.description),
      z.maxLength(REQUEST_DESCRIPTION_MAX, REQUEST_MESSAGES.descriptionTooLong),
    ),
    // Typed as optional either way: what the API accepts.
    resourceType: (choices.typeRequired ? preprocess(blank, type) : blankIsUnset(type)) as ReturnType<typeof blankIsUnset<typeof type>>,
    exam: blankIsUnset(z.string().check(z.trim(), z.refine((value) => exams().includes(value), REQUEST_MESSAGES.exam))),
  });
};
export type CreateRequest = z.infer<ReturnType<typeof createRequestSchemaFor>>;

/** The resource that fulfilled a request, enough to preview it. */
export const fulfilledBySchema = z.object({
  id: z.string(),
  subject: z.string(),
  resourceType: z.enum(RESOURCE_TYPES),
  academicYear: z.string(),
  thumbnailUrl: describe(z.optional(z.nullable(z.string())), 'First-page image of that resource; null until processing made it'),
});

export const resourceRequestSchema = z.object({
  id: z.string(),
  course: z.string(),
  branch: z.string(),
  semester: z.number().check(z.int()),
  subject: z.string(),
  academicYear: z.string(),
  // Field texts of issue 36 are doc comments, not describe(): this module is in the upload page's first load.
  /** The type asked for; null = any type. */
  resourceType: z.nullable(z.enum(RESOURCE_TYPES)),
  /** A past paper's exam asked for; null = any (or not a PYQ). */
  exam: z.nullable(z.string()),
  description: z.string(),
  status: z.enum(REQUEST_STATUSES),
  supporters: describe(z.number().check(z.int()), 'Students who want it, the requester included'),
  requestedByName: describe(z.nullable(z.string()), 'Null once that account is deleted'),
  supportedByMe: describe(z.boolean(), 'The signed-in user is the requester or a supporter'),
  declineReason: z.nullable(z.string()),
  decidedByName: z.nullable(z.string()),
  decidedAt: z.nullable(z.string()),
  resource: describe(z.nullable(fulfilledBySchema), 'Set when fulfilled, until that resource is deleted'),
  /** Open requests: resources of its class, subject, year (type, exam) uploaded since, newest first, at most 3. */
  matches: z.optional(z.array(fulfilledBySchema)),
  createdAt: z.string(),
});
export type ResourceRequest = z.infer<typeof resourceRequestSchema>;

export const requestResponseSchema = z.object({ request: resourceRequestSchema });

/** 201 for a new request, 200 when it joined an identical open one as a supporter. */
export const createRequestResponseSchema = z.object({
  message: z.string(),
  request: resourceRequestSchema,
  merged: describe(z.boolean(), 'True when an identical open request existed and you were added as a supporter'),
});

export const requestListResponseSchema = z.object({ requests: z.array(resourceRequestSchema) });

/** GET /api/requests/queue: CRs see their class, admins everything. */
export const requestQueueQuerySchema = z.object({
  status: z._default(z.enum(REQUEST_STATUSES), 'open'),
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1),
});
export type RequestQueueQuery = z.infer<typeof requestQueueQuerySchema>;

export const requestQueueResponseSchema = z.object({
  requests: z.array(resourceRequestSchema),
  total: z.number().check(z.int()),
  page: z.number().check(z.int()),
  pageSize: z.number().check(z.int()),
});
export type RequestQueueResponse = z.infer<typeof requestQueueResponseSchema>;

export const requestIdParamsSchema = z.object({ id: z.string().check(z.uuid(REQUEST_MESSAGES.notFound)) });

export const linkResourceSchema = z.object({
  resourceId: z.string({ error: REQUEST_MESSAGES.resourceMissing }).check(z.uuid(REQUEST_MESSAGES.resourceMissing)),
});

export const declineRequestSchema = z.object({
  reason: text(
    REQUEST_MESSAGES.declineReason,
    z.minLength(3, REQUEST_MESSAGES.declineReason),
    z.maxLength(500, 'Please keep the reason under 500 characters'),
  ),
});

export const requestDecisionResponseSchema = z.object({
  message: z.string(),
  request: resourceRequestSchema,
  mailed: z.boolean(),
});

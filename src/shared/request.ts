import { z } from 'zod';
import { offeredAcademicYearSchema } from './academic-years.js';
import { BRANCH_ID_PATTERN, COURSES, MAX_SEMESTER, MIN_SEMESTER, RESOURCE_TYPES } from './catalogue.js';

/**
 * Resource requests (SPEC.md §2 Request Resources and /my-requests, §5, §8; DESIGN.md §1: they
 * are stored and have a workflow). Shared by the server routes, the request form and the client.
 */
export const REQUEST_MESSAGES = {
  branch: 'Please select a branch',
  semester: 'Please select a semester',
  subject: 'Please select a subject',
  academicYear: 'Please select an academic year',
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

/** "Data  structures " and "data structures" are the same subject: the key of a merge. */
export function subjectKey(subject: string): string {
  return subject.trim().replace(/\s+/g, ' ').toLowerCase();
}

const text = (message: string) => z.string({ error: message }).trim();

/**
 * POST /api/requests. Fields are checked in SPEC.md §5's order and each says its own message;
 * the first failing one is what the form and the API report. The requester comes from the
 * session, never from the body (a `userId` sent along is ignored). The year is one of those
 * offered now (academicYearsShown), the same list as the upload form's; a route's schema, built
 * once, passes a function asked at each parse.
 */
export const createRequestSchemaFor = (academicYears: readonly string[] | (() => readonly string[])) =>
  z.object({
    course: z.enum(COURSES.map((c) => c.id) as [string, ...string[]]).default('btech'),
    branch: text(REQUEST_MESSAGES.branch).toLowerCase().regex(BRANCH_ID_PATTERN, REQUEST_MESSAGES.branch),
    semester: z.coerce
      .number({ error: REQUEST_MESSAGES.semester })
      .int(REQUEST_MESSAGES.semester)
      .min(MIN_SEMESTER, REQUEST_MESSAGES.semester)
      .max(MAX_SEMESTER, REQUEST_MESSAGES.semester),
    subject: text(REQUEST_MESSAGES.subject)
      .transform((value) => value.replace(/\s+/g, ' '))
      .pipe(z.string().min(2, REQUEST_MESSAGES.subject).max(80, 'Subject names are at most 80 characters')),
    academicYear: offeredAcademicYearSchema(academicYears, REQUEST_MESSAGES.academicYear),
    description: text(REQUEST_MESSAGES.description)
      .min(REQUEST_DESCRIPTION_MIN, REQUEST_MESSAGES.description)
      .max(REQUEST_DESCRIPTION_MAX, REQUEST_MESSAGES.descriptionTooLong),
  });
export type CreateRequest = z.infer<ReturnType<typeof createRequestSchemaFor>>;

/** The resource that fulfilled a request, enough to preview it. */
export const fulfilledBySchema = z.object({
  id: z.string(),
  subject: z.string(),
  resourceType: z.enum(RESOURCE_TYPES),
  academicYear: z.string(),
  thumbnailUrl: z.string().nullable().optional().describe('First-page image of that resource; null until processing made it'),
});

export const resourceRequestSchema = z.object({
  id: z.string(),
  course: z.string(),
  branch: z.string(),
  semester: z.number().int(),
  subject: z.string(),
  academicYear: z.string(),
  description: z.string(),
  status: z.enum(REQUEST_STATUSES),
  supporters: z.number().int().describe('Students who want it, the requester included'),
  requestedByName: z.string().nullable().describe('Null once that account is deleted'),
  supportedByMe: z.boolean().describe('The signed-in user is the requester or a supporter'),
  declineReason: z.string().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  resource: fulfilledBySchema.nullable().describe('Set when fulfilled, until that resource is deleted'),
  createdAt: z.string(),
});
export type ResourceRequest = z.infer<typeof resourceRequestSchema>;

export const requestResponseSchema = z.object({ request: resourceRequestSchema });

/** 201 for a new request, 200 when it joined an identical open one as a supporter. */
export const createRequestResponseSchema = z.object({
  message: z.string(),
  request: resourceRequestSchema,
  merged: z.boolean().describe('True when an identical open request existed and you were added as a supporter'),
});

export const requestListResponseSchema = z.object({ requests: z.array(resourceRequestSchema) });

/** GET /api/requests/queue: CRs see their class, admins everything. */
export const requestQueueQuerySchema = z.object({
  status: z.enum(REQUEST_STATUSES).default('open'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type RequestQueueQuery = z.infer<typeof requestQueueQuerySchema>;

export const requestQueueResponseSchema = z.object({
  requests: z.array(resourceRequestSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type RequestQueueResponse = z.infer<typeof requestQueueResponseSchema>;

export const requestIdParamsSchema = z.object({ id: z.string().uuid(REQUEST_MESSAGES.notFound) });

export const linkResourceSchema = z.object({
  resourceId: z.string({ error: REQUEST_MESSAGES.resourceMissing }).uuid(REQUEST_MESSAGES.resourceMissing),
});

export const declineRequestSchema = z.object({
  reason: text(REQUEST_MESSAGES.declineReason).min(3, REQUEST_MESSAGES.declineReason).max(500, 'Please keep the reason under 500 characters'),
});

export const requestDecisionResponseSchema = z.object({
  message: z.string(),
  request: resourceRequestSchema,
  mailed: z.boolean(),
});

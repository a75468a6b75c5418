import { describe, preprocess, withoutBidiControls, z } from './zod.js';

/**
 * Issue reports (SPEC.md §2 Report Issue, §3, §5, §9; DESIGN.md §1: reports are stored and have a
 * workflow). One contract for the server routes, the report form and the web client.
 */

export const REPORT_MESSAGES = {
  issueType: 'Please select an issue type',
  title: 'Please enter a title',
  titleTooLong: 'Please keep the title to 150 characters or fewer',
  description: 'Please describe the issue',
  descriptionTooLong: 'Please keep the description to 2000 characters or fewer',
  priority: 'Please select a priority',
  email: 'Please enter your email',
  emailInvalid: 'Please enter a valid email address',
  screenshotType: 'Please attach a PNG, JPEG or WebP image',
  screenshotTooLarge: 'File size should be less than 5MB',
  screenshotTooManyPixels: 'Screenshots may be at most 40 megapixels. Please send a smaller image.',
  screenshotField: 'Please attach the screenshot in the "screenshot" field',
  notMultipart: 'Please send the report as multipart/form-data',
  submitting: 'Submitting...',
  submitted: 'Issue reported successfully!',
  submitFailed: 'Failed to report issue',
  tooMany: 'You have sent many reports in the last hour. Please try again later.',
  loadMineFailed: 'Failed to load your reports',
  loadInboxFailed: 'Failed to load reported issues',
  loadOneFailed: 'Failed to load this report',
  notFound: 'This report does not exist or you cannot see it.',
  adminOnly: 'Only administrators can manage reported issues.',
  statusFailed: 'Failed to update the status',
  statusInvalid: 'Choose open, in_progress or resolved',
} as const;

/** SPEC.md §5: the issue types, with the labels the form shows. */
export const ISSUE_TYPES = [
  { value: 'bug', label: 'Bug Report' },
  { value: 'broken-link', label: 'Broken Link' },
  { value: 'missing-content', label: 'Missing Content' },
  { value: 'suggestion', label: 'Suggestion' },
  { value: 'other', label: 'Other' },
] as const;
export type IssueType = (typeof ISSUE_TYPES)[number]['value'];
export const ISSUE_TYPE_VALUES = ISSUE_TYPES.map((t) => t.value) as [IssueType, ...IssueType[]];

/** SPEC.md §5: priorities, medium by default. */
export const PRIORITIES = [
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
  { value: 'critical', label: 'Critical' },
] as const;
export type Priority = (typeof PRIORITIES)[number]['value'];
export const PRIORITY_VALUES = PRIORITIES.map((p) => p.value) as [Priority, ...Priority[]];
export const DEFAULT_PRIORITY: Priority = 'medium';

/** A report's workflow: open -> in progress -> resolved; an admin may set any of them. */
export const REPORT_STATUSES = [
  { value: 'open', label: 'Open' },
  { value: 'in_progress', label: 'In progress' },
  { value: 'resolved', label: 'Resolved' },
] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number]['value'];
export const REPORT_STATUS_VALUES = REPORT_STATUSES.map((s) => s.value) as [ReportStatus, ...ReportStatus[]];

/** The label of an option list's value ("bug" -> "Bug Report"), or the value itself if unknown. */
export function labelOf(options: readonly { value: string; label: string }[], value: string): string {
  return options.find((option) => option.value === value)?.label ?? value;
}

export const REPORT_TITLE_MAX = 150;
export const REPORT_DESCRIPTION_MAX = 2000;
export const REPORT_EMAIL_MAX = 254;
/** SPEC.md §9: a screenshot of exactly 5 MiB is accepted, one byte more is not. */
export const SCREENSHOT_MAX_BYTES = 5 * 1024 * 1024;
/** Pixels a screenshot may have (a full-page phone capture of 1080 x 20,000 fits); more are refused before decoding. */
export const SCREENSHOT_MAX_PIXELS = 40_000_000;
/** The image types a screenshot may be, as recognised from its bytes (never from its name). */
export const SCREENSHOT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ScreenshotType = (typeof SCREENSHOT_TYPES)[number];
export const SCREENSHOT_EXTENSIONS: Record<ScreenshotType, string> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/webp': '.webp',
};
/** Reports one user may send per hour: a screenshot costs disk space, so flooding is capped. */
export const REPORTS_PER_HOUR = 20;
export const REPORT_PAGE_SIZE = 20;

/** The multipart file part that carries the screenshot; it comes after the text fields. */
export const SCREENSHOT_FIELD = 'screenshot';

/** Bytes `sniffImageType` needs to decide (WebP's RIFF....WEBP header is the longest). */
export const IMAGE_SNIFF_BYTES = 12;

/**
 * The image type the first bytes show: PNG's 8-byte signature, JPEG's SOI marker + FF, WebP's
 * RIFF....WEBP. Anything else (SVG, text, GIF, a renamed PDF) is undefined.
 */
export function sniffImageType(head: Uint8Array): ScreenshotType | undefined {
  const starts = (bytes: number[], at = 0) => bytes.every((byte, i) => head[at + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

const requiredText = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).check(withoutBidiControls(), z.trim(), z.minLength(1, message), z.maxLength(max, tooLong));

/**
 * The text fields of a report (POST /api/reports, multipart, before the optional "screenshot"
 * file part). The reporter comes from the session: a `reporterId` sent along is dropped.
 */
export const reportFieldsSchema = z.object({
  issueType: describe(z.enum(ISSUE_TYPE_VALUES, { error: REPORT_MESSAGES.issueType }), 'bug, broken-link, missing-content, suggestion or other'),
  title: requiredText(REPORT_MESSAGES.title, REPORT_TITLE_MAX, REPORT_MESSAGES.titleTooLong),
  description: requiredText(REPORT_MESSAGES.description, REPORT_DESCRIPTION_MAX, REPORT_MESSAGES.descriptionTooLong),
  priority: z._default(z.enum(PRIORITY_VALUES, { error: REPORT_MESSAGES.priority }), DEFAULT_PRIORITY),
  email: describe(
    z.pipe(
      z.string({ error: REPORT_MESSAGES.email }).check(z.trim(), z.minLength(1, REPORT_MESSAGES.email)),
      z.email(REPORT_MESSAGES.emailInvalid).check(z.maxLength(REPORT_EMAIL_MAX, REPORT_MESSAGES.emailInvalid)),
    ),
    'Where the team may answer; prefilled with the account e-mail',
  ),
});
export type ReportFields = z.infer<typeof reportFieldsSchema>;
export type ReportFieldName = keyof ReportFields;

/** The first message for each failing field (the form shows one message under each field). */
export function reportFieldErrors(values: unknown): { fields?: ReportFields; errors: Partial<Record<ReportFieldName, string>> } {
  const parsed = reportFieldsSchema.safeParse(values);
  if (parsed.success) return { fields: parsed.data, errors: {} };
  const errors: Partial<Record<ReportFieldName, string>> = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as ReportFieldName] ??= issue.message;
  return { errors };
}

/** A report as the API returns it. */
export const reportSchema = z.object({
  id: z.string(),
  issueType: z.enum(ISSUE_TYPE_VALUES),
  title: z.string(),
  description: z.string(),
  priority: z.enum(PRIORITY_VALUES),
  email: z.string(),
  status: z.enum(REPORT_STATUS_VALUES),
  reporterId: describe(z.nullable(z.string()), 'null once the reporter\'s account is deleted'),
  reporterName: z.nullable(z.string()),
  screenshot: z.nullable(
    z.object({
      type: describe(z.enum(SCREENSHOT_TYPES), 'Recognised from the bytes, not the file name'),
      size: z.number().check(z.int()),
      url: describe(z.string(), 'Same-origin address of the image (reporter and admins only)'),
    }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Report = z.infer<typeof reportSchema>;

export const reportResponseSchema = z.object({ report: reportSchema });
export const createReportResponseSchema = z.object({ message: z.string(), report: reportSchema });

export const reportPageSchema = z.object({
  reports: z.array(reportSchema),
  total: z.number().check(z.int()),
  page: z.number().check(z.int()),
  pageSize: z.number().check(z.int()),
});
export type ReportPage = z.infer<typeof reportPageSchema>;

const pageSchema = z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1);
/** '' and 'all' mean no filter, so a select's "All" option and a bare URL both work. */
const anyOr = <T extends z.ZodMiniType>(schema: T) =>
  preprocess((value) => (typeof value === 'string' && ['', 'all'].includes(value.trim().toLowerCase()) ? undefined : value), z.optional(schema));

export const myReportsQuerySchema = z.object({ page: pageSchema });

/** GET /api/reports (admins); the same keys are the inbox's URL parameters. */
export const reportListQuerySchema = z.object({
  status: anyOr(z.enum(REPORT_STATUS_VALUES)),
  issueType: anyOr(z.enum(ISSUE_TYPE_VALUES)),
  priority: anyOr(z.enum(PRIORITY_VALUES)),
  page: pageSchema,
});
export type ReportListQuery = z.infer<typeof reportListQuerySchema>;

/** Any id shape is looked up: an unknown one is answered 404 like a report one may not see. */
export const reportIdParamsSchema = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

export const reportStatusRequestSchema = z.object({
  status: z.enum(REPORT_STATUS_VALUES, { error: REPORT_MESSAGES.statusInvalid }),
});
export type ReportStatusRequest = z.infer<typeof reportStatusRequestSchema>;

/** "Marked In progress": the toast after a status change. */
export function statusChangedMessage(status: ReportStatus): string {
  return `Marked ${labelOf(REPORT_STATUSES, status)}`;
}

/** Address of a report's screenshot. */
export function reportScreenshotUrl(id: string): string {
  return `/api/reports/${encodeURIComponent(id)}/screenshot`;
}

import { describe, preprocess, z } from './zod.js';
import { stripBidiControls, stripControlCharacters } from './control-characters.js';
import { MAX_SEMESTER, MIN_SEMESTER, RESOURCE_TYPES, branchIdSchema } from './catalogue.js';
import { searchHitSchema } from './search.js';
import { examFactsSchema } from './exam-fields.js';

/** User-facing texts of the resource library (SPEC.md §5, §8), shared by server, screens and tests. */
export const RESOURCE_MESSAGES = {
  uploadForbidden: 'You do not have permission to upload',
  notPdf: 'Please upload PDF files only',
  fieldsMissing: 'Please fill all fields and select a file',
  uploadFailed: 'Upload failed',
  uploadSuccess: 'Upload successful!',
  loginFirst: 'Please login first',
  somethingWrong: 'Something went wrong',
  found: (count: number) => `Found ${count} matching resource${count === 1 ? '' : 's'}`,
  noneFound: 'No resources found with matching criteria',
  filterFailed: 'Failed to filter resources',
  loginToDownload: 'Please login to download resources',
  downloadStarting: 'Starting download...',
  downloadStarted: 'Download started',
  downloadFailed: 'Failed to download file',
  downloadUrlFailed: 'Failed to get download URL',
  adminRequired: 'Unauthorized: Admin access required',
  deleting: 'Deleting resource...',
  deleted: 'Resource deleted successfully',
  deleteFailed: 'Failed to delete resource',
  pdfLoading: 'Loading PDF...',
  pdfLoadFailed: 'Failed to load PDF. Please try again.',
  notFound: 'This resource does not exist or has been deleted.',
  pdfUnreadable: 'This PDF is damaged: its pages cannot be read. Please upload a copy that opens in a PDF reader.',
  pdfTooComplex: 'This PDF is too large or complex to check. Please upload a simpler copy (for example, print it to PDF again).',
  titleSaved: 'Title saved',
  titleSaveFailed: 'Could not save the title',
  editForbidden: 'Only the uploader or an admin can edit this resource',
  passwordProtected: 'Password-protected PDFs cannot be previewed by other students. Please upload the PDF without a password.',
} as const;

/** "File size must be less than 20MB", with the configured limit. */
export function fileTooLargeMessage(maxUploadMb: number): string {
  return `File size must be less than ${maxUploadMb}MB`;
}

/** The upload limit in bytes: MAX_UPLOAD_MB mebibytes; a file of exactly this size is accepted. */
export function maxUploadBytes(maxUploadMb: number): number {
  return maxUploadMb * 1024 * 1024;
}

/** SPEC.md §3: fileSize is kept in whole megabytes, rounded. */
export function wholeMegabytes(bytes: number): number {
  return Math.round(bytes / (1024 * 1024));
}

/** "1.25 MB": the size shown beside a chosen file (SPEC.md §2, two decimals). */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** Subject names are free text (the catalogue only suggests); spaces are collapsed. */
export const subjectNameSchema = describe(
  z.pipe(
    z.pipe(
      z.string({ error: RESOURCE_MESSAGES.fieldsMissing }),
      z.transform((value: string) => stripBidiControls(value).trim().replace(/\s+/g, ' ')),
    ),
    z.string().check(z.minLength(2, RESOURCE_MESSAGES.fieldsMissing), z.maxLength(80, 'Subject names are at most 80 characters')),
  ),
  'Subject, for example "Data Structures"',
);

/** Longest title; a cleaned-up file name is cut at a word boundary before it. */
export const TITLE_MAX_LENGTH = 120;

/**
 * A resource's title: what tells two "DBMS Notes" of one class apart on a card. Spaces are
 * collapsed and bidirectional controls dropped, as from file names (they could make a title read
 * as something else); empty means "none given" (the upload then takes the file name's).
 */
export const resourceTitleSchema = describe(
  z.pipe(
    z.pipe(
      z.string(),
      // Titles are shown first on cards: bidi controls go as in file names (C1 controls too).
      z.transform((value: string) => stripControlCharacters(value, { name: true }).trim().replace(/\s+/g, ' ')),
    ),
    z.string().check(z.maxLength(TITLE_MAX_LENGTH, `Titles are at most ${TITLE_MAX_LENGTH} characters`)),
  ),
  'Title shown on the card, e.g. "Unit 3 - Normalisation, with solved questions"',
);

/**
 * The default title of an upload: its file name without the extension, underscores and dashes
 * within words as spaces (a dash between spaces stays, as a separator), spaces collapsed, cut at a
 * word boundary to TITLE_MAX_LENGTH. "dbms_unit-3__notes.pdf" reads "dbms unit 3 notes". Empty for
 * a name with no letters or digits.
 */
export function titleFromFileName(fileName: string): string {
  const stem = (fileName.split(/[\\/]/).pop() ?? '').replace(/\.[a-z0-9]{1,5}$/i, '');
  const words = stem
    // A dash inside a word joins it (unit-3); one between spaces separates ("Unit 1 - ER").
    .replace(/(?<=\S)-+(?=\S)/g, ' ')
    .replace(/_+/g, ' ')
    .replace(/\s+-+\s+/g, ' - ')
    .replace(/^[\s-]+|[\s-]+$/g, '')
    .replace(/\s+/g, ' ');
  if (!/[\p{L}\p{N}]/u.test(words)) return '';
  if (words.length <= TITLE_MAX_LENGTH) return words;
  const cut = words.slice(0, TITLE_MAX_LENGTH + 1);
  const space = cut.lastIndexOf(' ');
  return (space > TITLE_MAX_LENGTH / 2 ? cut.slice(0, space) : cut.slice(0, TITLE_MAX_LENGTH)).trim();
}

/** Who uploaded a resource relative to the viewer ("by your CR"). */
export const UPLOADER_KINDS = ['you', 'your-cr', 'cr', 'admin'] as const;
export type UploaderKind = (typeof UPLOADER_KINDS)[number];

/** A resource as the API returns it (SPEC.md §3 Resource, plus exact size and page count). */
export const resourceSchema = z.object({
  id: z.string(),
  fileName: describe(z.string(), 'Generated name (SPEC.md §3), e.g. btech_cse_2024-25_sem3_data_structures_notes.pdf'),
  originalName: describe(z.string(), 'The uploader\'s file name, used when the file is downloaded'),
  title: describe(z.string(), 'Shown first on the card; from the file name unless the uploader gave one'),
  subject: z.string(),
  semester: z.number().check(z.int()),
  resourceType: z.enum(RESOURCE_TYPES),
  course: z.string(),
  branch: z.string(),
  academicYear: z.string(),
  ...examFactsSchema,
  downloads: z.number().check(z.int()),
  fileSize: describe(z.number().check(z.int()), 'Whole megabytes, rounded (SPEC.md §3)'),
  sizeBytes: z.number().check(z.int()),
  pageCount: z.number().check(z.int()),
  uploadedBy: describe(z.nullable(z.string()), 'User id of the uploader; null once that account is deleted'),
  uploadedByName: describe(z.optional(z.nullable(z.string())), 'Only for admins (SPEC.md §6)'),
  uploader: describe(
    z.nullable(z.enum(UPLOADER_KINDS)),
    'Who uploaded it, as the viewer reads it: you, a CR of your class, another CR, an admin; null once the account is gone',
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
  scanned: describe(z.boolean(), 'Some page\'s text was read by OCR: a phone scan'),
  beingRead: describe(z.boolean(), 'Text still being read, not yet searchable'),
  thumbnailUrl: describe(z.nullable(z.string()), 'First-page image; null until processing made it'),
  // Pages 1..count as images (shared/page-images.ts); width and height are page 1's.
  pageImages: describe(z.nullable(z.object({ count: z.number(), version: z.string(), width: z.number(), height: z.number() })), 'Page images'),
  hit: describe(z.optional(searchHitSchema), 'With a search: the best matching page and its snippet'),
});
export type Resource = z.infer<typeof resourceSchema>;

/**
 * 'relevance' only orders a search (q); without q it lists newest first. 'latest': by exam date
 * (a past paper's exam year and month), then academic year, then upload time.
 */
export const RESOURCE_SORTS = ['newest', 'downloads', 'relevance', 'latest'] as const;
export type ResourceSort = (typeof RESOURCE_SORTS)[number];
export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 50;

/** "Any" is an empty value: every filter field is optional (DESIGN.md §1). */
const anyOr = <T extends z.ZodMiniType>(schema: T) =>
  preprocess(
    (value) => (typeof value === 'string' && ['', 'any'].includes(value.trim().toLowerCase()) ? undefined : value),
    z.optional(schema),
  );

/** GET /api/resources query; the same keys are the /filter-resources URL parameters. */
export const resourceListQuerySchema = z.object({
  course: anyOr(z.string().check(z.maxLength(16))),
  branch: anyOr(z.pipe(z.string().check(z.trim(), z.toLowerCase()), branchIdSchema)),
  semester: anyOr(z.coerce.number().check(z.int(), z.minimum(MIN_SEMESTER), z.maximum(MAX_SEMESTER))),
  resourceType: anyOr(z.enum(RESOURCE_TYPES)),
  academicYear: anyOr(z.string().check(z.regex(/^\d{4}-\d{2}$/, 'Academic years look like 2024-25'))),
  exam: anyOr(z.string().check(z.maxLength(40))),
  // Not trimmed at the end: a trailing space says the last word is complete (no prefix match).
  q: describe(
    anyOr(
      z.pipe(
        z.string().check(z.maxLength(100, 'Search at most 100 characters')),
        z.transform((value: string) => value.trimStart()),
      ),
    ),
    'Words of the subject, the file name or the text inside; "quoted phrases"; the last word is a prefix unless the text ends with a space',
  ),
  /** With q, 1: only results whose best page has a question holding most of the words. */
  questions: anyOr(z.literal('1')),
  sort: describe(z.optional(z.enum(RESOURCE_SORTS)), 'Unset: relevance with q, newest without; latest: by exam date'),
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_PAGE_SIZE)), DEFAULT_PAGE_SIZE),
});
export type ResourceListQuery = z.infer<typeof resourceListQuerySchema>;

export const resourceListResponseSchema = z.object({
  resources: z.array(resourceSchema),
  terms: describe(z.optional(z.array(z.string())), 'With a search: the words to highlight in the preview'),
  total: z.number().check(z.int()),
  // A search that found nothing: papers passing the filters whose text is still being read.
  stillBeingRead: z.optional(z.number()),
  page: z.number().check(z.int()),
  pageSize: z.number().check(z.int()),
});
export type ResourceListResponse = z.infer<typeof resourceListResponseSchema>;

export const resourceResponseSchema = z.object({ resource: resourceSchema });

/** PATCH /api/resources/:id: what the uploader or an admin may change. */
export const resourceUpdateSchema = z.object({
  title: z.pipe(resourceTitleSchema, z.string().check(z.minLength(1, 'Give the resource a title'))),
});
export type ResourceUpdate = z.infer<typeof resourceUpdateSchema>;

export const resourceIdParamsSchema = z.object({ id: z.string().check(z.uuid('Unknown resource')) });

/** POST /api/resources/:id/download: counts the download and says where the bytes are. */
export const downloadResponseSchema = z.object({
  url: describe(z.string(), 'Same-origin address of the file, served as an attachment'),
  downloads: z.number().check(z.int()),
});

/**
 * Address of a resource's bytes. The viewer reads it with range requests; opened in a tab it
 * downloads (always an attachment: an uploaded PDF never renders as a page of our origin).
 */
export function resourceFileUrl(id: string): string {
  return `/api/resources/${encodeURIComponent(id)}/file`;
}

/** Address of a resource's first-page image; `version` changes when the image is remade. */
export function resourceThumbnailUrl(id: string, version: string): string {
  return `/api/resources/${encodeURIComponent(id)}/thumbnail?v=${encodeURIComponent(version)}`;
}

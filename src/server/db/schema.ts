import type { Generated } from 'kysely';

/** Table types for Kysely. Timestamps are ISO-8601 text on both dialects so they sort alike. */
export interface BranchTable {
  id: string;
  name: string;
  short_name: string;
  description: string;
  sort_order: number;
}

export interface SubjectTable {
  id: Generated<number>;
  branch_id: string;
  semester: number;
  name: string;
}

/** better-auth's user table, with our profile fields (db/auth-schema.ts). */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  image: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  role: string;
  course: string;
  branch: string;
  semester: number | null;
  academicSession: string;
  /** The term the semester was last settled in, "2026-07" (migration 025). */
  semesterConfirmedTerm: string | null;
  /** better-auth's two-factor plugin (decision 049); null on rows made before it. */
  twoFactorEnabled: boolean | number | null;
  /** Made by a provider sign-in and the profile not finished yet (decision 052); null otherwise. */
  profilePending: boolean | number | null;
}

export interface SessionTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: Date | string;
  createdAt: Date | string;
  updatedAt: Date | string;
  userAgent: string | null;
  /** The OpenID Connect provider that opened it; null for a password sign-in (decision 055). */
  signInProvider: string | null;
  /** The client's approximate place when it signed in, from the trusted proxy (CLIENT_PLACE_HEADER). */
  place: string | null;
}

export interface AccountTable {
  id: string;
  userId: string;
  providerId: string;
  /** The provider's last ID token (better-auth keeps it): the hint of a sign-out at the provider. */
  idToken: string | null;
}

export interface ClassRepSeatTable {
  branch_id: string;
  semester: number;
  seat: number;
  user_id: string;
  created_at: string;
}

export interface AdminAccessRequestTable {
  id: Generated<number>;
  user_id: string;
  status: 'pending' | 'approved' | 'declined';
  created_at: string;
  decided_at: string | null;
  decided_by: string | null;
}

/** A CR sign-up waiting for its e-mail verification, when the seat is taken (migration 007). */
export interface ClassRepClaimTable {
  user_id: string;
  created_at: string;
}

/** One limited key's current fixed window (migration 007); bigint comes back as a string from pg. */
export interface RateLimitBucketTable {
  key: string;
  window_start_ms: number | string;
  hits: number;
}

/** better-auth's table of one-time values; reset-password tokens are `reset-password:<token>` -> user id. */
/** better-auth's two-factor plugin (decision 049): the secret and backup codes, encrypted. */
export interface TwoFactorTable {
  id: string;
  userId: string;
  secret: string;
  backupCodes: string;
  verified: boolean | number | null;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Date | string;
  createdAt: Date | string;
  updatedAt: Date | string;
}

export interface ResourceTable {
  id: string;
  file_key: string;
  file_name: string;
  original_name: string;
  /** Shown first on a card (migration 014); defaults to the cleaned-up original name. */
  title: Generated<string>;
  subject: string;
  semester: number;
  resource_type: string;
  course: string;
  branch: string;
  academic_year: string;
  downloads: Generated<number>;
  file_size_mb: number;
  /** bigint: pg returns it as a string. */
  size_bytes: number | string;
  sha256: string;
  page_count: number;
  uploaded_by: string | null;
  created_at: string;
  updated_at: string;
  /** 1 when some page's text came from OCR (migration 010): the "Scanned" badge. */
  scanned: Generated<number>;
  /** First-page image in the FileStore, once processing made it. */
  thumbnail_key: Generated<string | null>;
  thumbnail_type: Generated<string | null>;
  /** The set of page images in the FileStore (migration 023): `<key>/<page>-<width>.webp`. */
  page_image_key: Generated<string | null>;
  /** Pages 1..count have images; 0 = none (not processed yet, or made before migration 023). */
  page_image_count: Generated<number>;
  /** Page 1's image size at the largest width, so the preview sizes it before it arrives. */
  page_image_width: Generated<number | null>;
  page_image_height: Generated<number | null>;
  /** A past paper's exam, as configured (EXAMS), and when it was sat (migration 024); null otherwise. */
  exam: Generated<string | null>;
  exam_month: Generated<number | null>;
  exam_year: Generated<number | null>;
  /** How splitting into questions went (migration 026): null not tried, 'split', or 'none'. */
  question_split: Generated<string | null>;
}

/** One thing an administrator did (migration 004); before/after are JSON snapshots. */
export interface AuditLogTable {
  id: Generated<number>;
  actor_id: string;
  actor_name: string;
  action: string;
  target_type: string;
  target_id: string;
  summary: string;
  before_json: string | null;
  after_json: string | null;
  created_at: string;
}

export type RequestStatus = 'open' | 'fulfilled' | 'declined';

/** A student's request for a missing resource (migration 005). */
export interface ResourceRequestTable {
  id: string;
  course: string;
  branch: string;
  semester: number;
  subject: string;
  /** Lower-case, single-spaced subject: what makes two requests the same. */
  subject_key: string;
  academic_year: string;
  /** NOTES, PYQ or PRACTICAL; '' = any type (migration 028). */
  resource_type: string;
  /** A past paper's exam; '' = any exam, always '' for other types. */
  exam: string;
  description: string;
  requested_by: string | null;
  status: RequestStatus;
  decline_reason: string | null;
  resource_id: string | null;
  decided_by_name: string | null;
  decided_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Everyone who wants a request fulfilled, the requester included. */
export interface RequestSupporterTable {
  request_id: string;
  user_id: string;
  created_at: string;
}

export type ReportStatus = 'open' | 'in_progress' | 'resolved';

/** A reported problem (migration 006); the screenshot's bytes are in the FileStore. */
export interface IssueReportTable {
  id: string;
  reporter_id: string | null;
  issue_type: string;
  title: string;
  description: string;
  priority: string;
  email: string;
  status: ReportStatus;
  screenshot_key: string | null;
  screenshot_type: string | null;
  screenshot_size: number | null;
  created_at: string;
  updated_at: string;
}

/** A suggested correction of a resource (migration 029, issue 36). */
export interface ResourceCorrectionTable {
  id: string;
  resource_id: string;
  suggested_by: string | null;
  kind: string;
  proposed: string | null;
  note: string | null;
  status: 'open' | 'accepted' | 'dismissed';
  decided_by_name: string | null;
  decided_at: string | null;
  /** Why it was dismissed, if the dismisser said (migration 031). */
  decision_reason: string | null;
  created_at: string;
}

/** Who asked for which file on which UTC day (migration 008); counts one download each. */
export interface ResourceDownloadTable {
  resource_id: string;
  user_id: string;
  day: string;
}

/** The durable mail queue (mail/mail-delivery.ts). */
export interface MailOutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** The durable processing queue (migration 010): one row per resource. */
export interface ProcessingJobTable {
  resource_id: string;
  status: 'pending' | 'running' | 'done' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_until: string | null;
  locked_by: string | null;
  pages_done: Generated<number>;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  /** 0: a new upload's job; 1: the remaining OCR pages of a large scan, run after every 0. */
  priority: Generated<number>;
  /** The first page this pass may OCR; the pages before it were read in earlier passes. */
  ocr_from_page: Generated<number>;
}

/**
 * A resource's searchable text, one row per page; page 0 is the subject and file name. The
 * full-text index over `body` is dialect-specific (FTS5 table `resource_page_fts` on SQLite, the
 * generated `tsv` column on PostgreSQL) and only the search repository touches it.
 */
export interface ResourcePageTable {
  id: Generated<number>;
  resource_id: string;
  page: number;
  body: string;
  /** 1 when the text came from OCR. */
  ocr: Generated<number>;
}

/** The words OCR read on one page, with their boxes (migration 022, shared/page-words.ts). */
export interface ResourcePageWordsTable {
  resource_id: string;
  page: number;
  /** JSON: PageWordLine[]. */
  lines: string;
}

/** One question of a paper, a leaf such as "Q3(a)" (migration 026). */
export interface QuestionTable {
  id: string;
  resource_id: string;
  position: number;
  number: string;
  part: string | null;
  label: string;
  text: string;
  stem: string | null;
  marks: number | null;
  section: string | null;
  page: number;
  /** JSON: QuestionRegion[]. */
  regions: string;
  alternative_to: string | null;
  subject_key: string;
  /** JSON: the MinHash signature, an array of integers. */
  signature: string;
  group_key: string;
}

/** A hand-made grouping choice: these two questions are (same = 1) or are not the same (migration 026). */
export interface QuestionGroupingTable {
  subject_key: string;
  resource_a: string;
  label_a: string;
  resource_b: string;
  label_b: string;
  same: number;
  made_by: string | null;
  made_at: string;
}

/** Every distinct indexed word, for typo correction (migration 010). */
export interface SearchTermTable {
  term: string;
}

/** An abbreviation of a subject, upper case (migration 010). */
export interface SubjectAliasTable {
  alias: string;
  subject: string;
  created_at: string;
}

/** A resource a user saved to "My shelf" (migration 012). */
export interface ShelfItemTable {
  user_id: string;
  resource_id: string;
  saved_at: string;
}

/** Two papers whose text is nearly the same (migration 027); resource_a < resource_b. */
export interface NearDuplicatePairTable {
  resource_a: string;
  resource_b: string;
  /** How much of their text is the same, whole percent. */
  percent: number;
  /** 'flagged' or 'dismissed'. */
  status: string;
  flagged_at: string;
}

export interface Database {
  branch: BranchTable;
  subject: SubjectTable;
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  class_rep_seat: ClassRepSeatTable;
  admin_access_request: AdminAccessRequestTable;
  class_rep_claim: ClassRepClaimTable;
  rate_limit_bucket: RateLimitBucketTable;
  verification: VerificationTable;
  twoFactor: TwoFactorTable;
  resource: ResourceTable;
  audit_log: AuditLogTable;
  resource_request: ResourceRequestTable;
  request_supporter: RequestSupporterTable;
  issue_report: IssueReportTable;
  resource_download: ResourceDownloadTable;
  mail_outbox: MailOutboxTable;
  processing_job: ProcessingJobTable;
  resource_page: ResourcePageTable;
  resource_page_words: ResourcePageWordsTable;
  search_term: SearchTermTable;
  subject_alias: SubjectAliasTable;
  shelf_item: ShelfItemTable;
  question: QuestionTable;
  question_grouping: QuestionGroupingTable;
  near_duplicate_pair: NearDuplicatePairTable;
  resource_correction: ResourceCorrectionTable;
}

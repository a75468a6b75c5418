import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, crCapMessage, institutionEmailMessage, meetsPasswordRules, PASSWORD_MIN_LENGTH, SESSION_PATTERN } from './account.js';
import { ADMIN_MESSAGES, ADMIN_USERS_PAGE_SIZE } from './admin.js';
import { COURSES, DEFAULT_BRANCHES, DEFAULT_SUBJECTS, RESOURCE_TYPES, SEMESTERS, semesterLabel } from './catalogue.js';
import { MESSAGES } from './messages.js';
import { DEFAULT_PUBLIC_CONFIG } from './public-config.js';
import { DEFAULT_PRIORITY, ISSUE_TYPES, labelOf, PRIORITIES, REPORT_MESSAGES, SCREENSHOT_MAX_BYTES } from './report.js';
import { REQUEST_DESCRIPTION_MIN, REQUEST_MESSAGES } from './request.js';
import { fileTooLargeMessage, RESOURCE_MESSAGES } from './resource.js';

/**
 * SPEC.md's user-facing texts, written out here and never imported: the API and browser tests
 * compare against the constants, so only this file notices when a constant's text drifts from
 * the specification. Where StudyShelf deliberately differs (DESIGN.md §1) or a text is not a
 * shared constant, a comment says so instead of an assertion.
 */

/** Each row: the product's text (a constant or a function's output), then SPEC.md's. */
type Row = readonly [actual: string, spec: string];
const expectTexts = (rows: readonly Row[]) => {
  for (const [actual, spec] of rows) expect(actual, spec).toBe(spec);
};

describe('SPEC.md §2 screens (the texts kept as shared constants)', () => {
  it('not-found screen, start-up loading text', () => {
    expectTexts([
      [MESSAGES.notFoundHeading, 'Page Not Found'],
      [MESSAGES.backToHome, 'Back to Home'],
      [MESSAGES.loading, 'Loading...'],
    ]);
    // SPEC paraphrases this one: "text that the page does not exist or has been moved".
    expect(MESSAGES.notFoundText).toContain("doesn't exist or has been moved");
  });

  it('preview modal', () => {
    expectTexts([
      [RESOURCE_MESSAGES.pdfLoading, 'Loading PDF...'],
      [RESOURCE_MESSAGES.pdfLoadFailed, 'Failed to load PDF. Please try again.'],
      [RESOURCE_MESSAGES.loginToDownload, 'Please login to download resources'],
    ]);
  });

  it('admin dashboard', () => {
    expectTexts([
      [ADMIN_MESSAGES.accessDenied, "Access Denied: You don't have permission to access this page."],
      [ADMIN_MESSAGES.noUsersFound, 'No users found matching your criteria.'],
    ]);
  });

  it('branch list: six cards, short name and name, linked by the lower-case id', () => {
    expect(DEFAULT_BRANCHES.map((b) => [b.id, b.shortName, b.name])).toEqual([
      ['cse', 'CSE', 'Computer Science'],
      ['it', 'IT', 'Information Technology'],
      ['ee', 'EE', 'Electrical'],
      ['ece', 'ECE', 'Electronics'],
      ['me', 'ME', 'Mechanical'],
      ['ce', 'CE', 'Civil'],
    ]);
  });
});

describe('SPEC.md §3 subject catalogue', () => {
  it('cse and it: two subjects per semester', () => {
    const cse = SEMESTERS.map((s) => DEFAULT_SUBJECTS.filter((x) => x.branchId === 'cse' && x.semester === s).map((x) => x.name));
    expect(cse).toEqual([
      ['Math', 'Physics'],
      ['Chemistry', 'Programming'],
      ['Data Structures', 'Algorithms'],
      ['Operating Systems', 'DBMS'],
      ['Computer Networks', 'Software Engineering'],
      ['Machine Learning', 'AI'],
      ['Cloud Computing', 'Big Data'],
      ['Cyber Security', 'Blockchain'],
    ]);
    expect(DEFAULT_SUBJECTS.filter((x) => x.branchId === 'it').map((x) => x.name)).toEqual(cse.flat());
  });
});

describe('SPEC.md §5 validation rules', () => {
  it('e-mail: names the institution; the sign-up form adds an exclamation mark', () => {
    // SPEC gives no literal here, only its shape. Its sign-up text had a trailing space before
    // the "!"; ours does not (a typo, not a requirement).
    expectTexts([
      [institutionEmailMessage('Example Institute of Technology'), 'Please use your Example Institute of Technology email address'],
      [institutionEmailMessage('Example Institute of Technology', true), 'Please use your Example Institute of Technology email address!'],
    ]);
  });

  it('login', () => {
    expectTexts([
      [ACCOUNT_MESSAGES.passwordTooShortLogin, 'Password must be at least 8 characters'],
      [ACCOUNT_MESSAGES.tooManyAttemptsClient, 'Too many login attempts. Please try again later.'],
    ]);
  });

  it('sign-up, in SPEC order, with the CR cap filled in', () => {
    expectTexts([
      [ACCOUNT_MESSAGES.nameRequired, 'Name is required!'],
      [ACCOUNT_MESSAGES.branchRequired, 'Branch is required!'],
      [ACCOUNT_MESSAGES.semesterInvalid, 'Please enter a valid semester (1-8)!'],
      // "Maximum 2 CRs allowed per semester. Semester {n} already has {count} CRs." The cap is
      // MAX_CRS_PER_CLASS (DESIGN.md §4, default 2) and is enforced per class on the server.
      [crCapMessage(2, 3, 2), 'Maximum 2 CRs allowed per semester. Semester 3 already has 2 CRs.'],
      [crCapMessage(2, 8, 5), 'Maximum 2 CRs allowed per semester. Semester 8 already has 5 CRs.'],
      [ACCOUNT_MESSAGES.passwordTooShortSignUp, 'Password must be at least 8 characters!'],
      [ACCOUNT_MESSAGES.passwordsDontMatch, "Passwords don't match!"],
    ]);
    // "Session text is required." gives no wording; ours is "Session is required!", in sign-up's voice.
    expect(ACCOUNT_MESSAGES.sessionRequired).toMatch(/^Session is required/);
  });

  it('account creation rules', () => {
    expectTexts([
      [ACCOUNT_MESSAGES.passwordRules, 'Password must be at least 8 characters and contain uppercase, lowercase and numbers'],
      [ACCOUNT_MESSAGES.sessionFormat, 'Invalid session format (YYYY-YY)'],
      [ACCOUNT_MESSAGES.roleInvalid, 'Invalid user role selected'],
    ]);
  });

  it('request resources, in order', () => {
    expectTexts([
      [REQUEST_MESSAGES.branch, 'Please select a branch'],
      [REQUEST_MESSAGES.semester, 'Please select a semester'],
      [REQUEST_MESSAGES.subject, 'Please select a subject'],
      [REQUEST_MESSAGES.academicYear, 'Please select an academic year'],
      [REQUEST_MESSAGES.description, 'Please provide a detailed description'],
    ]);
    // Branch options (SPEC: cse, it) and academic years (SPEC: 2023-24, 2022-23, 2021-22): every
    // form offers the catalogue's branches, and the years are a rolling window from the calendar
    // shared by upload, filter and requests (DESIGN.md §1; academic-years.test.ts pins it).
  });

  it('report issue: issue types, priorities, screenshot size', () => {
    expect(ISSUE_TYPES.map((t) => t.value)).toEqual(['bug', 'broken-link', 'missing-content', 'suggestion', 'other']);
    expectTexts([
      [labelOf(ISSUE_TYPES, 'bug'), 'Bug Report'],
      [REPORT_MESSAGES.screenshotTooLarge, 'File size should be less than 5MB'],
    ]);
    expect(PRIORITIES.map((p) => p.value)).toEqual(['low', 'medium', 'high', 'critical']);
    expect(DEFAULT_PRIORITY).toBe('medium');
  });

  it('upload', () => {
    expectTexts([
      [RESOURCE_MESSAGES.notPdf, 'Please upload PDF files only'],
      [fileTooLargeMessage(DEFAULT_PUBLIC_CONFIG.maxUploadMb), 'File size must be less than 20MB'],
      [RESOURCE_MESSAGES.fieldsMissing, 'Please fill all fields and select a file'],
      [RESOURCE_MESSAGES.uploadForbidden, 'You do not have permission to upload'],
    ]);
    expect(RESOURCE_TYPES).toEqual(['NOTES', 'PYQ', 'PRACTICAL']);
    expect(SEMESTERS.map(semesterLabel)).toEqual(['sem1', 'sem2', 'sem3', 'sem4', 'sem5', 'sem6', 'sem7', 'sem8']);
    // SPEC §5 writes the course "BTech", §2 "B.Tech"; the select shows B.Tech.
    expect(COURSES).toEqual([{ id: 'btech', name: 'B.Tech' }]);
    // Academic years 2024-25, 2023-24, 2022-23: a rolling window instead (DESIGN.md §1).
  });

  it('filter, download and delete', () => {
    expectTexts([
      [RESOURCE_MESSAGES.adminRequired, 'Unauthorized: Admin access required'],
      [RESOURCE_MESSAGES.downloadUrlFailed, 'Failed to get download URL'],
    ]);
  });
});

describe('SPEC.md §8 error catalogue', () => {
  it('account', () => {
    expectTexts([
      [ACCOUNT_MESSAGES.emailRegistered, 'Email is already registered'],
      [ACCOUNT_MESSAGES.registrationFailed, 'Registration failed. Please try again.'],
      [ACCOUNT_MESSAGES.invalidCredentials, 'Invalid email or password'],
      [ACCOUNT_MESSAGES.loginFailed, 'Login failed. Please try again.'],
      [ACCOUNT_MESSAGES.logoutFailed, 'Logout failed. Please try again.'],
      [ACCOUNT_MESSAGES.resetMailSent, 'Password reset email sent successfully'],
      [ACCOUNT_MESSAGES.resetMailFailed, 'Failed to send password reset email'],
    ]);
    // Not constants: the sign-up screen's default "Failed to create account. Please try again."
    // (sign-up-form.tsx) and "Failed to send recovery email. Please try again." (forgot-password-
    // form.tsx). The screen defaults "Failed to login" and "Failed to logout" give way to the
    // server's messages above (the server is the authority, DESIGN.md §1). "Auth initialization
    // error" and "Failed to get current user" were only logged; the session check answers
    // { user: null } instead of failing.
  });

  it('admin data', () => {
    expectTexts([
      [ADMIN_MESSAGES.fetchUsersFailed, 'Failed to fetch users'],
      [ADMIN_MESSAGES.deleteUserFailed, 'Failed to delete user'],
      [ADMIN_MESSAGES.updateRoleFailed, 'Failed to update user role'],
      [ADMIN_MESSAGES.fetchStatsFailed, 'Failed to fetch user statistics'],
      [ADMIN_MESSAGES.fetchCrsFailed, 'Failed to fetch CRs'],
      [ADMIN_MESSAGES.fetchDataFailed, 'Failed to fetch data'],
    ]);
  });

  it('resources', () => {
    expectTexts([
      [RESOURCE_MESSAGES.noneFound, 'No resources found with matching criteria'],
      [RESOURCE_MESSAGES.filterFailed, 'Failed to filter resources'],
      [RESOURCE_MESSAGES.loginToDownload, 'Please login to download resources'],
      [RESOURCE_MESSAGES.downloadFailed, 'Failed to download file'],
      [RESOURCE_MESSAGES.adminRequired, 'Unauthorized: Admin access required'],
      [RESOURCE_MESSAGES.deleteFailed, 'Failed to delete resource'],
      [RESOURCE_MESSAGES.downloadUrlFailed, 'Failed to get download URL'],
      [RESOURCE_MESSAGES.pdfLoadFailed, 'Failed to load PDF. Please try again.'],
      [RESOURCE_MESSAGES.uploadFailed, 'Upload failed'],
      [RESOURCE_MESSAGES.loginFirst, 'Please login first'],
      [RESOURCE_MESSAGES.somethingWrong, 'Something went wrong'],
    ]);
  });

  it('forms', () => {
    expectTexts([
      [REQUEST_MESSAGES.submitFailed, 'Failed to submit request'],
      [REPORT_MESSAGES.submitFailed, 'Failed to report issue'],
    ]);
    // "Function not implemented": requests are stored and have a workflow (DESIGN.md §1).
  });

  it('success messages', () => {
    expectTexts([
      [ACCOUNT_MESSAGES.loginSuccess, 'Login successful!'],
      [ACCOUNT_MESSAGES.signUpSuccess, 'Account created successfully!'],
      [REQUEST_MESSAGES.submitted, 'Resource request submitted successfully!'],
      [REPORT_MESSAGES.submitted, 'Issue reported successfully!'],
      [RESOURCE_MESSAGES.uploadSuccess, 'Upload successful!'],
      [RESOURCE_MESSAGES.found(12), 'Found 12 matching resources'],
      [RESOURCE_MESSAGES.downloadStarting, 'Starting download...'],
      [RESOURCE_MESSAGES.downloadStarted, 'Download started'],
      [RESOURCE_MESSAGES.deleting, 'Deleting resource...'],
      [RESOURCE_MESSAGES.deleted, 'Resource deleted successfully'],
    ]);
    // "Found N matching resources" is singular for one result, not "Found 1 matching resources".
    expect(RESOURCE_MESSAGES.found(1)).toBe('Found 1 matching resource');
    // Not constants: "Signing in..." (login-form.tsx's busy button) and "Recovery email sent!
    // Please check your inbox." (forgot-password-form.tsx).
  });
});

describe('SPEC.md §9 business constants and limits', () => {
  it('passwords and sessions', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(meetsPasswordRules('Abcdefg1')).toBe(true);
    expect(meetsPasswordRules('abcdefg1')).toBe(false);
    expect(SESSION_PATTERN.test('2023-24')).toBe(true);
    expect(SESSION_PATTERN.test('2023-2024')).toBe(false);
  });

  it('upload, screenshot, request and dashboard limits', () => {
    expect(DEFAULT_PUBLIC_CONFIG.maxUploadMb).toBe(20);
    expect(SCREENSHOT_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(REQUEST_DESCRIPTION_MIN).toBe(10);
    expect(ADMIN_USERS_PAGE_SIZE).toBe(10);
  });
});

import type { Role } from './account.js';

/**
 * Who may do what (SPEC.md §6), in one place. The server's guards and the web app's route
 * guards and nav bar all read this table.
 */
export const PERMISSIONS = {
  browseResources: ['STUDENT', 'CR', 'ADMIN'],
  requestResources: ['STUDENT', 'CR', 'ADMIN'],
  reportIssues: ['STUDENT', 'CR', 'ADMIN'],
  uploadResources: ['CR', 'ADMIN'],
  /** Fulfil or decline requests: CRs for their own class (request.policy.ts), admins for all. */
  handleRequests: ['CR', 'ADMIN'],
  handleAllRequests: ['ADMIN'],
  manageReports: ['ADMIN'],
  manageUsers: ['ADMIN'],
  deleteResources: ['ADMIN'],
  /** Edit any resource's title; uploaders edit their own (resource.policy.ts). */
  editAllResources: ['ADMIN'],
  seeUploaderNames: ['ADMIN'],
  /** The processing jobs page: see failed jobs and retry them. */
  manageProcessing: ['ADMIN'],
  /** Edit the abbreviations search understands (DSA, OS, DBMS). */
  manageSearchAliases: ['ADMIN'],
  /** Say by hand that two questions of a subject are the same, or are not (the question bank). */
  groupQuestions: ['CR', 'ADMIN'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role | undefined | null, permission: Permission): boolean {
  return !!role && (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

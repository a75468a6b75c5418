import { describe, preprocess, z } from './zod.js';
import { ROLES } from './account.js';
import { rowIdSchema } from './row-id.js';

/**
 * The admin dashboard's contract (SPEC.md §2 Admin Dashboard, §4 role change, §7 admin data
 * calls), shared by the server routes and the web client.
 */

/** SPEC.md §8 admin texts (the screen's fallbacks) and the server's own, more specific ones. */
export const ADMIN_MESSAGES = {
  accessDenied: "Access Denied: You don't have permission to access this page.",
  fetchUsersFailed: 'Failed to fetch users',
  deleteUserFailed: 'Failed to delete user',
  updateRoleFailed: 'Failed to update user role',
  fetchStatsFailed: 'Failed to fetch user statistics',
  fetchCrsFailed: 'Failed to fetch CRs',
  fetchDataFailed: 'Failed to fetch data',
  decideRequestFailed: 'Failed to save the decision',
  fetchAuditLogFailed: 'Failed to fetch the audit log',
  noUsersFound: 'No users found matching your criteria.',
  userNotFound: 'This user does not exist or has been deleted.',
  ownRole: 'You cannot change your own role.',
  ownAccount: 'You cannot delete your own account from the dashboard.',
  adminRoleLocked: "An administrator's role cannot be changed from the dashboard.",
  adminUndeletable: 'Administrators cannot be deleted from the dashboard.',
  roleInvalid: 'Choose STUDENT or CR as the new role.',
  requestNotFound: 'This admin-access request does not exist or has already been decided.',
  requestNotVerified:
    'This request is waiting for e-mail verification: it can be approved once its owner has opened the verification mail.',
  roleChanged: 'Role updated',
  userDeleted: 'User deleted',
  requestApproved: 'Admin access granted',
  requestDeclined: 'Admin access request declined',
  mailFailed: 'The decision is saved, but the e-mail to the requester could not be sent.',
} as const;

/** "Asha cannot become a CR: CSE semester 3 already has 2 CRs (the maximum per class is 2)." */
export function crCapReachedMessage(name: string, branch: string, semester: number, count: number, cap: number): string {
  return `${name} cannot become a CR: ${branch.toUpperCase()} semester ${semester} already has ${count} CRs (the maximum per class is ${cap}).`;
}

/** SPEC.md §9: the dashboard shows 10 users per page. */
export const ADMIN_USERS_PAGE_SIZE = 10;
export const AUDIT_LOG_PAGE_SIZE = 20;

export const ROLE_FILTERS = ['ALL', ...ROLES] as const;
export type RoleFilter = (typeof ROLE_FILTERS)[number];

/** Roles an admin may give from the dashboard (SPEC.md §4: Student or CR). */
export const ASSIGNABLE_ROLES = ['STUDENT', 'CR'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

const emptyAsUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const pageSchema = z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1);

/** GET /api/admin/users query; the same keys can be the dashboard's URL parameters. */
export const adminUserListQuerySchema = z.object({
  role: preprocess(
    (value) => (typeof value === 'string' ? value.trim().toUpperCase() || undefined : value),
    z._default(z.enum(ROLE_FILTERS), 'ALL'),
  ),
  branch: describe(preprocess(emptyAsUndefined, z.optional(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(16)))), 'Branch id; empty = all'),
  q: describe(
    preprocess(emptyAsUndefined, z.optional(z.string().check(z.trim(), z.maxLength(100, 'Search at most 100 characters')))),
    'Part of the name or e-mail, any case',
  ),
  page: pageSchema,
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

/** A user as the dashboard table shows it (SPEC.md §2 columns). */
export const adminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  branch: z.string(),
  course: z.string(),
  semester: z.nullable(z.number().check(z.int())),
  academicSession: z.string(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const roleCountsSchema = z.object({
  all: z.number().check(z.int()),
  admin: z.number().check(z.int()),
  cr: z.number().check(z.int()),
  student: z.number().check(z.int()),
});
export type RoleCounts = z.infer<typeof roleCountsSchema>;

export const adminUserListResponseSchema = z.object({
  users: z.array(adminUserSchema),
  total: z.number().check(z.int()),
  page: z.number().check(z.int()),
  pageSize: z.number().check(z.int()),
  counts: z.object({
    roles: describe(roleCountsSchema, 'Per role tab, under the branch and search filters (not the role filter)'),
    branches: describe(
      z.record(z.string(), z.number().check(z.int())),
      'Per branch id, under the role and search filters (not the branch filter)',
    ),
  }),
});
export type AdminUserListResponse = z.infer<typeof adminUserListResponseSchema>;

/** SPEC.md §3 User statistics, plus the Branches card (branches in the catalogue). */
export const adminStatsSchema = z.object({
  totalUsers: z.number().check(z.int()),
  totalCRs: z.number().check(z.int()),
  totalStudents: z.number().check(z.int()),
  totalAdmins: z.number().check(z.int()),
  branches: describe(z.number().check(z.int()), 'Branches in the catalogue'),
  branchStats: describe(z.record(z.string(), z.number().check(z.int())), 'Users per branch id'),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const userIdParamsSchema = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });
export const requestIdParamsSchema = z.object({ id: rowIdSchema('Unknown request') });

export const roleChangeRequestSchema = z.object({
  role: z.enum(ASSIGNABLE_ROLES, { error: ADMIN_MESSAGES.roleInvalid }),
});
export type RoleChangeRequest = z.infer<typeof roleChangeRequestSchema>;

export const adminUserResponseSchema = z.object({ message: z.string(), user: adminUserSchema });

export const adminRequestSchema = z.object({
  id: z.number().check(z.int()),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  branch: z.string(),
  semester: z.nullable(z.number().check(z.int())),
  emailVerified: describe(z.boolean(), 'False while the address is unverified: such a request cannot be approved yet'),
  createdAt: z.string(),
});
export type AdminRequest = z.infer<typeof adminRequestSchema>;

export const adminRequestListResponseSchema = z.object({ requests: z.array(adminRequestSchema) });

export const adminDecisionResponseSchema = z.object({
  message: z.string(),
  mailed: describe(z.boolean(), 'Whether the requester was told by e-mail'),
});

export const AUDIT_ACTIONS = [
  'user.role_change',
  'user.delete',
  /** A student or CR moved themselves to another class (account settings; a CR's seat moves too). */
  'user.class_change',
  /** A user deleted their own account (account settings). */
  'user.self_delete',
  /** An admin ended every session of a user (a lost phone, a shared computer). */
  'user.sessions_end',
  'admin_request.approve',
  'admin_request.decline',
  'resource.delete',
  'resource.retitle',
  /** An uploader or admin changed a resource's fields beyond its title (issue 36). */
  'resource.edit',
  /** A resource's PDF swapped for another (a correction's better scan or missing pages); same id. */
  'resource.replace_file',
  /** A CR or admin applied a suggested correction, or dismissed it. */
  'correction.accept',
  'correction.dismiss',
  'report.status_change',
  'request.fulfil',
  'request.decline',
  'subject_alias.save',
  'subject_alias.delete',
  /** A CR or admin said two questions of a subject are the same (question bank), or are not. */
  'question.merge',
  'question.separate',
  /** An admin merged a near-duplicate paper into the one kept, or said a flagged pair differs. */
  'resource.merge',
  'near_duplicate.dismiss',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEntrySchema = z.object({
  id: z.number().check(z.int()),
  actorId: z.string(),
  actorName: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.string(),
  targetId: z.string(),
  summary: z.string(),
  before: z.nullable(z.record(z.string(), z.unknown())),
  after: z.nullable(z.record(z.string(), z.unknown())),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogQuerySchema = z.object({ page: pageSchema });

export const auditLogResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().check(z.int()),
  page: z.number().check(z.int()),
  pageSize: z.number().check(z.int()),
});
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;

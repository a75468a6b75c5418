import { sql, type SqlBool } from 'kysely';
import type { Role } from '../../../shared/account.js';
import type { Executor } from '../../db/unit-of-work.js';
import { accountKey } from '../accounts/login-throttle.js';

/** The filters of the dashboard's user table; each is optional. */
export interface UserFilter {
  role?: Role;
  branch?: string;
  /** Part of a name or e-mail address, matched without regard to case. */
  q?: string;
}

export interface AdminUserRow {
  id: string;
  name: string;
  email: string;
  role: Role;
  branch: string;
  course: string;
  semester: number | null;
  academicSession: string;
  createdAt: string;
}

export interface PendingRequestRow {
  id: number;
  userId: string;
  name: string;
  email: string;
  branch: string;
  semester: number | null;
  role: Role;
  /** Approval waits for it: the address may belong to someone else until its owner opens the mail. */
  emailVerified: boolean;
  createdAt: string;
}

/** `%`, `_` and the escape character itself, as a user typed them, match only themselves. */
function likeContains(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const USER_COLUMNS = [
  'user.id',
  'user.name',
  'user.email',
  'user.role',
  'user.branch',
  'user.course',
  'user.semester',
  'user.academicSession',
  'user.createdAt',
] as const;

/** Queries of the admin dashboard over users and admin-access requests. */
export class AdminRepository {
  constructor(private readonly db: Executor) {}

  private filtered(filter: UserFilter) {
    let query = this.db.selectFrom('user');
    if (filter.role) query = query.where('user.role', '=', filter.role);
    if (filter.branch) query = query.where('user.branch', '=', filter.branch);
    if (filter.q) {
      // lower() on both sides: PostgreSQL's LIKE is case-sensitive, SQLite's is not.
      const pattern = likeContains(filter.q);
      query = query.where(({ or }) =>
        or([
          sql<SqlBool>`lower(${sql.ref('user.name')}) like ${pattern} escape '\\'`,
          sql<SqlBool>`lower(${sql.ref('user.email')}) like ${pattern} escape '\\'`,
        ]),
      );
    }
    return query;
  }

  /** One page, by name and then id, so equal names never swap places between pages. */
  async listUsers(filter: UserFilter, offset: number, limit: number): Promise<AdminUserRow[]> {
    const rows = await this.filtered(filter)
      .select(USER_COLUMNS)
      .orderBy('user.name')
      .orderBy('user.id')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map(toUserRow);
  }

  /** Users per role under the filter. */
  countByRole(filter: UserFilter): Promise<Record<string, number>> {
    return this.countBy('role', filter);
  }

  /** Users per branch id under the filter. */
  countByBranch(filter: UserFilter): Promise<Record<string, number>> {
    return this.countBy('branch', filter);
  }

  private async countBy(column: 'role' | 'branch', filter: UserFilter): Promise<Record<string, number>> {
    const rows = await this.filtered(filter)
      .select([`user.${column} as key`, (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy(`user.${column}`)
      .execute();
    return Object.fromEntries(rows.map((row) => [row.key, Number(row.n)]));
  }

  async findUser(id: string): Promise<AdminUserRow | undefined> {
    const row = await this.db.selectFrom('user').select(USER_COLUMNS).where('user.id', '=', id).executeTakeFirst();
    return row ? toUserRow(row) : undefined;
  }

  /**
   * Sets the role of a user who is not an administrator; false when that is no longer so (a
   * concurrent approval made them one, or they were deleted).
   */
  async setNonAdminRole(id: string, role: Role, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('user')
      .set({ role, updatedAt: at })
      .where('id', '=', id)
      .where('role', '!=', 'ADMIN')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Frees the CR seat the user holds, if any. */
  async releaseSeat(userId: string): Promise<void> {
    await this.db.deleteFrom('class_rep_seat').where('user_id', '=', userId).execute();
  }

  /** Failed-login records of this address (see LoginThrottle): personal data that goes with the user. */
  async deleteLoginFailures(email: string): Promise<void> {
    await this.db.deleteFrom('rate_limit_bucket').where('key', '=', accountKey(email)).execute();
  }

  private selectPendingRequests() {
    return this.db
      .selectFrom('admin_access_request as ar')
      .innerJoin('user', 'user.id', 'ar.user_id')
      .select([
        'ar.id',
        'ar.user_id as userId',
        'user.name',
        'user.email',
        'user.branch',
        'user.semester',
        'user.role',
        'user.emailVerified',
        'ar.created_at as createdAt',
      ])
      .where('ar.status', '=', 'pending');
  }

  /** Pending admin-access requests, newest first. */
  async pendingRequests(): Promise<PendingRequestRow[]> {
    const rows = await this.selectPendingRequests().orderBy('ar.created_at', 'desc').orderBy('ar.id', 'desc').execute();
    return rows.map(toPendingRequest);
  }

  async findPendingRequest(id: number): Promise<PendingRequestRow | undefined> {
    const row = await this.selectPendingRequests().where('ar.id', '=', id).executeTakeFirst();
    return row ? toPendingRequest(row) : undefined;
  }

  /** Records the decision unless someone decided first (then false). */
  async decideRequest(id: number, status: 'approved' | 'declined', adminId: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('admin_access_request')
      .set({ status, decided_at: at, decided_by: adminId })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}

function toPendingRequest(row: Omit<PendingRequestRow, 'role' | 'emailVerified'> & { id: number | string; role: string; emailVerified: boolean | number }): PendingRequestRow {
  return { ...row, id: Number(row.id), role: row.role as Role, emailVerified: Boolean(row.emailVerified) };
}

function toUserRow(row: {
  id: string;
  name: string;
  email: string;
  role: string;
  branch: string;
  course: string;
  semester: number | null;
  academicSession: string;
  createdAt: Date | string;
}): AdminUserRow {
  return {
    ...row,
    role: row.role as Role,
    semester: row.semester === null ? null : Number(row.semester),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

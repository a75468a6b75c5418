import { sql } from 'kysely';
import type { Role } from '../../../shared/account.js';
import { assertInUnitOfWork, type Executor } from '../../db/unit-of-work.js';
import { accountKey } from './login-throttle.js';
import { signUpTicketIdentifier } from './sign-up-ticket.js';

export interface UserProfileRow {
  id: string;
  name: string;
  email: string;
  role: Role;
  course: string;
  branch: string;
  semester: number | null;
  academicSession: string;
  /** The term the semester was last settled in ("2026-07"); null before migration 025. */
  semesterConfirmedTerm: string | null;
  emailVerified: boolean;
  adminRequestPending: boolean;
  /** A provider sign-in made the account and the profile is not finished (decision 052). */
  profilePending: boolean;
  /** TOTP is on (better-auth's two-factor plugin; null on older rows = off). */
  twoFactorEnabled: boolean;
}

/** Queries over users (better-auth's table), CR seats and admin-access requests. */
export class AccountRepository {
  constructor(private readonly db: Executor) {}

  private selectProfiles() {
    return this.db
      .selectFrom('user')
      .leftJoin('admin_access_request as ar', (join) =>
        join.onRef('ar.user_id', '=', 'user.id').on('ar.status', '=', 'pending'),
      )
      .select([
        'user.id',
        'user.name',
        'user.email',
        'user.role',
        'user.course',
        'user.branch',
        'user.semester',
        'user.academicSession',
        'user.semesterConfirmedTerm',
        'user.emailVerified',
        'user.profilePending',
        'user.twoFactorEnabled',
        'ar.id as pendingRequestId',
      ]);
  }

  private toProfile(row: Awaited<ReturnType<ReturnType<AccountRepository['selectProfiles']>['executeTakeFirst']>>) {
    if (!row) return undefined;
    const { pendingRequestId, emailVerified, profilePending, twoFactorEnabled, ...rest } = row;
    return {
      ...rest,
      role: rest.role as Role,
      emailVerified: Boolean(emailVerified),
      profilePending: Boolean(profilePending),
      twoFactorEnabled: Boolean(twoFactorEnabled),
      adminRequestPending: pendingRequestId !== null,
    } satisfies UserProfileRow;
  }

  async findById(id: string): Promise<UserProfileRow | undefined> {
    return this.toProfile(await this.selectProfiles().where('user.id', '=', id).executeTakeFirst());
  }

  async findByEmail(email: string): Promise<UserProfileRow | undefined> {
    return this.toProfile(await this.selectProfiles().where('user.email', '=', email).executeTakeFirst());
  }

  /** Whether the user can sign in with a password (better-auth's `credential` account row). */
  async hasPassword(userId: string): Promise<boolean> {
    const row = await this.db.selectFrom('account').select('id').where('userId', '=', userId).where('providerId', '=', 'credential').executeTakeFirst();
    return row !== undefined;
  }

  /** The administrator made first (an archive import's uploader when none is named). */
  async findFirstAdmin(): Promise<UserProfileRow | undefined> {
    return this.toProfile(await this.selectProfiles().where('user.role', '=', 'ADMIN').orderBy('user.createdAt').orderBy('user.id').executeTakeFirst());
  }

  /** Whose password a reset token would change (for the strength check's personal words). */
  async findByResetToken(token: string): Promise<{ name: string; email: string } | undefined> {
    return this.db
      .selectFrom('verification')
      .innerJoin('user', 'user.id', 'verification.value')
      .select(['user.name', 'user.email'])
      .where('verification.identifier', '=', `reset-password:${token}`)
      .executeTakeFirst();
  }

  async countUsers(): Promise<number> {
    const row = await this.db.selectFrom('user').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async setRole(userId: string, role: Role, at: string): Promise<void> {
    await this.db.updateTable('user').set({ role, updatedAt: at }).where('id', '=', userId).execute();
  }

  /** The user's own profile fields (account settings, the new term's answer). */
  async updateProfile(
    userId: string,
    profile: { name: string; branch: string; semester: number | null; academicSession: string; semesterConfirmedTerm: string },
    at: string,
  ): Promise<void> {
    await this.db
      .updateTable('user')
      .set({ ...profile, updatedAt: at })
      .where('id', '=', userId)
      .execute();
  }

  /**
   * A provider-made account's first profile (decision 052), once: false when it was already
   * finished (a second tab's answer). Done = profilePending back to null, like every other row.
   */
  async finishPendingProfile(
    userId: string,
    profile: { branch: string; semester: number; academicSession: string; semesterConfirmedTerm: string },
    at: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('user')
      .set({ ...profile, profilePending: null, updatedAt: at })
      .where('id', '=', userId)
      .where('profilePending', 'is not', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Records the term in which the user settled their semester (sign-up; decision 040). */
  async setSemesterConfirmedTerm(userId: string, term: string): Promise<void> {
    await this.db.updateTable('user').set({ semesterConfirmedTerm: term }).where('id', '=', userId).execute();
  }

  /** Sets when a session ends (ISO text: SQLite keeps it as is, PostgreSQL casts it). */
  async setSessionExpiry(token: string, expiresAt: Date): Promise<void> {
    await this.db.updateTable('session').set({ expiresAt: expiresAt.toISOString() }).where('token', '=', token).execute();
  }

  /** The user's sessions, expired ones included (few per user: the caller filters). */
  async sessionsOf(userId: string) {
    return this.db.selectFrom('session').select(['id', 'userAgent', 'place', 'createdAt', 'updatedAt', 'expiresAt']).where('userId', '=', userId).execute();
  }

  /** Ends the user's sessions: the one named, or all but `keep`, or all; returns how many ended. */
  async endSessions(userId: string, which: { only?: string; keep?: string } = {}): Promise<number> {
    let query = this.db.deleteFrom('session').where('userId', '=', userId);
    if (which.only !== undefined) query = query.where('id', '=', which.only);
    if (which.keep !== undefined) query = query.where('id', '!=', which.keep);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Frees the CR seat the user holds, if any. */
  async releaseSeat(userId: string): Promise<void> {
    await this.db.deleteFrom('class_rep_seat').where('user_id', '=', userId).execute();
  }

  /**
   * Locks every administrator's row until the transaction ends, then counts the administrators
   * other than `userId`. A no-op UPDATE takes row locks on PostgreSQL without dialect-specific
   * SQL (SQLite runs one writer at a time anyway), so two administrators deleting themselves at
   * once are counted one after the other and the last one is refused.
   */
  async lockAndCountOtherAdmins(userId: string): Promise<number> {
    assertInUnitOfWork(this.db, 'lockAndCountOtherAdmins');
    await this.db
      .updateTable('user')
      .set((eb) => ({ role: eb.ref('role') }))
      .where('role', '=', 'ADMIN')
      .execute();
    const row = await this.db
      .selectFrom('user')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('role', '=', 'ADMIN')
      .where('id', '!=', userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Failed-login records of this address (LoginThrottle): personal data that goes with the user. */
  async deleteLoginFailures(email: string): Promise<void> {
    await this.db.deleteFrom('rate_limit_bucket').where('key', '=', accountKey(email)).execute();
  }

  /**
   * Removes a user with everything that hangs off them (sessions, credentials, seats, claim,
   * admin request). Several statements: callers run it in a unit of work (db/unit-of-work.ts).
   * Their sessions go first, so the user is signed out everywhere at once; their uploads stay
   * (the resource's uploader becomes null by the foreign key). Says whether a user row was deleted.
   */
  async deleteUserRows(userId: string): Promise<boolean> {
    assertInUnitOfWork(this.db, 'deleteUserRows');
    await this.db.deleteFrom('session').where('userId', '=', userId).execute();
    await this.db.deleteFrom('account').where('userId', '=', userId).execute();
    await this.db.deleteFrom('twoFactor').where('userId', '=', userId).execute();
    // better-auth's reset tokens point at the user by id (no foreign key).
    await this.db.deleteFrom('verification').where('value', '=', userId).where('identifier', 'like', 'reset-password:%').execute();
    await this.db.deleteFrom('verification').where('identifier', '=', signUpTicketIdentifier(userId)).execute();
    await this.db.deleteFrom('class_rep_seat').where('user_id', '=', userId).execute();
    await this.db.deleteFrom('class_rep_claim').where('user_id', '=', userId).execute();
    await this.db.deleteFrom('admin_access_request').where('user_id', '=', userId).execute();
    const result = await this.db.deleteFrom('user').where('id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  async countSeats(branchId: string, semester: number): Promise<number> {
    const row = await this.db
      .selectFrom('class_rep_seat')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('branch_id', '=', branchId)
      .where('semester', '=', semester)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * Takes a free CR seat of the class. The primary key (branch, semester, seat) makes this
   * atomic on both databases: two requests can never hold the same seat, so at most `cap` win.
   */
  async claimSeat(branchId: string, semester: number, userId: string, cap: number, at: string): Promise<boolean> {
    for (let seat = 1; seat <= cap; seat++) {
      const result = await this.db
        .insertInto('class_rep_seat')
        .values({ branch_id: branchId, semester, seat, user_id: userId, created_at: at })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0) === 1) return true;
    }
    return false;
  }

  async createAdminRequest(userId: string, at: string): Promise<void> {
    await this.db
      .insertInto('admin_access_request')
      .values({ user_id: userId, status: 'pending', created_at: at })
      .execute();
  }

  /** A CR sign-up's wish for a seat, granted (or not) when the e-mail is verified. */
  async createClaim(userId: string, at: string): Promise<void> {
    await this.db.insertInto('class_rep_claim').values({ user_id: userId, created_at: at }).execute();
  }

  /** Removes the user's claim; true when there was one (so only one caller acts on it). */
  async takeClaim(userId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('class_rep_claim').where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** Ids of accounts still unverified that were created before `cutoff`. */
  async findUnverifiedCreatedBefore(cutoff: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('user')
      .select('id')
      .where(sql<boolean>`${sql.ref('user.emailVerified')} = ${sql.lit(false)}`)
      // ISO-8601 text compares correctly with SQLite's stored text and casts to PostgreSQL's timestamp.
      .where('createdAt', '<', cutoff.toISOString())
      .orderBy('createdAt')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * Keeps only the newest reset token of a user (newest by creation time, then id, so parallel
   * requests all keep the same one): a new reset link retires the older ones.
   */
  async retireOlderResetTokens(userId: string): Promise<void> {
    const newest = await this.db
      .selectFrom('verification')
      .select('id')
      .where('value', '=', userId)
      .where('identifier', 'like', 'reset-password:%')
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!newest) return;
    await this.db
      .deleteFrom('verification')
      .where('value', '=', userId)
      .where('identifier', 'like', 'reset-password:%')
      .where('id', '!=', newest.id)
      .execute();
  }
}

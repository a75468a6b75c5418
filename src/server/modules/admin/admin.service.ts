import type { SessionUser } from '../../../shared/account.js';
import {
  ADMIN_MESSAGES,
  ADMIN_USERS_PAGE_SIZE,
  AUDIT_LOG_PAGE_SIZE,
  crCapReachedMessage,
  type AdminRequest,
  type AdminStats,
  type AdminUser,
  type AdminUserListQuery,
  type AdminUserListResponse,
  type AssignableRole,
  type AuditLogResponse,
  type RoleCounts,
} from '../../../shared/admin.js';
import type { Config } from '../../config.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/http-error.js';
import { sendQuietly, type Mailer } from '../../mail/mailer.js';
import type { UnitOfWork, UnitOfWorkTx } from '../../db/unit-of-work.js';
import { accountChangesOn, type AccountChanges } from '../accounts/account-changes.js';
import { AuditLogRepository } from '../audit/audit-log.repository.js';
import { presentAuditEntry } from '../audit/audit.presenter.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { adminApprovedMail, adminDeclinedMail } from './admin-mails.js';
import { SESSION_MESSAGES } from '../../../shared/sessions.js';
import { AdminRepository, type AdminUserRow, type UserFilter } from './admin.repository.js';
import { systemClock, type Clock } from '../../system/clock.js';

type Actor = Pick<SessionUser, 'id' | 'name'>;
export type Decision = 'approve' | 'decline';

/** The repositories one dashboard action uses, all on the same unit of work. */
interface AdminTransaction {
  users: AdminRepository;
  accounts: AccountChanges;
  audit: AuditLogRepository;
}

/**
 * The admin dashboard's rules (SPEC.md §2, §4, §6): who can be listed, promoted, demoted or
 * deleted, and admin-access decisions. Every change is one transaction together with its audit
 * log entry, so there is never a change without its entry nor a half-done change.
 */
export class AdminService {
  constructor(
    private readonly repository: AdminRepository,
    private readonly auditLog: AuditLogRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly catalogue: CatalogueService,
    private readonly mailer: Mailer,
    private readonly config: Config,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * One page of users plus the counts beside the tabs and the branch dropdown. Each facet's
   * counts honour the *other* active filters but not its own: the role tabs count within the
   * chosen branch and search, the branch list within the chosen role and search. That way a tab
   * or branch shows how many users choosing it would list, and the chosen one equals `total`.
   */
  async listUsers(query: AdminUserListQuery): Promise<AdminUserListResponse> {
    const filter: UserFilter = { role: query.role === 'ALL' ? undefined : query.role, branch: query.branch, q: query.q };
    const [byRole, byBranch] = await Promise.all([
      this.repository.countByRole({ ...filter, role: undefined }),
      this.repository.countByBranch({ ...filter, branch: undefined }),
    ]);
    const roles = roleCounts(byRole);
    const total = filter.role ? (byRole[filter.role] ?? 0) : roles.all;
    const offset = (query.page - 1) * ADMIN_USERS_PAGE_SIZE;
    const users = offset < total ? await this.repository.listUsers(filter, offset, ADMIN_USERS_PAGE_SIZE) : [];
    return {
      users,
      total,
      page: query.page,
      pageSize: ADMIN_USERS_PAGE_SIZE,
      counts: { roles, branches: withoutBlankBranch(byBranch) },
    };
  }

  /** SPEC.md §3 User statistics and the dashboard's stat cards. */
  async stats(): Promise<AdminStats> {
    const [byRole, byBranch, branches] = await Promise.all([
      this.repository.countByRole({}),
      this.repository.countByBranch({}),
      this.catalogue.listBranches(),
    ]);
    const roles = roleCounts(byRole);
    return {
      totalUsers: roles.all,
      totalCRs: roles.cr,
      totalStudents: roles.student,
      totalAdmins: roles.admin,
      branches: branches.length,
      branchStats: withoutBlankBranch(byBranch),
    };
  }

  /**
   * Switches a non-admin between STUDENT and CR (SPEC.md §4). Promotion takes a CR seat of the
   * user's class under the same cap as sign-up; demotion frees it. The user's next request
   * already sees the new role (the session reads the role from the database every time).
   */
  async changeRole(actor: Actor, userId: string, role: AssignableRole): Promise<AdminUser> {
    return this.inUnitOfWork(async (tx) => {
      const target = await this.findChangeableUser(tx, actor, userId, 'role');
      if (target.role === role) return target;
      if (role === 'CR') await this.claimSeat(tx, target);
      else await tx.users.releaseSeat(target.id);
      if (!(await tx.users.setNonAdminRole(target.id, role, this.clock().toISOString()))) throw userNotFound();
      await tx.audit.insert({
        actor,
        action: 'user.role_change',
        targetType: 'user',
        targetId: target.id,
        summary: `Changed the role of ${target.name} (${target.email}) from ${target.role} to ${role}`,
        before: { role: target.role },
        after: { role },
      });
      return { ...target, role };
    });
  }

  private async claimSeat(tx: AdminTransaction, target: AdminUserRow): Promise<void> {
    const { branch, semester } = target;
    if (!branch || !semester) {
      throw badRequest(`${target.name} has no branch and semester on file, so they cannot be the CR of a class.`, { code: 'NO_CLASS', field: 'role' });
    }
    // Seats belong to verified accounts only, so unverified sign-ups never block a real CR.
    if (!(await tx.accounts.findById(target.id))?.emailVerified) {
      throw conflict(`${target.name} has not verified their e-mail address yet, so they cannot be the CR of a class.`, { code: 'NOT_VERIFIED', field: 'role' });
    }
    const cap = this.config.maxCrsPerClass;
    if (!(await tx.accounts.claimSeat(branch, semester, target.id, cap, this.clock().toISOString()))) {
      const count = await tx.accounts.countSeats(branch, semester);
      throw conflict(crCapReachedMessage(target.name, branch, semester, count, cap), { code: 'CR_CAP_REACHED', field: 'role' });
    }
  }

  /**
   * Deletes a non-admin user: their sessions end at once, their credentials, seat and requests
   * go, and their uploads stay with no uploader. All in one transaction with the audit entry.
   */
  async deleteUser(actor: Actor, userId: string): Promise<void> {
    await this.inUnitOfWork(async (tx) => {
      const target = await this.findChangeableUser(tx, actor, userId, 'delete');
      await tx.users.deleteLoginFailures(target.email);
      if (!(await tx.accounts.deleteUserRows(target.id))) throw userNotFound();
      await tx.audit.insert({
        actor,
        action: 'user.delete',
        targetType: 'user',
        targetId: target.id,
        summary: `Deleted the account of ${target.name} (${target.email}, ${target.role})`,
        before: { ...target },
        after: null,
      });
    });
  }

  /**
   * Ends every session of a user (a lost phone, a shared computer), administrators included:
   * their next request answers 401. Audited with how many ended. Not oneself: account settings
   * do that without signing the admin out here.
   */
  async endSessions(actor: Actor, userId: string): Promise<number> {
    if (userId === actor.id) throw badRequest(SESSION_MESSAGES.ownSessions, { code: 'SELF' });
    return this.inUnitOfWork(async (tx) => {
      const target = await tx.users.findUser(userId);
      if (!target) throw userNotFound();
      const ended = await tx.accounts.endSessions(target.id);
      await tx.audit.insert({
        actor,
        action: 'user.sessions_end',
        targetType: 'user',
        targetId: target.id,
        summary: `Ended ${ended} session${ended === 1 ? '' : 's'} of ${target.name} (${target.email})`,
        before: { sessions: ended },
        after: { sessions: 0 },
      });
      return ended;
    });
  }

  /** Runs `work` as one unit of work, with the repositories of a dashboard action built on it. */
  private inUnitOfWork<T>(work: (tx: AdminTransaction) => Promise<T>): Promise<T> {
    return this.unitOfWork((trx: UnitOfWorkTx) =>
      work({ users: new AdminRepository(trx), accounts: accountChangesOn(trx), audit: new AuditLogRepository(trx) }),
    );
  }

  /** The target of a role change or deletion: never oneself, never an administrator. */
  private async findChangeableUser(
    tx: AdminTransaction,
    actor: Actor,
    userId: string,
    purpose: 'role' | 'delete',
  ): Promise<AdminUserRow> {
    const target = await tx.users.findUser(userId);
    if (!target) throw userNotFound();
    if (target.id === actor.id) {
      throw badRequest(purpose === 'role' ? ADMIN_MESSAGES.ownRole : ADMIN_MESSAGES.ownAccount, { code: 'SELF' });
    }
    if (target.role === 'ADMIN') {
      throw forbidden(purpose === 'role' ? ADMIN_MESSAGES.adminRoleLocked : ADMIN_MESSAGES.adminUndeletable, { code: 'TARGET_IS_ADMIN' });
    }
    return target;
  }

  /** Pending admin-access requests, newest first. */
  async pendingRequests(): Promise<AdminRequest[]> {
    const rows = await this.repository.pendingRequests();
    return rows.map(({ role: _role, ...request }) => request);
  }

  /**
   * Approves (the requester becomes ADMIN and leaves any CR seat) or declines a pending request,
   * then tells the requester by e-mail. The decision stands even if the mail cannot be sent;
   * `mailed` says whether it was.
   */
  async decideRequest(actor: Actor, requestId: number, decision: Decision): Promise<{ mailed: boolean }> {
    const request = await this.inUnitOfWork(async (tx) => {
      const at = this.clock().toISOString();
      const pending = await tx.users.findPendingRequest(requestId);
      if (!pending || !(await tx.users.decideRequest(requestId, decision === 'approve' ? 'approved' : 'declined', actor.id, at))) {
        throw notFound(ADMIN_MESSAGES.requestNotFound);
      }
      // Until its owner opens the verification mail, the address may be someone else's (decision 032).
      if (decision === 'approve' && !pending.emailVerified) {
        throw conflict(ADMIN_MESSAGES.requestNotVerified, { code: 'NOT_VERIFIED' });
      }
      if (decision === 'approve') {
        await tx.users.releaseSeat(pending.userId);
        await tx.accounts.setRole(pending.userId, 'ADMIN', at);
      }
      const approved = decision === 'approve';
      await tx.audit.insert({
        actor,
        action: approved ? 'admin_request.approve' : 'admin_request.decline',
        targetType: 'admin_request',
        targetId: String(pending.id),
        summary: `${approved ? 'Approved' : 'Declined'} the admin-access request of ${pending.name} (${pending.email})`,
        before: { status: 'pending', userId: pending.userId, role: pending.role },
        after: { status: approved ? 'approved' : 'declined', userId: pending.userId, role: approved ? 'ADMIN' : pending.role },
      });
      return pending;
    });
    const mail = decision === 'approve' ? adminApprovedMail(this.config, request) : adminDeclinedMail(this.config, request);
    return { mailed: await sendQuietly(this.mailer, mail) };
  }

  /** The audit log, newest first, 20 entries a page. */
  async auditLogPage(page: number): Promise<AuditLogResponse> {
    const total = await this.auditLog.count();
    const offset = (page - 1) * AUDIT_LOG_PAGE_SIZE;
    const rows = offset < total ? await this.auditLog.page(offset, AUDIT_LOG_PAGE_SIZE) : [];
    return { entries: rows.map(presentAuditEntry), total, page, pageSize: AUDIT_LOG_PAGE_SIZE };
  }
}

const userNotFound = () => notFound(ADMIN_MESSAGES.userNotFound);

function roleCounts(byRole: Record<string, number>): RoleCounts {
  const admin = byRole.ADMIN ?? 0;
  const cr = byRole.CR ?? 0;
  const student = byRole.STUDENT ?? 0;
  return { all: admin + cr + student, admin, cr, student };
}

/** Administrators made by the CLI have no branch; the branch counts leave them out. */
function withoutBlankBranch(byBranch: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(byBranch).filter(([branch]) => branch !== ''));
}

import { Cog, Flag, PencilLine, ScrollText, SpellCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ADMIN_MESSAGES, ADMIN_USERS_PAGE_SIZE, type AdminRequest, type AdminUser, type AssignableRole } from '@shared/admin';
import { can } from '@shared/permissions';
import { ROUTES } from '@shared/routes';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { LinkButton } from '../../../components/ui/link-button';
import { Pagination } from '../../../components/ui/pagination';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { useBranches } from '../../../lib/get-branches';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useAdminRequests, useDecideAdminRequest, type AdminDecision } from '../api/admin-requests';
import { useAdminStats, useAdminUsers, useChangeRole, useDeleteUser } from '../api/users';
import { AccessDenied } from '../components/access-denied';
import { AdminRequestsPanel } from '../components/admin-requests-panel';
import { NearDuplicatesPanel } from '../components/near-duplicates-panel';
import { DeleteUserDialog } from '../components/delete-user-dialog';
import { EndSessionsDialog } from '../components/end-sessions-dialog';
import { ErrorBanner } from '../components/error-banner';
import { RoleChangeDialog } from '../components/role-change-dialog';
import { RoleTabs } from '../components/role-tabs';
import { StatCards } from '../components/stat-cards';
import { UserTable } from '../components/user-table';
import { UserToolbar } from '../components/user-toolbar';
import { useUserFilters } from '../hooks/use-user-filters';

/** Statuses whose server message tells the admin more than the screen's fallback does. */
const SHOWN = [400, 401, 403, 404, 409];
const isForbidden = (error: unknown) => error instanceof ApiRequestError && error.status === 403;

/** /dashboard (SPEC.md §2 Admin Dashboard): statistics, admin-access requests and user management. */
export function DashboardPage() {
  const { user: me } = useSession();
  const allowed = can(me?.role, 'manageUsers');
  const filters = useUserFilters();
  const users = useAdminUsers(filters.query);
  const stats = useAdminStats();
  const adminRequests = useAdminRequests();
  const branches = useBranches();
  const changeRole = useChangeRole();
  const deleteUser = useDeleteUser();
  const decide = useDecideAdminRequest();
  const [banner, setBanner] = useState<string | null>(null);
  const [roleTarget, setRoleTarget] = useState<AdminUser | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<AdminUser | null>(null);
  const [sessionsTarget, setSessionsTarget] = useState<AdminUser | null>(null);

  // A failed load raises the banner again each time it fails, even after a Dismiss.
  useEffect(() => {
    if (users.isError && !isForbidden(users.error)) setBanner(errorMessage(users.error, ADMIN_MESSAGES.fetchUsersFailed, [401]));
  }, [users.isError, users.error, users.errorUpdatedAt]);
  useEffect(() => {
    if (stats.isError && !isForbidden(stats.error)) setBanner(errorMessage(stats.error, ADMIN_MESSAGES.fetchStatsFailed, [401]));
  }, [stats.isError, stats.error, stats.errorUpdatedAt]);
  useEffect(() => {
    if (adminRequests.isError && !isForbidden(adminRequests.error)) setBanner(ADMIN_MESSAGES.fetchDataFailed);
  }, [adminRequests.isError, adminRequests.error, adminRequests.errorUpdatedAt]);

  // Deleting the only row of the last page would leave an empty page: step back to the new last one.
  const totalPages = users.data ? Math.max(1, Math.ceil(users.data.total / ADMIN_USERS_PAGE_SIZE)) : 1;
  const { page } = filters.query;
  const { goToPage } = filters;
  useEffect(() => {
    if (users.data && !users.isPlaceholderData && page > totalPages) goToPage(totalPages);
  }, [users.data, users.isPlaceholderData, page, totalPages, goToPage]);

  if (!allowed || isForbidden(users.error) || isForbidden(stats.error)) return <AccessDenied />;

  const handleRoleChange = (target: AdminUser, role: AssignableRole) => {
    changeRole.mutate(
      { id: target.id, role },
      {
        onSuccess: () => {
          setRoleTarget(null);
          toast.success(`${target.name} is now ${role === 'CR' ? 'a CR' : 'a Student'}`);
        },
        onError: (error) => {
          setRoleTarget(null);
          setBanner(errorMessage(error, ADMIN_MESSAGES.updateRoleFailed, SHOWN));
        },
      },
    );
  };

  const handleDelete = (target: AdminUser) => {
    deleteUser.mutate(target.id, {
      onSuccess: () => {
        setDeleteTarget(null);
        toast.success(`${ADMIN_MESSAGES.userDeleted}: ${target.name}`);
      },
      onError: (error) => {
        setDeleteTarget(null);
        setBanner(errorMessage(error, ADMIN_MESSAGES.deleteUserFailed, SHOWN));
      },
    });
  };

  const handleDecision = (request: AdminRequest, decision: AdminDecision) => {
    decide.mutate(
      { id: request.id, decision },
      {
        onSuccess: (result) => {
          toast.success(`${result.message}: ${request.name}`);
          if (!result.mailed) setBanner(ADMIN_MESSAGES.mailFailed);
        },
        onError: (error) => setBanner(errorMessage(error, ADMIN_MESSAGES.decideRequestFailed, SHOWN)),
      },
    );
  };

  return (
    <Container className="space-y-6 py-10 sm:py-14">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Admin Dashboard</h1>
          <p className="mt-2 text-slate-600">Manage users and roles, and review access requests.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <LinkButton to={ROUTES.reportInbox} variant="secondary">
            <Flag aria-hidden="true" className="size-4" />
            Reported issues
          </LinkButton>
          <LinkButton to={`${ROUTES.requestQueue}#corrections`} variant="secondary">
            <PencilLine aria-hidden="true" className="size-4" />
            Corrections
          </LinkButton>
          <LinkButton to={ROUTES.auditLog} variant="secondary">
            <ScrollText aria-hidden="true" className="size-4" />
            Audit log
          </LinkButton>
          <LinkButton to={ROUTES.processingJobs} variant="secondary">
            <Cog aria-hidden="true" className="size-4" />
            Processing
          </LinkButton>
          <LinkButton to={ROUTES.searchAliases} variant="secondary">
            <SpellCheck aria-hidden="true" className="size-4" />
            Search abbreviations
          </LinkButton>
        </div>
      </div>

      <ErrorBanner message={banner} onDismiss={() => setBanner(null)} />
      <StatCards stats={stats.data} isPending={stats.isPending} />
      <AdminRequestsPanel
        requests={adminRequests.data?.requests ?? []}
        busyId={decide.isPending ? (decide.variables?.id ?? null) : null}
        onDecide={handleDecision}
      />
      <NearDuplicatesPanel />

      <section aria-labelledby="users-heading">
        <Card className="overflow-hidden">
          <div className="space-y-4 border-b border-slate-200 p-4 sm:p-5">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="users-heading" className="text-lg font-semibold text-slate-900">
                Users
              </h2>
              <p className="text-sm text-slate-600" aria-live="polite">
                {users.data ? `${users.data.total.toLocaleString()} ${users.data.total === 1 ? 'user' : 'users'}` : ''}
                {users.isFetching && users.data ? ' · updating…' : ''}
              </p>
            </div>
            <RoleTabs value={filters.query.role} counts={users.data?.counts.roles} onChange={(role) => filters.change({ role })} />
            <UserToolbar
              branch={filters.query.branch}
              q={filters.query.q}
              branches={branches.data?.branches ?? []}
              branchCounts={users.data?.counts.branches}
              onBranchChange={(branch) => filters.change({ branch })}
              onSearch={(q, options) => filters.change({ q }, options)}
            />
          </div>
          <UserTable
            users={users.data?.users}
            isPending={users.isPending}
            currentUserId={me?.id ?? ''}
            onChangeRole={setRoleTarget}
            onDelete={setDeleteTarget}
            onEndSessions={setSessionsTarget}
          />
          {totalPages > 1 ? (
            <div className="border-t border-slate-200 p-4">
              <Pagination page={page} totalPages={totalPages} onPageChange={goToPage} label="User pages" />
            </div>
          ) : null}
        </Card>
      </section>

      <RoleChangeDialog
        user={roleTarget}
        busy={changeRole.isPending}
        onCancel={() => setRoleTarget(null)}
        onConfirm={handleRoleChange}
      />
      <DeleteUserDialog
        user={deleteTarget}
        busy={deleteUser.isPending}
        onCancel={() => setDeleteTarget(null)}
        onConfirm={handleDelete}
      />
      <EndSessionsDialog user={sessionsTarget} onClose={() => setSessionsTarget(null)} />
    </Container>
  );
}

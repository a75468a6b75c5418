import { useSearchParams } from 'react-router';
import { ADMIN_MESSAGES, AUDIT_LOG_PAGE_SIZE } from '@shared/admin';
import { can } from '@shared/permissions';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { Pagination } from '../../../components/ui/pagination';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useAuditLog } from '../api/audit-log';
import { AccessDenied } from '../components/access-denied';
import { AdminPageHeader } from '../components/admin-page-header';
import { AuditEntryItem } from '../components/audit-entry-item';

/** /dashboard/audit-log: every admin action, newest first, 20 a page. */
export function AuditLogPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const log = useAuditLog(page);

  if (!can(user?.role, 'manageUsers') || (log.error instanceof ApiRequestError && log.error.status === 403)) {
    return <AccessDenied />;
  }
  const totalPages = log.data ? Math.max(1, Math.ceil(log.data.total / AUDIT_LOG_PAGE_SIZE)) : 1;
  const goToPage = (next: number) => {
    setParams(next > 1 ? { page: String(next) } : {});
    window.scrollTo({ top: 0 });
  };

  return (
    <Container width="prose" className="space-y-6 py-10 sm:py-14">
      <AdminPageHeader title="Audit Log">
        Every role change, deletion and access decision by an administrator, newest first.
      </AdminPageHeader>
      {log.isError ? (
        <RetryAlert message={errorMessage(log.error, ADMIN_MESSAGES.fetchAuditLogFailed, [401])} onRetry={() => void log.refetch()} />
      ) : null}
      <Card aria-busy={log.isFetching}>
        {log.isPending ? (
          <ListSkeleton label="Loading the audit log" />
        ) : log.data?.entries.length === 0 ? (
          <p className="px-5 py-12 text-center text-slate-600">No admin actions yet.</p>
        ) : (
          <ol className="divide-y divide-slate-100">
            {log.data?.entries.map((entry) => <AuditEntryItem key={entry.id} entry={entry} />)}
          </ol>
        )}
      </Card>
      <Pagination page={page} totalPages={totalPages} onPageChange={goToPage} label="Audit log pages" />
    </Container>
  );
}

import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import type { AdminRequest } from '@shared/admin';
import { semesterLabel } from '@shared/catalogue';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { AdminDecision } from '../api/admin-requests';

interface AdminRequestsPanelProps {
  requests: readonly AdminRequest[];
  busyId: number | null;
  onDecide: (request: AdminRequest, decision: AdminDecision) => void;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** Sign-ups that asked for admin access; an admin approves or declines each (DESIGN.md §1). */
export function AdminRequestsPanel({ requests, busyId, onDecide }: AdminRequestsPanelProps) {
  const [pending, setPending] = useState<{ request: AdminRequest; decision: AdminDecision } | null>(null);
  if (requests.length === 0) return null;

  return (
    <section aria-labelledby="admin-requests-heading">
      <Card className="p-4 sm:p-5">
        <h2 id="admin-requests-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <ShieldCheck aria-hidden="true" className="size-5 text-amber-700" />
          Admin access requests ({requests.length})
        </h2>
        <p className="mt-1 text-sm text-slate-700">These people asked for admin access when they signed up.</p>
        <ul className="mt-4 divide-y divide-slate-200">
          {requests.map((request) => (
            <li key={request.id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0 text-sm">
                <p className="font-semibold break-words text-slate-900">{request.name}</p>
                <p className="break-all text-slate-700">{request.email}</p>
                <p className="text-slate-600">
                  {[request.branch.toUpperCase(), request.semester ? semesterLabel(request.semester) : null, `asked ${dateFormat.format(new Date(request.createdAt))}`]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                {!request.emailVerified && (
                  <p id={`admin-request-${request.id}-unverified`} className="mt-1 font-medium text-amber-800">
                    Waiting for e-mail verification
                  </p>
                )}
              </div>
              <div className="flex shrink-0 gap-2">
                <Button
                  variant="secondary"
                  disabled={busyId === request.id}
                  onClick={() => setPending({ request, decision: 'decline' })}
                  aria-label={`Decline admin access for ${request.name}`}
                >
                  Decline
                </Button>
                <Button
                  // The address may be someone else's until its owner opens the mail (decision 032).
                  disabled={busyId === request.id || !request.emailVerified}
                  onClick={() => setPending({ request, decision: 'approve' })}
                  aria-label={`Approve admin access for ${request.name}`}
                  aria-describedby={request.emailVerified ? undefined : `admin-request-${request.id}-unverified`}
                >
                  Approve
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </Card>
      <ConfirmDialog
        open={pending !== null}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (!pending) return;
          onDecide(pending.request, pending.decision);
          setPending(null);
        }}
        confirmLabel={pending?.decision === 'approve' ? 'Approve' : 'Decline Request'}
        title={pending?.decision === 'approve' ? 'Approve Admin Access' : 'Decline Admin Access'}
        description={
          pending ? (
            pending.decision === 'approve' ? (
              <p>
                Make <strong className="break-words">{pending.request.name}</strong> an administrator? They will be able to
                manage users and delete resources. They are told by e-mail.
              </p>
            ) : (
              <p>
                Decline <strong className="break-words">{pending.request.name}</strong>&apos;s request? They keep their
                account and role and are told by e-mail.
              </p>
            )
          ) : undefined
        }
      />
    </section>
  );
}

import { Laptop, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { SESSION_MESSAGES, type DeviceSession } from '@shared/sessions';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { formatUploadDate } from '../../../lib/resource-labels';
import { toast } from '../../../lib/toast';
import { useDeviceSessions, useEndSessions } from '../api/device-sessions';

const isPhone = (device: string) => /Android|iOS/.test(device);
const lastActive = (iso: string) => {
  const day = formatUploadDate(iso);
  return day === formatUploadDate(new Date().toISOString()) ? 'active today' : `last active ${day}`;
};

function DeviceRow({ session, onEnd, busy }: { session: DeviceSession; onEnd: () => void; busy: boolean }) {
  const Icon = isPhone(session.device) ? Smartphone : Laptop;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Icon aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">
          {session.device}
          {session.current ? <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">This device</span> : null}
        </p>
        <p className="text-sm text-slate-600">
          {session.place ? `${session.place} · ` : null}Signed in {formatUploadDate(session.signedInAt)} · {lastActive(session.lastSeenAt)}
        </p>
      </div>
      {session.current ? null : (
        <Button variant="secondary" onClick={onEnd} disabled={busy} aria-label={`Sign out ${session.device}, signed in ${formatUploadDate(session.signedInAt)}`}>
          Sign out
        </Button>
      )}
    </li>
  );
}

/** Account settings: the browsers signed in to this account, and signing any of them out. */
export function DeviceSessionsSection() {
  const sessions = useDeviceSessions();
  const end = useEndSessions();
  const [confirmOthers, setConfirmOthers] = useState(false);

  const endOne = (session: DeviceSession) =>
    end.mutate({ id: session.id }, {
      onSuccess: ({ message }) => toast.success(message, { id: 'session-end' }),
      onError: (error) => toast.error(errorMessage(error, SESSION_MESSAGES.endFailed, [404]), { id: 'session-end' }),
    });
  const endOthers = () =>
    end.mutate('others', {
      onSuccess: ({ message }) => toast.success(message, { id: 'session-end' }),
      onError: (error) => toast.error(errorMessage(error, SESSION_MESSAGES.endFailed, [404]), { id: 'session-end' }),
      onSettled: () => setConfirmOthers(false),
    });

  if (sessions.isPending)
    return (
      <div className="space-y-3" aria-busy="true" aria-label="Loading your signed-in devices">
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </div>
    );
  if (sessions.isError) return <RetryAlert message={SESSION_MESSAGES.loadFailed} onRetry={() => void sessions.refetch()} />;

  const list = sessions.data.sessions;
  const others = list.filter((s) => !s.current).length;
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-200" aria-label="Signed-in devices">
        {list.map((session) => (
          <DeviceRow key={session.id} session={session} busy={end.isPending} onEnd={() => endOne(session)} />
        ))}
      </ul>
      {others > 0 ? (
        <Button variant="secondary" className="w-full sm:w-auto" onClick={() => setConfirmOthers(true)} disabled={end.isPending}>
          Sign out all other devices
        </Button>
      ) : (
        <p className="text-sm text-slate-600">You are signed in on this device only.</p>
      )}
      <ConfirmDialog
        open={confirmOthers}
        title="Sign out all other devices?"
        description={`${others} other ${others === 1 ? 'device' : 'devices'} will have to sign in again. This one stays signed in.`}
        confirmLabel="Sign out others"
        busyLabel="Signing out..."
        busy={end.isPending}
        onCancel={() => setConfirmOthers(false)}
        onConfirm={endOthers}
      />
    </div>
  );
}

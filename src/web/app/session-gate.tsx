import type { ReactNode } from 'react';
import { MESSAGES } from '@shared/messages';
import { FullScreenSpinner } from '../components/ui/full-screen-spinner';
import { useSession } from '../lib/session';

/**
 * Renders the app only once the start-up session check has answered (SPEC.md §2): otherwise a
 * signed-in user would see "Login" in the nav bar, or be sent to /login by a guard, for a moment.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const { isPending } = useSession();
  if (isPending) return <FullScreenSpinner label={MESSAGES.loading} />;
  return children;
}

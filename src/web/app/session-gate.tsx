import { useDeferredValue, type ReactNode } from 'react';
import { MESSAGES } from '@shared/messages';
import { FullScreenSpinner } from '../components/ui/full-screen-spinner';
import { useSession } from '../lib/session';
import { firstPaintShell } from './first-paint';

/**
 * Renders the app only once the start-up session check has answered (SPEC.md §2): otherwise a
 * signed-in user would see "Login" in the nav bar, or be sent to /login by a guard, for a moment.
 * Meanwhile the screen stays as the server painted it (the brand and the page's heading).
 */
export function SessionGate({ children }: { children: ReactNode }) {
  // The answer arrives as an urgent update (a change of the data cache), and React renders those
  // in one go: the whole app in one long task. Deferred, the shell stays for that update and the
  // app is rendered as a transition, in slices the browser can interleave with input.
  const isPending = useDeferredValue(useSession().isPending);
  if (!isPending) return children;
  const shell = firstPaintShell();
  // The server's own markup for this address (first-paint.ts), put back as it was.
  if (shell) return <div dangerouslySetInnerHTML={{ __html: shell }} />;
  return <FullScreenSpinner label={MESSAGES.loading} />;
}

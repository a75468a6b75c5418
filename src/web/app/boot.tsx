import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { captureFirstPaint } from './first-paint';
import { AppProviders, createQueryClient } from './providers';
import { AppRouter } from './router';
import { SessionGate } from './session-gate';
import { startLoading } from './start-up';

/** Starts the app: the session check, the page's code and data, then React over the first paint. */
const queryClient = createQueryClient();
startLoading(queryClient, window.location.pathname);

const root = document.getElementById('root')!;
captureFirstPaint(root, window.location.pathname);
// As a transition, React renders the app in slices of a few milliseconds, yielding to the
// browser in between: the page stays responsive to a tap while the app builds itself over the
// first paint (one long task otherwise: Lighthouse's Total Blocking Time).
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <AppProviders client={queryClient}>
        <SessionGate>
          <AppRouter />
        </SessionGate>
      </AppProviders>
    </StrictMode>,
  ),
);

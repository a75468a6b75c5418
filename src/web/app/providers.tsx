import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { whenIdle } from '../lib/when-idle';

/** The data cache: made before the first render, so start-up can fill it while React starts. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

// The toast area shows nothing until something is done on the page, so it arrives once the
// browser is idle: out of every route's first load and out of the app's first render. A toast
// raised before it is kept by the toast store, then shown and read when it mounts (Toaster).
const Toaster = lazy(() => import('../components/ui/toaster').then((m) => ({ default: m.Toaster })));

function IdleToaster() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => whenIdle(() => setMounted(true), 1000), []);
  return mounted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/** App-wide providers: the data cache and the toast area (outside the session gate, always there). */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <IdleToaster />
    </QueryClientProvider>
  );
}

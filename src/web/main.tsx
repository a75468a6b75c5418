import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders, createQueryClient } from './app/providers';
import { AppRouter } from './app/router';
import { SessionGate } from './app/session-gate';
import { startLoading } from './app/start-up';
import './styles.css';

const queryClient = createQueryClient();
startLoading(queryClient, window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders client={queryClient}>
      <SessionGate>
        <AppRouter />
      </SessionGate>
    </AppProviders>
  </StrictMode>,
);

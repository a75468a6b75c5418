import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { captureFirstPaint } from './app/first-paint';
import { AppProviders, createQueryClient } from './app/providers';
import { AppRouter } from './app/router';
import { SessionGate } from './app/session-gate';
import { startLoading } from './app/start-up';
import './styles.css';

const queryClient = createQueryClient();
startLoading(queryClient, window.location.pathname);

const root = document.getElementById('root')!;
captureFirstPaint(root, window.location.pathname);
createRoot(root).render(
  <StrictMode>
    <AppProviders client={queryClient}>
      <SessionGate>
        <AppRouter />
      </SessionGate>
    </AppProviders>
  </StrictMode>,
);

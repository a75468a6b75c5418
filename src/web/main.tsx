import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { SessionGate } from './app/session-gate';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <SessionGate>
        <AppRouter />
      </SessionGate>
    </AppProviders>
  </StrictMode>,
);

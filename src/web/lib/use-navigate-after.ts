import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * Moves to `to` once `done` turns true, after `delayMs`: time to read the success message first
 * (SPEC.md §9's 2 s). Leaving the page earlier cancels the move.
 */
export function useNavigateAfter(done: boolean, to: string, delayMs: number) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => void navigate(to), delayMs);
    return () => window.clearTimeout(timer);
  }, [done, to, delayMs, navigate]);
}

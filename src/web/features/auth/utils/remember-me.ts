/**
 * SPEC.md §2: with "Remember me" set the browser keeps a marker. The session cookie's lifetime
 * is the server's business (it reads rememberMe from the login call); the marker only pre-ticks
 * the box next time. Storage can be unavailable (private modes, policies): then nothing is kept.
 */
const REMEMBER_ME_KEY = 'studyshelf.rememberMe';

export function readRememberMe(): boolean {
  try {
    return localStorage.getItem(REMEMBER_ME_KEY) === 'true';
  } catch {
    return false;
  }
}

export function writeRememberMe(remember: boolean): void {
  try {
    if (remember) localStorage.setItem(REMEMBER_ME_KEY, 'true');
    else localStorage.removeItem(REMEMBER_ME_KEY);
  } catch {
    // Not being remembered is harmless; login itself succeeded.
  }
}

/**
 * "Remember me" is ticked unless this browser unticked it last time (DESIGN.md §1: students sign
 * in on their own phones). The session cookie's lifetime is the server's business (it reads
 * rememberMe from the login call); the marker only sets the box next time. Storage can be
 * unavailable (private modes, policies): then the box is ticked.
 */
const REMEMBER_ME_KEY = 'studyshelf.rememberMe';

export function readRememberMe(): boolean {
  try {
    return localStorage.getItem(REMEMBER_ME_KEY) !== 'false';
  } catch {
    return true;
  }
}

export function writeRememberMe(remember: boolean): void {
  try {
    localStorage.setItem(REMEMBER_ME_KEY, String(remember));
  } catch {
    // Not being remembered is harmless; login itself succeeded.
  }
}

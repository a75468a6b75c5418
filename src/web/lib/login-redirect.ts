import { ROUTES } from '@shared/routes';

/**
 * The navigation state that carries "where the user was going" to /login (SPEC.md §2: the
 * origin path is remembered). Written by the route guard, read by the login page.
 */
export interface LoginLocationState {
  from?: string;
}

export function loginStateFor(location: { pathname: string; search: string }): LoginLocationState {
  return { from: `${location.pathname}${location.search}` };
}

/**
 * Where to go after login. History state can hold anything, so only a same-site path is
 * accepted ("//host" would leave the site), and never the account pages themselves.
 */
export function redirectTargetFrom(state: unknown): string {
  const from = (state as LoginLocationState | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return ROUTES.home;
  const path = from.split(/[?#]/)[0];
  if (path === ROUTES.login || path === ROUTES.signup) return ROUTES.home;
  return from;
}

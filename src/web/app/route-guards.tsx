import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { can, type Permission } from '@shared/permissions';
import { ROUTES } from '@shared/routes';
import { loginStateFor, redirectTargetFrom } from '../lib/login-redirect';
import { useSession } from '../lib/session';

/*
 * Route guards (SPEC.md §2 routing rules). They only decide where the browser goes; the server
 * checks every permission again on each call, so a guard is a convenience, never the lock.
 * They render after SessionGate, so the session is always known here.
 */

/** Signed-out users go to /login, which sends them back here afterwards. */
export function RequireAuth() {
  const { user } = useSession();
  const location = useLocation();
  if (!user) return <Navigate to={ROUTES.login} replace state={loginStateFor(location)} />;
  return <Outlet />;
}

/**
 * Signed-in users without the permission go to the branch list, or see `denied` where a page
 * says why and what to do instead (issue 36: the upload page). Nest inside RequireAuth.
 */
export function RequireRole({ permission, denied }: { permission: Permission; denied?: ReactNode }) {
  const { user } = useSession();
  if (!can(user?.role, permission)) return denied ?? <Navigate to={ROUTES.branches} replace />;
  return <Outlet />;
}

/** Login and sign-up make no sense with a session: go where the login would have gone. */
export function RedirectIfSignedIn() {
  const { user } = useSession();
  const location = useLocation();
  if (user) return <Navigate to={redirectTargetFrom(location.state)} replace />;
  return <Outlet />;
}

/**
 * A provider sign-in's new account finishes its profile first (decision 052), and a role that
 * must use two-factor sign-in sets it up first (decision 055): every other page sends them there,
 * since the API refuses the library meanwhile.
 */
export function RequireFinishedSetUp() {
  const { user } = useSession();
  const { pathname } = useLocation();
  if (user?.profilePending) return <Navigate to={ROUTES.finishProfile} replace />;
  if (user?.twoFactorSetupRequired && pathname !== ROUTES.account) return <Navigate to={`${ROUTES.account}?setup=two-factor`} replace />;
  return <Outlet />;
}

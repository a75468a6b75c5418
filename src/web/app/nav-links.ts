import type { Role } from '@shared/account';
import { can } from '@shared/permissions';
import { ROUTES } from '@shared/routes';

export interface NavLinkItem {
  to: string;
  label: string;
  /** Rendered as a filled button (the main call to action) instead of a text link. */
  emphasis?: boolean;
  /** A number shown beside the label (how many files are on My shelf), when known and above 0. */
  count?: number;
}

/** What a visitor without a session sees; no Sign Up when only a provider signs people in (PASSWORD_LOGIN=false). */
export function signedOutLinks(passwordLogin: boolean): readonly NavLinkItem[] {
  return passwordLogin
    ? [
        { to: ROUTES.login, label: 'Login' },
        { to: ROUTES.signup, label: 'Sign Up', emphasis: true },
      ]
    : [{ to: ROUTES.login, label: 'Login' }];
}

/**
 * SPEC.md §2: Resources for every signed-in user, Upload for ADMIN and CR, Dashboard for ADMIN;
 * plus their requests for everyone and the request queue for CRs and admins (issue 6), and My
 * shelf with its count (issue 14).
 * Read from the permission table, so the nav bar and the route guards cannot disagree.
 */
export function signedInLinks(role: Role, counts: { shelf?: number } = {}): readonly NavLinkItem[] {
  return [
    { to: ROUTES.branches, label: 'Resources' },
    { to: ROUTES.myShelf, label: 'My shelf', count: counts.shelf },
    { to: ROUTES.myRequests, label: 'Requests' },
    ...(can(role, 'uploadResources') ? [{ to: ROUTES.uploadResources, label: 'Upload' }] : []),
    ...(can(role, 'handleRequests') ? [{ to: ROUTES.requestQueue, label: 'Queue' }] : []),
    ...(can(role, 'manageUsers') ? [{ to: ROUTES.dashboard, label: 'Dashboard' }] : []),
  ];
}

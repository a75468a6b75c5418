import { ROUTES } from '@shared/routes';

export interface NavLinkItem {
  to: string;
  label: string;
  /** Rendered as a filled button (the main call to action) instead of a text link. */
  emphasis?: boolean;
}

/**
 * What a visitor without a session sees. When accounts arrive, the nav bar picks a list by
 * session and role (Resources, Upload, Dashboard, the user's name, Logout) from here.
 */
export const SIGNED_OUT_LINKS: readonly NavLinkItem[] = [
  { to: ROUTES.login, label: 'Login' },
  { to: ROUTES.signup, label: 'Sign Up', emphasis: true },
];

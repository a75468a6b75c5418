import { SSO_MESSAGES } from '../../../shared/sso.js';
import type { Config } from '../../config.js';
import { forbidden } from '../../http/http-error.js';

/**
 * PASSWORD_LOGIN=false (decision 052): only the OpenID Connect providers sign people in, so every
 * way to set or use a password (login, sign-up, forgot and reset, change) answers 403.
 */
export function assertPasswordLoginOn(config: Pick<Config, 'sso'>): void {
  if (!config.sso.passwordLogin) throw forbidden(SSO_MESSAGES.passwordLoginOff, { code: 'PASSWORD_LOGIN_OFF' });
}

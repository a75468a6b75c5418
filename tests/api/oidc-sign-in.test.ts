import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../src/shared/account.js';
import { ACCOUNT_SETTINGS_MESSAGES, recentSignInMessage } from '../../src/shared/account-settings.js';
import { SSO_MESSAGES } from '../../src/shared/sso.js';
import { oidcEnv, startOidcProvider, type TestOidcProvider } from '../support/oidc-provider.js';
import { DOMAIN, newClientAddress, PASSWORD, signUpBody } from './helpers/accounts.js';
import { signedIn, verifiedUser } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

const SITE = 'http://127.0.0.1:3000';

/** Cookie header of a jar after these Set-Cookie lines (a later line wins, a removal drops). */
function addCookies(jar: Map<string, string>, lines: string[]): void {
  for (const line of lines) {
    const [pair] = line.split(';');
    const at = pair!.indexOf('=');
    const [name, value] = [pair!.slice(0, at).trim(), pair!.slice(at + 1)];
    if (!value || /max-age=0/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
}
const header = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
const setCookies = (res: { headers: Record<string, unknown> }) => ([] as string[]).concat((res.headers['set-cookie'] as string[] | string | undefined) ?? []);

describe(`OpenID Connect sign-in (${testDialect})`, () => {
  let t: TestApp;
  let idp: TestOidcProvider;
  const ssoEnv = () => ({ PUBLIC_URL: SITE, INSTITUTION_EMAIL_DOMAIN: DOMAIN, ...oidcEnv(idp) });

  beforeAll(async () => {
    idp = await startOidcProvider({
      redirectUris: [`${SITE}/api/auth/callback/uni`],
      users: {
        newcomer: { email: `newcomer@${DOMAIN}`, email_verified: true, name: 'New Comer', hd: DOMAIN },
        crhopeful: { email: `crhopeful@${DOMAIN}`, email_verified: true, name: 'Cr Hopeful' },
        adminhopeful: { email: `adminhopeful@${DOMAIN}`, email_verified: true, name: 'Admin Hopeful' },
        outsider: { email: 'eve@other.edu', email_verified: true, name: 'Eve Outside' },
        wronghd: { email: `mallory@${DOMAIN}`, email_verified: true, name: 'Mallory', hd: 'other.edu' },
        unverified: { email: `unchecked@${DOMAIN}`, email_verified: false, name: 'Un Checked' },
        entraStyle: { email: `entra@${DOMAIN}`, name: 'Entra Style', xms_edov: true },
        entraUnsure: { email: `unsure@${DOMAIN}`, name: 'Entra Unsure' },
      },
    });
    t = await createTestApp({ ...ssoEnv(), MAX_CRS_PER_CLASS: '1' });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  /**
   * The authorization-code flow as a browser runs it: our start, the provider's pages over real
   * HTTP (its own cookie jar), then its redirect back to our callback with our state cookie.
   * Returns where StudyShelf sends the browser and the browser's cookies for StudyShelf.
   */
  async function signInAtProvider(accountId: string): Promise<{ location: string; cookie: string }> {
    idp.signInAs(accountId);
    const ours = new Map<string, string>();
    const start = await t.api.post('/api/auth/sso/uni', undefined, { headers: { origin: SITE } });
    expect(start.statusCode, start.body).toBe(200);
    addCookies(ours, setCookies(start));
    const theirs = new Map<string, string>();
    let url: string = start.json().url;
    expect(url.startsWith(`${idp.issuer}/`)).toBe(true);
    for (let hop = 0; !url.startsWith(SITE); hop++) {
      expect(hop, `stuck at ${url}`).toBeLessThan(10);
      const res = await fetch(url, { redirect: 'manual', headers: { cookie: header(theirs) } });
      addCookies(theirs, res.headers.getSetCookie());
      expect(res.status, await res.clone().text()).toBeGreaterThanOrEqual(300);
      url = new URL(res.headers.get('location')!, url).href;
    }
    const callback = await t.api.get(url.slice(SITE.length), { as: header(ours) });
    expect(callback.statusCode, callback.body).toBe(302);
    addCookies(ours, setCookies(callback));
    return { location: String(callback.headers.location), cookie: header(ours) };
  }

  const me = async (cookie: string) => (await t.api.get('/api/auth/me', { as: cookie })).json().user;
  const rows = async (email: string) => {
    const users = await t.db.kysely.selectFrom('user').select('id').where('email', '=', email).execute();
    const accounts = users.length
      ? await t.db.kysely.selectFrom('account').select('providerId').where('userId', '=', users[0]!.id).orderBy('providerId').execute()
      : [];
    return { users: users.length, providers: accounts.map((a) => a.providerId) };
  };
  const profile = { branch: 'cse', semester: 3, session: '2025-26', role: 'STUDENT' };

  it('signs a new institution user in, asks for the profile first, then opens the library', async () => {
    const { location, cookie } = await signInAtProvider('newcomer');
    expect(location).toBe(`${SITE}/finish-profile`);
    expect(await me(cookie)).toMatchObject({ email: `newcomer@${DOMAIN}`, name: 'New Comer', role: 'STUDENT', profilePending: true });

    const library = await t.api.get('/api/shelf', { as: cookie });
    expect(library.statusCode).toBe(403);
    expect(library.json()).toMatchObject({ code: 'PROFILE_INCOMPLETE', message: SSO_MESSAGES.profilePending });

    const badSession = await t.api.post('/api/auth/finish-profile', { ...profile, session: '2025' }, { as: cookie, headers: { origin: SITE } });
    expect(badSession.statusCode).toBe(400);
    expect(badSession.json()).toMatchObject({ message: ACCOUNT_MESSAGES.sessionFormat, field: 'session' });
    const noBranch = await t.api.post('/api/auth/finish-profile', { ...profile, branch: ' ' }, { as: cookie, headers: { origin: SITE } });
    expect(noBranch.json()).toMatchObject({ message: ACCOUNT_MESSAGES.branchRequired, field: 'branch' });

    const done = await t.api.post('/api/auth/finish-profile', profile, { as: cookie, headers: { origin: SITE } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().user).toMatchObject({ branch: 'cse', semester: 3, session: '2025-26', role: 'STUDENT' });
    expect(done.json().user.profilePending).toBeUndefined();
    expect((await t.api.get('/api/shelf', { as: cookie })).statusCode).toBe(200);
    const again = await t.api.post('/api/auth/finish-profile', profile, { as: cookie, headers: { origin: SITE } });
    expect(again.statusCode).toBe(409);

    // The next sign-in is a returning user's: straight home, the same single user and account.
    const second = await signInAtProvider('newcomer');
    expect(second.location).toBe(`${SITE}/`);
    expect((await me(second.cookie)).id).toBe(done.json().user.id);
    expect(await rows(`newcomer@${DOMAIN}`)).toEqual({ users: 1, providers: ['uni'] });
  });

  it('applies the CR cap and files an admin-access request as sign-up does', async () => {
    await signedIn(t, 'CR', 'Seated Cr', { branch: 'ece', semester: 5 });
    const cr = await signInAtProvider('crhopeful');
    const full = await t.api.post('/api/auth/finish-profile', { ...profile, branch: 'ece', semester: 5, role: 'CR' }, { as: cr.cookie, headers: { origin: SITE } });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'CR_CAP_REACHED', message: 'Maximum 1 CRs allowed per semester. Semester 5 already has 1 CRs.' });
    expect((await me(cr.cookie)).profilePending).toBe(true);
    const seated = await t.api.post('/api/auth/finish-profile', { ...profile, branch: 'ece', semester: 6, role: 'CR' }, { as: cr.cookie, headers: { origin: SITE } });
    expect(seated.json().user).toMatchObject({ role: 'CR', branch: 'ece', semester: 6 });

    const admin = await signInAtProvider('adminhopeful');
    const asked = await t.api.post('/api/auth/finish-profile', { ...profile, role: 'ADMIN' }, { as: admin.cookie, headers: { origin: SITE } });
    expect(asked.json().user).toMatchObject({ role: 'STUDENT', adminRequestPending: true });
  });

  it.each([
    ['another domain', 'outsider', 'sso_domain_refused', 'eve@other.edu'],
    ['a Workspace domain (hd) not the institution', 'wronghd', 'sso_domain_refused', `mallory@${DOMAIN}`],
    ['an address the provider has not verified', 'unverified', 'sso_email_unverified', `unchecked@${DOMAIN}`],
    ['an address with neither email_verified nor Entra\'s xms_edov', 'entraUnsure', 'sso_email_unverified', `unsure@${DOMAIN}`],
  ])('refuses %s: back on the login page with the reason, no account made', async (_what, accountId, code, email) => {
    const { location, cookie } = await signInAtProvider(accountId);
    const url = new URL(location);
    expect(url.origin + url.pathname).toBe(`${SITE}/login`);
    expect(url.searchParams.get('error')).toBe(code);
    expect(await me(cookie)).toBeNull();
    expect(await rows(email)).toEqual({ users: 0, providers: [] });
  });

  it("takes Entra ID's xms_edov (domain owner verified) where email_verified is absent", async () => {
    const { location, cookie } = await signInAtProvider('entraStyle');
    expect(location).toBe(`${SITE}/finish-profile`);
    expect(await me(cookie)).toMatchObject({ email: `entra@${DOMAIN}`, profilePending: true });
    const row = await t.db.kysely.selectFrom('user').select('emailVerified').where('email', '=', `entra@${DOMAIN}`).executeTakeFirstOrThrow();
    // Verified on the row too, so the expiry of unverified accounts never deletes it.
    expect(Boolean(row.emailVerified)).toBe(true);
  });

  it('links a verified password account with the same address: one user, two ways in', async () => {
    const user = await verifiedUser(t, 'ADMIN', 'Pass Word');
    idp.users.existing = { email: user.email, email_verified: true, name: 'Provider Name' };
    const { location, cookie } = await signInAtProvider('existing');
    expect(location).toBe(`${SITE}/`);
    const signedInUser = await me(cookie);
    expect(signedInUser).toMatchObject({ id: user.id, role: 'ADMIN', name: 'Pass Word' });
    expect(signedInUser.profilePending).toBeUndefined();
    expect(await rows(user.email)).toEqual({ users: 1, providers: ['credential', 'uni'] });
    // The provider's sign-in counts as the second factor: no TOTP enrolment in the way (decision 052).
    expect((await t.api.get('/api/admin/users', { as: cookie })).statusCode).toBe(200);
    // The same administrator's password sign-in has no second factor yet: set-up first (decision 055).
    const byPassword = await t.api.post('/api/auth/login', { email: user.email, password: PASSWORD, rememberMe: false });
    const passwordCookie = ([] as string[]).concat(byPassword.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
    expect((await t.api.get('/api/admin/users', { as: passwordCookie })).json().code).toBe('TWO_FACTOR_SETUP_REQUIRED');
  });

  it('signs out at the provider too: its end-session URL with the ID token and our /login', async () => {
    const user = await verifiedUser(t, 'STUDENT');
    idp.users.leaving = { email: user.email, email_verified: true, name: 'Lea Ving' };
    const { cookie } = await signInAtProvider('leaving');
    const out = await t.api.post('/api/auth/logout', undefined, { as: cookie, headers: { origin: SITE } });
    expect(out.statusCode).toBe(200);
    const url = new URL(out.json().endSessionUrl);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${SITE}/login`);
    expect(url.searchParams.get('id_token_hint')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    // The provider accepts it (a wrong hint or return address would be its error page, 400).
    const atProvider = await fetch(url, { redirect: 'manual' });
    expect(atProvider.status).toBe(200);
    expect(await me(cookie)).toBeNull();

    // The next provider sign-out reuses the provider's end-session address: no discovery read.
    const again = (await signInAtProvider('leaving')).cookie;
    const readsBefore = idp.discoveryReads;
    const second = await t.api.post('/api/auth/logout', undefined, { as: again, headers: { origin: SITE } });
    expect(new URL(second.json().endSessionUrl).origin).toBe(idp.issuer);
    expect(idp.discoveryReads).toBe(readsBefore);

    // A password sign-in's sign-out stays here.
    const byPassword = await t.api.post('/api/auth/login', { email: user.email, password: PASSWORD, rememberMe: false });
    const passwordCookie = ([] as string[]).concat(byPassword.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
    const plain = await t.api.post('/api/auth/logout', undefined, { as: passwordCookie, headers: { origin: SITE } });
    expect(plain.json()).toEqual({ message: 'Logged out' });
  });

  it('deletes an account without a password after a recent provider sign-in, and only then', async () => {
    idp.users.ssoOnly = { email: `ssoonly@${DOMAIN}`, email_verified: true, name: 'Sso Only' };
    const { cookie } = await signInAtProvider('ssoOnly');
    const profile = { branch: 'cse', semester: 3, session: '2025-26', role: 'STUDENT' };
    expect((await t.api.post('/api/auth/finish-profile', profile, { as: cookie, headers: { origin: SITE } })).statusCode).toBe(200);
    expect((await t.api.get('/api/account/sign-in', { as: cookie })).json()).toEqual({ password: false });

    // A session signed in 11 minutes ago no longer proves who is at the keyboard.
    const { id } = await t.db.kysely.selectFrom('user').select('id').where('email', '=', `ssoonly@${DOMAIN}`).executeTakeFirstOrThrow();
    const earlier = new Date(Date.now() - 11 * 60_000);
    await t.db.kysely.updateTable('session').set({ createdAt: (testDialect === 'sqlite' ? earlier.toISOString() : earlier) as never }).where('userId', '=', id).execute();
    const stale = await t.api.request('DELETE', '/api/account', {}, { as: cookie, headers: { origin: SITE } });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'RECENT_SIGN_IN_REQUIRED', message: recentSignInMessage('University account', 10) });
    expect(await rows(`ssoonly@${DOMAIN}`)).toMatchObject({ users: 1 });

    // Signed in again: deleted, with its provider link.
    const fresh = (await signInAtProvider('ssoOnly')).cookie;
    const deleted = await t.api.request('DELETE', '/api/account', {}, { as: fresh, headers: { origin: SITE } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await rows(`ssoonly@${DOMAIN}`)).toEqual({ users: 0, providers: [] });

    // An account with a password still gives it, even after a provider sign-in.
    const user = await verifiedUser(t, 'STUDENT');
    idp.users.linked = { email: user.email, email_verified: true, name: 'Linked' };
    const linked = (await signInAtProvider('linked')).cookie;
    expect((await t.api.get('/api/account/sign-in', { as: linked })).json()).toEqual({ password: true });
    const noPassword = await t.api.request('DELETE', '/api/account', {}, { as: linked, headers: { origin: SITE } });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toMatchObject({ field: 'password', message: ACCOUNT_SETTINGS_MESSAGES.currentPasswordRequired });
  });

  it('answers 404 for a provider that is not configured', async () => {
    const res = await t.api.post('/api/auth/sso/elsewhere', undefined, { headers: { origin: SITE } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(SSO_MESSAGES.unknownProvider);
  });

  describe('with PASSWORD_LOGIN=false', () => {
    let off: TestApp;
    beforeAll(async () => {
      off = await createTestApp({ ...ssoEnv(), PASSWORD_LOGIN: 'false' });
    });
    afterAll(async () => {
      await off?.close();
    });

    it('refuses password login and sign-up with a clear reason; the public config says so', async () => {
      const { user } = await signedIn(t, 'STUDENT');
      const login = await off.api.post('/api/auth/login', { email: user.email, password: PASSWORD }, { remoteAddress: newClientAddress() });
      expect(login.statusCode).toBe(403);
      expect(login.json()).toMatchObject({ code: 'PASSWORD_LOGIN_OFF', message: SSO_MESSAGES.passwordLoginOff });
      const signUp = await off.api.post('/api/auth/sign-up', signUpBody(), { remoteAddress: newClientAddress() });
      expect(signUp.statusCode).toBe(403);
      expect(signUp.json().code).toBe('PASSWORD_LOGIN_OFF');
      expect(off.config.public.sso).toEqual({ providers: [{ id: 'uni', label: 'University account' }], passwordLogin: false });
    });

    it('refuses forgot and reset password and a password change', async () => {
      const user = await verifiedUser(off, 'STUDENT');
      const forgot = await off.api.post('/api/auth/forgot-password', { email: user.email }, { remoteAddress: newClientAddress() });
      const reset = await off.api.post('/api/auth/reset-password', { token: 'any', password: 'N3w-Passw0rd!x', confirmPassword: 'N3w-Passw0rd!x' });
      // A session opened behind the routes' back (as a provider sign-in would).
      const session = await off.services.auth.api.signInEmail({ body: { email: user.email, password: PASSWORD }, returnHeaders: true });
      const cookie = session.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      const change = await off.api.post('/api/account/password', { currentPassword: PASSWORD, newPassword: 'N3w-Passw0rd!x', confirmPassword: 'N3w-Passw0rd!x' }, { as: cookie });
      for (const res of [forgot, reset, change]) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toMatchObject({ code: 'PASSWORD_LOGIN_OFF', message: SSO_MESSAGES.passwordLoginOff });
      }
      await off.services.accountMails.settle();
      expect(await off.db.kysely.selectFrom('verification').select('id').where('identifier', 'like', 'reset-password:%').execute()).toEqual([]);
    });
  });
});

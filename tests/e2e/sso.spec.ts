import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { oidcEnv, startOidcProvider, type TestOidcProvider } from '../support/oidc-provider';
import { freePort, startServerProcess, type ServerProcess } from '../support/server-process';
import { expect, seriousA11yViolations, test } from './fixtures';
import { shoot } from './support/screenshots';

const DOMAIN = 'sso-uni.edu';

/*
 * A server of its own, configured for single sign-on with a real OpenID provider (oidc-provider)
 * on a free port, and password sign-in off: the login page shows only the provider's button.
 */
test.describe('single sign-on', () => {
  test.describe.configure({ mode: 'serial' });
  let idp: TestOidcProvider;
  let server: ServerProcess;
  let site: string;
  let dataDir: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const port = await freePort();
    site = `http://127.0.0.1:${port}`;
    idp = await startOidcProvider({
      redirectUris: [`${site}/api/auth/callback/uni`],
      users: {
        ada: { email: `ada.sso@${DOMAIN}`, email_verified: true, name: 'Ada Single', hd: DOMAIN },
        eve: { email: 'eve@elsewhere.edu', email_verified: true, name: 'Eve Elsewhere' },
      },
    });
    dataDir = await mkdtemp(path.join(tmpdir(), 'studyshelf-sso-e2e-'));
    server = await startServerProcess({
      PORT: String(port),
      PUBLIC_URL: site,
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      INSTITUTION_EMAIL_DOMAIN: DOMAIN,
      PASSWORD_LOGIN: 'false',
      ...oidcEnv(idp),
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await idp?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  test('a first sign-in: the provider button, the provider, the profile, then the library', async ({ page }) => {
    idp.signInAs('ada');
    await page.goto(`${site}/login`);
    // Password sign-in is off: no password field, no sign-up link.
    await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /sign up/i })).toHaveCount(0);
    await shoot(page, 'sso-login');
    await page.getByRole('button', { name: 'Sign in with University account' }).click();

    await expect(page).toHaveURL(`${site}/finish-profile`);
    await expect(page.getByRole('heading', { level: 1, name: 'Finish your profile' })).toBeVisible();
    await expect(page.getByText(`ada.sso@${DOMAIN}`)).toBeVisible();
    // The library stays shut until the profile is done.
    await page.goto(`${site}/filter-resources`);
    await expect(page).toHaveURL(`${site}/finish-profile`);
    await page.getByRole('button', { name: 'Open the library' }).click();
    await expect(page.getByText('Branch is required!').first()).toBeVisible();
    await shoot(page, 'sso-finish-profile');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByLabel('Branch').selectOption({ index: 1 });
    await page.getByLabel('Semester').selectOption('3');
    await page.getByLabel('Session').fill('2025-26');
    await page.getByRole('button', { name: 'Open the library' }).click();
    await expect(page).toHaveURL(`${site}/branch`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const me = await page.request.get(`${site}/api/auth/me`);
    expect((await me.json()).user).toMatchObject({ email: `ada.sso@${DOMAIN}`, semester: 3, session: '2025-26' });
  });

  test('no password to forget, reset or change: the pages lead to the button, settings have no password', async ({ page }) => {
    await page.goto(`${site}/login`);
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveCount(0);
    for (const route of ['/forgot-password', '/reset-password?token=abc']) {
      await page.goto(`${site}${route}`);
      await expect(page).toHaveURL(`${site}/login`);
    }
    idp.signInAs('ada');
    await page.getByRole('button', { name: 'Sign in with University account' }).click();
    await page.waitForURL((url) => url.origin === site && !url.pathname.startsWith('/login'));
    // Ada finished her profile in the first journey (serial): her settings open.
    await page.goto(`${site}/account`);
    await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Password' })).toHaveCount(0);
    await expect(page.getByLabel('Current password')).toHaveCount(0);
    await shoot(page, 'sso-account');

    // Signing out ends the provider's session too, and its page comes back to our login.
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('dialog', { name: 'Confirm Logout' }).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.origin === idp.issuer);
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await expect(page).toHaveURL(`${site}/login`);
    await expect(page.getByRole('button', { name: 'Sign in with University account' })).toBeVisible();
    expect((await (await page.request.get(`${site}/api/auth/me`)).json()).user).toBeNull();
  });

  test('the sign-up page leads to the provider button instead', async ({ page }) => {
    await page.goto(`${site}/signup`);
    await expect(page).toHaveURL(`${site}/login`);
    await expect(page.getByRole('button', { name: 'Sign in with University account' })).toBeVisible();
  });

  test('an address of another domain is turned back to the login page with the reason', async ({ page }) => {
    idp.signInAs('eve');
    await page.goto(`${site}/login`);
    await page.getByRole('button', { name: 'Sign in with University account' }).click();
    await expect(page).toHaveURL(/\/login\?error=sso_domain_refused/);
    await expect(page.getByRole('alert').filter({ hasText: 'Only addresses of your institution can sign in.' })).toBeVisible();
    await shoot(page, 'sso-refused');
  });

  test('an account without a password is deleted straight after a sign-in, no password asked', async ({ page }) => {
    idp.signInAs('ada');
    await page.goto(`${site}/login`);
    await page.getByRole('button', { name: 'Sign in with University account' }).click();
    await page.waitForURL((url) => url.origin === site && !url.pathname.startsWith('/login'));
    await page.goto(`${site}/account`);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog.getByText('Your account has no password')).toBeVisible();
    await expect(dialog.getByLabel('Your password')).toHaveCount(0);
    await shoot(page, 'sso-delete-account');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await expect(page.getByText('Your account has been deleted.')).toBeVisible();
    expect((await (await page.request.get(`${site}/api/auth/me`)).json()).user).toBeNull();
  });
});

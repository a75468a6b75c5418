import type { Page } from '@playwright/test';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { expect, seriousA11yViolations, test } from './fixtures';
import { shoot } from './support/screenshots';
import { createAccount, type E2eAccount } from './support/accounts';

/** What an authenticator app shows now for the key the page printed (in groups of four). */
const codeFor = (shownKey: string) => createOTP(base32.decode(shownKey.replace(/\s/g, ''))).totp();

async function passwordStep(page: Page, account: E2eAccount) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

test.describe('two-factor sign-in', () => {
  test('an administrator without it is sent to set it up, then signs in with a code and a backup code', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const admin = await createAccount('ADMIN', 'Tara Twofactor');
    await passwordStep(page, admin);
    // Straight to set-up, before the dashboard.
    await expect(page).toHaveURL(/\/account\?setup=two-factor$/);
    const section = page.getByRole('region', { name: 'Two-factor sign-in' });
    await expect(section.getByText('Your role must use two-factor sign-in.')).toBeVisible();
    await shoot(page, 'two-factor-asked');
    // Nothing else opens until it is set up (decision 055): the API refuses it too.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/account\?setup=two-factor$/);

    await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await section.getByLabel('Your password').fill(admin.password);
    await section.getByRole('button', { name: 'Continue' }).click();
    const key = (await section.getByLabel('Secret key').textContent())!;
    await expect(section.getByRole('img', { name: 'QR code of your authenticator key' })).toBeVisible();
    await expect(section.getByRole('link', { name: 'Open in authenticator app' })).toHaveAttribute('href', /^otpauth:\/\/totp\//);
    const backupCodes = await section.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allTextContents();
    expect(backupCodes).toHaveLength(10);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shoot(page, 'two-factor-setup');

    await section.getByLabel('6-digit code').fill('000000');
    await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await expect(section.getByText('That code is not right.').first()).toBeVisible();
    await section.getByLabel('6-digit code').fill(await codeFor(key));
    await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await expect(section.getByText('Two-factor sign-in is on.')).toBeVisible();
    await expect(section.getByText('cannot be turned off')).toBeVisible();
    await shoot(page, 'two-factor-on');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();

    // A new browser: password, then the app's code.
    const fresh = await (await browser.newContext({ baseURL })).newPage();
    await passwordStep(fresh, admin);
    await expect(fresh.getByLabel('Authentication code')).toBeVisible();
    expect(await seriousA11yViolations(fresh)).toEqual([]);
    await shoot(fresh, 'two-factor-login');
    await fresh.getByLabel('Authentication code').fill(await codeFor(key));
    await fresh.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(fresh).toHaveURL('/');

    // Another: a backup code instead, and the same one again is refused.
    for (const expected of ['signed in', 'refused'] as const) {
      const other = await (await browser.newContext({ baseURL })).newPage();
      await passwordStep(other, admin);
      await other.getByRole('button', { name: 'Use a backup code instead' }).click();
      await other.getByLabel('Backup code').fill(backupCodes[0]!);
      await other.getByRole('button', { name: 'Verify and sign in' }).click();
      if (expected === 'signed in') await expect(other).toHaveURL('/');
      else await expect(other.getByRole('alert').filter({ hasText: 'That code is not right.' })).toBeVisible();
    }
  });
});

import type { Page } from '@playwright/test';
import { expect, seriousA11yViolations, test } from './fixtures';
import { shoot } from './support/shots';
import { createAccount, E2E_PASSWORD, signIn, type E2eAccount } from './support/accounts';

const NEW_PASSWORD = 'Quilted-harbor-lantern-42';

/** Opens /account the way a user does: their name in the nav bar (behind the menu on phones). */
async function openAccountSettings(page: Page, name: string) {
  const banner = page.getByRole('banner');
  // The app's own nav bar (the first paint from the server has the brand only).
  await expect(banner.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const menu = banner.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await banner.getByRole('link', { name: `Account settings: ${name}` }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
}

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });

async function logInThroughForm(page: Page, account: E2eAccount, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

test.describe('account settings @phone', () => {
  test('a student changes semester, then password, then deletes the account', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const student = await createAccount('STUDENT', 'Asha Settings', { branch: 'cse', semester: 3 });
    await signIn(page, student);
    // A second browser signed in as the same student: it is signed out by the password change.
    const elsewhere = await browser.newContext({ baseURL });
    await signIn(await elsewhere.newPage(), student);

    await page.goto('/');
    await openAccountSettings(page, 'Asha Settings');
    const profile = page.getByRole('form', { name: 'Profile' });
    await expect(profile.getByLabel('Branch')).toHaveValue('cse');
    await expect(profile.getByLabel('Semester')).toHaveValue('3');
    await expect(profile.getByLabel('Session')).toHaveValue('2024-25');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shoot(page, 'account');

    // Profile: the shared rules speak before anything is sent; then the class changes.
    await profile.getByLabel('Full name').fill(' ');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await expect(profile.getByText('Name is required!')).toBeVisible();
    await expect(profile.getByLabel('Full name')).toBeFocused();
    await profile.getByLabel('Full name').fill('Asha Verma');
    await profile.getByLabel('Semester').selectOption('5');
    await profile.getByLabel('Session').fill('2023');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await expect(profile.getByText('Invalid session format (YYYY-YY)')).toBeVisible();
    await profile.getByLabel('Session').fill('2023-24');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await expect(toasts(page).getByText('Profile saved')).toBeVisible();
    await expect(page.getByRole('banner').getByText('Asha Verma')).toBeAttached();

    // The new class is the default of the request form.
    await page.goto('/request-resources');
    await expect(page.getByLabel('Branch')).toHaveValue('cse');
    await expect(page.getByLabel('Semester')).toHaveValue('5');

    // Password: the current one is checked, a weak new one is refused with the reason.
    await openAccountSettings(page, 'Asha Verma');
    const password = page.getByRole('form', { name: 'Change password' });
    await password.getByLabel('Current password', { exact: true }).fill('Wrong-password-77');
    await password.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await password.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByText('Your current password is not correct.')).toBeVisible();
    await password.getByLabel('Current password', { exact: true }).fill(E2E_PASSWORD);
    await password.getByLabel('New password', { exact: true }).fill('Password123');
    await password.getByLabel('Confirm new password').fill('Password123');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByText(/^Password is too easy to guess\./)).toBeVisible();
    await shoot(page, 'account-errors');
    await password.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await password.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(toasts(page).getByText(/^Password changed/)).toBeVisible();
    await expect(password.getByLabel('Current password', { exact: true })).toHaveValue('');

    // This browser stays signed in; the other one is signed out.
    expect((await (await page.request.get('/api/auth/me')).json()).user?.email).toBe(student.email);
    expect((await (await elsewhere.request.get('/api/auth/me')).json()).user).toBeNull();
    await elsewhere.close();

    // The new password logs in, the old one no longer does.
    await page.context().clearCookies();
    await logInThroughForm(page, student, E2E_PASSWORD);
    await expect(page.getByText('Invalid email or password').first()).toBeVisible();
    await logInThroughForm(page, student, NEW_PASSWORD);
    await expect(page.getByText('Login successful!').first()).toBeVisible();

    // Delete: the dialog asks for the password; a wrong one changes nothing.
    await openAccountSettings(page, 'Asha Verma');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toContainText('shown as uploaded by a deleted account');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shoot(page, 'account-delete-dialog');
    await dialog.getByLabel('Your password').fill('Wrong-password-77');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await expect(dialog.getByText('Your current password is not correct.')).toBeVisible();
    await dialog.getByLabel('Your password').press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByLabel('Your password').fill(NEW_PASSWORD);
    await dialog.getByLabel('Your password').press('Enter');
    await expect(toasts(page).getByText('Your account has been deleted.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect((await (await page.request.get('/api/auth/me')).json()).user).toBeNull();

    await logInThroughForm(page, student, NEW_PASSWORD);
    await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  });
});

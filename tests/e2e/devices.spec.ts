import type { Page } from '@playwright/test';
import { expect, seriousA11yViolations, test } from './fixtures';
import { createAccount, signIn } from './support/accounts';
import { shoot } from './support/screenshots';

const PHONE_UA = 'Mozilla/5.0 (Linux; Android 13; SM-A146B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const LAB_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0';

const devices = (page: Page) => page.getByRole('list', { name: 'Signed-in devices' });
const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const tag = () => `Dv${Math.random().toString(36).slice(2, 8)}`;

test.describe('signed-in devices @phone', () => {
  test('a student sees their devices, signs the lab computer out, then every other one', async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    const student = await createAccount('STUDENT', `${tag()} Devices`, { branch: 'cse', semester: 3 });
    const phone = await browser.newContext({ baseURL, userAgent: PHONE_UA });
    const lab = await browser.newContext({ baseURL, userAgent: LAB_UA });
    try {
      const phonePage = await phone.newPage();
      const labPage = await lab.newPage();
      await signIn(phonePage, student);
      await signIn(labPage, student);
      await signIn(page, student);

      await page.goto('/account');
      await expect(page.getByRole('heading', { name: 'Signed-in devices' })).toBeVisible();
      const list = devices(page);
      await expect(list.getByRole('listitem')).toHaveCount(3);
      await expect(list.getByRole('listitem').first()).toContainText('This device');
      await expect(list).toContainText('Chrome on Android');
      await expect(list).toContainText('Edge on Windows');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shoot(page, 'devices', page.getByRole('heading', { name: 'Signed-in devices' }));

      await list.getByRole('listitem').filter({ hasText: 'Edge on Windows' }).getByRole('button', { name: /^Sign out Edge on Windows/ }).click();
      await expect(toasts(page)).toContainText('Signed out on that device.');
      await expect(list.getByRole('listitem')).toHaveCount(2);
      await labPage.goto('/account');
      await expect(labPage).toHaveURL(/\/login/);

      await page.getByRole('button', { name: 'Sign out all other devices' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign out all other devices?' });
      await expect(dialog).toContainText('1 other device will have to sign in again.');
      await dialog.getByRole('button', { name: 'Sign out others' }).click();
      await expect(toasts(page)).toContainText('Signed out on every other device.');
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await expect(page.getByText('You are signed in on this device only.')).toBeVisible();
      await phonePage.goto('/account');
      await expect(phonePage).toHaveURL(/\/login/);
      // This browser is still signed in.
      await page.reload();
      await expect(devices(page).getByRole('listitem')).toHaveCount(1);
    } finally {
      await phone.close();
      await lab.close();
    }
  });

  test('an admin signs a user out everywhere from the dashboard', async ({ page, browser, baseURL }) => {
    const t = tag();
    const admin = await createAccount('ADMIN', `${t} Boss`);
    const student = await createAccount('STUDENT', `${t} Lost Phone`, { branch: 'it', semester: 6 });
    const phone = await browser.newContext({ baseURL, userAgent: PHONE_UA });
    try {
      const phonePage = await phone.newPage();
      await signIn(phonePage, student);

      await signIn(page, admin);
      await page.goto(`/dashboard?q=${encodeURIComponent(student.email)}`);
      const row = page.getByRole('table').getByRole('row').filter({ hasText: student.name });
      await row.getByRole('button', { name: `Sign ${student.name} out everywhere` }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
      await expect(dialog).toContainText(student.email);
      await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
      await expect(toasts(page)).toContainText(`${student.name} was signed out on 1 device.`);
      await expect(dialog).toBeHidden();

      await phonePage.goto('/account');
      await expect(phonePage).toHaveURL(/\/login/);
      await page.goto('/dashboard/audit-log');
      await expect(page.getByText(`Ended 1 session of ${student.name}`)).toBeVisible();
    } finally {
      await phone.close();
    }
  });
});

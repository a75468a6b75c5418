import { execFileSync } from 'node:child_process';
import { expect, test } from './fixtures';
import { linkFromMailbox } from './support/mail';

const DOMAIN = 'test-uni.edu';
const PASSWORD = 'Journey2024ok';
const unique = (prefix: string) => `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@${DOMAIN}`;

test.describe('roles in the browser', () => {
  test('the login form stops after 5 attempts on one page load', async ({ page }) => {
    await page.goto('/login');
    for (let i = 0; i < 5; i++) {
      await page.getByLabel('Email').fill(unique(`nobody${i}`));
      await page.getByLabel('Password', { exact: true }).fill('WrongPass2024');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(page.getByText('Invalid email or password').first()).toBeVisible();
    }
    let sent = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/login')) sent = true;
    });
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Too many login attempts. Please try again later.').first()).toBeVisible();
    expect(sent).toBe(false);
  });

  test('a CR sees Upload but not Dashboard, and may open the upload page', async ({ page }) => {
    const email = unique('cr');
    await page.goto('/signup');
    await page.getByLabel('Full name').fill('Rep Person');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Branch').selectOption('me');
    await page.getByLabel('Semester').selectOption('7');
    await page.getByLabel('Role').selectOption('CR');
    await page.getByLabel('Session').fill('2024-25');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await page.goto(await linkFromMailbox(email, '/verify-email'));
    await expect(page.getByRole('heading', { name: 'E-mail verified' })).toBeVisible();
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Upload' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    await banner.getByRole('link', { name: 'Upload' }).click();
    await expect(page).toHaveURL('/upload-resources');
  });

  test('an admin made with the admin CLI logs in, is asked to set up two-factor, and sees Upload and Dashboard', async ({ page }) => {
    const email = unique('admin');
    const output = execFileSync(
      process.execPath,
      ['dist/cli/admin.js', 'create-admin', '--email', email, '--name', 'Cli Admin', '--password', 'AdminPass2024'],
      { env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? '.e2e-data', INSTITUTION_EMAIL_DOMAIN: DOMAIN, LOG_LEVEL: 'silent' } },
    ).toString();
    expect(output).toContain('Created administrator Cli Admin');
    expect(output).toContain('Two-factor sign-in is required for administrators');
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('AdminPass2024');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    // REQUIRE_2FA_FOR=admin by default (decision 049): set-up comes before the dashboard.
    await expect(page).toHaveURL('/account?setup=two-factor');
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Upload' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(banner.getByText('Cli Admin')).toBeVisible();
  });
});

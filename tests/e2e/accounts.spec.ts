import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { linkFromMailbox } from './support/mail';

const DOMAIN = 'test-uni.edu';
const PASSWORD = 'Journey2024ok';
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@${DOMAIN}`;

async function fillSignUp(page: Page, values: { name: string; email: string; role?: string; password?: string; confirm?: string }) {
  await page.getByLabel('Full name').fill(values.name);
  await page.getByLabel('Email').fill(values.email);
  await page.getByLabel('Branch').selectOption('cse');
  await page.getByLabel('Semester').selectOption('3');
  if (values.role) await page.getByLabel('Role').selectOption(values.role);
  await page.getByLabel('Session').fill('2024-25');
  await page.getByLabel('Password', { exact: true }).fill(values.password ?? PASSWORD);
  await page.getByLabel('Confirm password').fill(values.confirm ?? values.password ?? PASSWORD);
}

async function signUpAndVerify(page: Page, name: string, email: string, role?: string) {
  await page.goto('/signup');
  await fillSignUp(page, { name, email, role });
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await page.goto(await linkFromMailbox(email, '/verify-email'));
  await expect(page.getByRole('heading', { name: 'E-mail verified' })).toBeVisible();
}

async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

test.describe('accounts', () => {
  test('sign up -> verify from the mail -> log in -> protected page -> log out', async ({ page }) => {
    const email = uniqueEmail('journey');
    await signUpAndVerify(page, 'Journey Student', email);

    await page.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/login');
    await logIn(page, email);
    await expect(page).toHaveURL('/');
    const banner = page.getByRole('banner');
    await expect(banner.getByText('Journey Student')).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Resources' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Upload' })).toHaveCount(0);

    await page.goto('/report-issue');
    await expect(page).toHaveURL('/report-issue');

    await banner.getByRole('button', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Logout' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await banner.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('dialog', { name: 'Confirm Logout' }).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    await expect(banner.getByRole('link', { name: 'Login' })).toBeVisible();
    await page.goto('/report-issue');
    await expect(page).toHaveURL('/login');
  });

  test('sign-up shows validation messages in SPEC order', async ({ page }) => {
    await page.goto('/signup');
    const submit = page.getByRole('button', { name: 'Create Account' });
    await submit.click();
    await expect(page.getByText('Name is required!').first()).toBeVisible();
    await page.getByLabel('Full name').fill('Order Check');
    await page.getByLabel('Email').fill('someone@gmail.com');
    await submit.click();
    await expect(page.getByText('Please use your Test University of Technology email address!').first()).toBeVisible();
    await page.getByLabel('Email').fill(uniqueEmail('order'));
    await submit.click();
    await expect(page.getByText('Branch is required!').first()).toBeVisible();
    await page.getByLabel('Branch').selectOption('cse');
    await submit.click();
    await expect(page.getByText('Please enter a valid semester (1-8)!').first()).toBeVisible();
    await page.getByLabel('Semester').selectOption('3');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await submit.click();
    await expect(page.getByText('Password must be at least 8 characters!').first()).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill('Mismatch2024x');
    await submit.click();
    await expect(page.getByText("Passwords don't match!").first()).toBeVisible();
  });

  test('an unverified account is told to verify and can resend the mail', async ({ page }) => {
    const email = uniqueEmail('unverified');
    await page.goto('/signup');
    await fillSignUp(page, { name: 'Not Yet', email });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await page.goto('/login');
    await logIn(page, email);
    await expect(page.getByText(/verify your e-mail address/).first()).toBeVisible();
    await page.getByRole('button', { name: 'Resend verification e-mail' }).click();
    await expect(page.getByText(/new verification link is on its way/).first()).toBeVisible();
  });

  test('forgot password -> reset link from the mail -> log in with the new password', async ({ page }) => {
    const email = uniqueEmail('reset');
    await signUpAndVerify(page, 'Reset Person', email);
    await page.goto('/login');
    await page.getByRole('link', { name: /Forgot password/ }).click();
    await expect(page).toHaveURL('/forgot-password');
    // The URL changes before the lazily loaded page replaces the login form (which also has an
    // Email field): wait for the new page, or the address goes into the old form.
    await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Recovery email sent! Please check your inbox.').first()).toBeVisible();
    await expect(page).toHaveURL('/login', { timeout: 5000 });

    await page.goto(await linkFromMailbox(email, '/reset-password'));
    const newPassword = 'Fresh2025pass';
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page).toHaveURL('/login', { timeout: 5000 });
    await logIn(page, email, PASSWORD);
    await expect(page.getByText('Invalid email or password').first()).toBeVisible();
    await logIn(page, email, newPassword);
    await expect(page).toHaveURL('/');
  });

  test('login returns to the page the user came from; a student is told who uploads and sent from dashboard to /branch', async ({ page }) => {
    const email = uniqueEmail('origin');
    await signUpAndVerify(page, 'Origin Student', email);
    await page.goto('/filter-resources?branch=cse');
    await expect(page).toHaveURL('/login');
    await logIn(page, email);
    await expect(page).toHaveURL('/filter-resources?branch=cse');

    await page.goto('/upload-resources');
    await expect(page.getByRole('heading', { name: 'Only class representatives and administrators can upload' })).toBeVisible();
    await expect(page).toHaveURL('/upload-resources');
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/branch');
  });
});

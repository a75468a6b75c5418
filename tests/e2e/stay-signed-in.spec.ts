import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createAccount, signIn, type E2eAccount } from './support/accounts';
import { makePdfWithPages } from './support/search-pdf';

/** Issue 34: students sign in on their own phones, so the login keeps them signed in unless they say otherwise. */
test.describe('stay signed in', () => {
  const logIn = async (page: Page, account: E2eAccount) => {
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Logout' }).or(page.getByRole('button', { name: 'Open menu' }))).toBeVisible();
    await expect(page).not.toHaveURL(/\/login/);
  };

  test('"Remember me" is ticked by default and keeps the session for 30 days; unticking it is remembered', async ({ page, context }) => {
    const account = await createAccount('STUDENT', 'Rita Remembers');
    await page.goto('/login');
    await expect(page.getByLabel('Remember me')).toBeChecked();
    await logIn(page, account);
    const remembered = (await context.cookies()).find((c) => c.name.endsWith('session_token'));
    expect(remembered?.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);

    await context.clearCookies();
    await page.goto('/login');
    await expect(page.getByLabel('Remember me')).toBeChecked();
    await page.getByLabel('Remember me').uncheck();
    await logIn(page, account);
    // A session cookie: gone when the browser closes.
    expect((await context.cookies()).find((c) => c.name.endsWith('session_token'))?.expires).toBe(-1);

    await context.clearCookies();
    await page.goto('/login');
    await expect(page.getByLabel('Remember me')).not.toBeChecked();
  });

  test('a shared link opened signed out names its paper on the login page and opens it after login', async ({ page, browser }) => {
    const [cr, student] = await Promise.all([createAccount('CR', 'Sana Shares'), createAccount('STUDENT', 'Lena Link')]);
    const title = `Thermodynamics endsem ${Date.now().toString(36)}`;
    const sharer = await browser.newPage();
    await signIn(sharer, cr);
    const res = await sharer.request.post('/api/resources', {
      multipart: {
        course: 'btech',
        branch: 'me',
        semester: '4',
        subject: 'Thermodynamics',
        resourceType: 'PYQ',
        academicYear: '2024-25',
        title,
        file: { name: 'thermo.pdf', mimeType: 'application/pdf', buffer: makePdfWithPages([[title, 'State the second law.']]) },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const id = ((await res.json()) as { resource: { id: string } }).resource.id;
    await sharer.close();

    await page.goto(`/filter-resources?preview=${id}`);
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText(`Sign in to open ${title} (Previous Year Papers).`)).toBeVisible();
    await logIn(page, student);
    await expect(page).toHaveURL(new RegExp(`preview=${id}`));
    await expect(page.getByRole('dialog').getByRole('heading', { name: title })).toBeVisible();
  });
});

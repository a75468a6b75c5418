import type { Locator, Page } from '@playwright/test';
import { makePng, SVG_IMAGE } from '../support/image-fixtures';
import { expect, seriousA11yViolations, test } from './fixtures';
import { createAccount, signIn, type E2eAccount } from './support/accounts';

/** A word no other journey's reports carry, so parallel tests do not change what we see. */
const tag = () => `Zr${Math.random().toString(36).slice(2, 8)}`;

const myReport = (page: Page, text: string) => page.getByRole('list', { name: 'Your reports' }).getByRole('listitem').filter({ hasText: text });
const inboxRow = (page: Page, text: string) => page.getByRole('list', { name: 'Reported issues' }).getByRole('button').filter({ hasText: text });

/** Width of the loaded image, 0 while it is loading or when it failed. */
const naturalWidth = (image: Locator) => image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0));

async function switchTo(page: Page, account: E2eAccount) {
  await page.context().clearCookies();
  await signIn(page, account);
}

/** Files a report through the API (for checks that need one but are not about the form). */
async function fileReport(page: Page, title: string) {
  const res = await page.request.post('/api/reports', {
    multipart: {
      issueType: 'suggestion',
      title,
      description: 'Dark mode for the PDF viewer would help at night.',
      priority: 'low',
      email: 'me@example.org',
      screenshot: { name: 'idea.png', mimeType: 'image/png', buffer: makePng(64, 48) },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test.describe('issue reports', () => {
  test('a student reports an issue with a screenshot; an admin filters, opens and resolves it; the student sees Resolved', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const t = tag();
    const title = `${t} Broken link on CSE semester 3`;
    const student = await createAccount('STUDENT', `${t} Reporter`);
    const admin = await createAccount('ADMIN', `${t} Boss`);

    await signIn(page, student);
    await page.goto('/report-issue');
    await expect(page.getByRole('heading', { name: 'Report an Issue' })).toBeVisible();
    await expect(page.getByText('You have not reported any issues yet.')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(student.email);
    await expect(page.getByLabel('Priority')).toHaveValue('medium');

    // The required fields say what is missing; nothing is sent.
    await page.getByRole('button', { name: 'Submit Report' }).click();
    await expect(page.getByText('Please select an issue type')).toBeVisible();
    await expect(page.getByText('Please enter a title')).toBeVisible();
    await expect(page.getByText('Please describe the issue')).toBeVisible();

    // An SVG is refused before upload (checked by its bytes, like the server does).
    const picker = page.getByLabel('Screenshot (optional)');
    await picker.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: SVG_IMAGE });
    await expect(page.getByText('Please attach a PNG, JPEG or WebP image')).toBeVisible();
    await expect(page.getByTestId('chosen-screenshot')).toHaveCount(0);

    await page.getByLabel('Issue Type').selectOption('broken-link');
    await page.getByLabel('Priority').selectOption('high');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('The PYQ link for Data Structures 2023-24 opens a blank page.');
    await picker.setInputFiles({ name: 'blank-page.png', mimeType: 'image/png', buffer: makePng(120, 80) });
    const chosen = page.getByTestId('chosen-screenshot');
    await expect(chosen).toContainText('blank-page.png');
    await expect(chosen).toContainText(/\d+ KB/);
    await expect.poll(() => naturalWidth(chosen.getByRole('img', { name: 'Preview of the chosen screenshot' }))).toBe(120);

    // The button says Submitting... while the report is on its way: held until that is seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/reports', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Submit Report' }).click();
    await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    release();
    await expect(page.getByText('Issue reported successfully!')).toBeVisible();
    await page.unroute('**/api/reports');

    // The form is reset (the e-mail back to the account's) and the report is listed as Open.
    await expect(page.getByLabel('Title')).toHaveValue('');
    await expect(page.getByLabel('Description')).toHaveValue('');
    await expect(page.getByLabel('Issue Type')).toHaveValue('');
    await expect(page.getByLabel('Email')).toHaveValue(student.email);
    await expect(chosen).toHaveCount(0);
    await expect(myReport(page, title)).toContainText('Open');
    await expect(myReport(page, title)).toContainText('Broken Link');

    // The admin reaches the inbox from the dashboard and narrows it down.
    await switchTo(page, admin);
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Reported issues' }).click();
    await expect(page.getByRole('heading', { name: 'Reported Issues' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Type' }).selectOption('broken-link');
    await page.getByRole('combobox', { name: 'Status' }).selectOption('open');
    await page.getByRole('combobox', { name: 'Priority' }).selectOption('high');
    await expect(page).toHaveURL(/status=open/);
    await expect(page).toHaveURL(/issueType=broken-link/);
    await expect(page).toHaveURL(/priority=high/);
    await expect(inboxRow(page, title)).toContainText(student.name);
    await page.getByRole('combobox', { name: 'Priority' }).selectOption('low');
    await expect(page.getByText('No reported issues match these filters.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Priority' }).selectOption('');

    // The report in full, with its screenshot loaded from the server.
    await inboxRow(page, title).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toContainText(student.name);
    await expect(dialog).toContainText(student.email);
    await expect(dialog).toContainText('The PYQ link for Data Structures 2023-24 opens a blank page.');
    await expect(dialog).toContainText('High');
    const screenshot = dialog.getByRole('img', { name: `Screenshot attached to "${title}"` });
    await expect.poll(() => naturalWidth(screenshot)).toBe(120);

    await dialog.getByRole('button', { name: 'Mark In progress' }).click();
    await expect(page.getByText('Marked In progress')).toBeVisible();
    await expect(dialog.getByText('In progress', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Mark Resolved' }).click();
    await expect(page.getByText('Marked Resolved')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Reopen' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
    // Filtered on Open, the resolved report leaves the list.
    await expect(inboxRow(page, title)).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Status' }).selectOption('resolved');
    await expect(inboxRow(page, title)).toContainText('Resolved');

    // The student reloads the page and sees the new status.
    await switchTo(page, student);
    await page.goto('/report-issue');
    await expect(myReport(page, title)).toContainText('Resolved');
  });

  test('another student does not see the report and cannot open the inbox', async ({ page }) => {
    // Each account goes through sign-up and the mail sink, which is slow on a busy machine.
    test.setTimeout(60_000);
    const t = tag();
    const author = await createAccount('STUDENT', `${t} Author`);
    const other = await createAccount('STUDENT', `${t} Other`);
    await signIn(page, author);
    await fileReport(page, `${t} private idea`);
    await switchTo(page, other);
    await page.goto('/report-issue');
    await expect(page.getByText('You have not reported any issues yet.')).toBeVisible();
    await page.goto('/dashboard/reports');
    await expect(page).toHaveURL('/branch');
    expect((await page.request.get('/api/reports')).status()).toBe(403);
  });

  test('the report screens at phone width have no serious accessibility problems @phone', async ({ page }) => {
    test.setTimeout(60_000);
    const t = tag();
    const student = await createAccount('STUDENT', `${t} Phone`);
    const admin = await createAccount('ADMIN', `${t} Boss`);
    await signIn(page, student);
    await fileReport(page, `${t} Night mode`);
    await page.goto('/report-issue');
    await expect(myReport(page, `${t} Night mode`)).toBeVisible();
    await page.getByLabel('Screenshot (optional)').setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: makePng() });
    await expect(page.getByTestId('chosen-screenshot')).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await switchTo(page, admin);
    await page.goto('/dashboard/reports');
    await inboxRow(page, `${t} Night mode`).click();
    await expect(page.getByRole('dialog', { name: `${t} Night mode` })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

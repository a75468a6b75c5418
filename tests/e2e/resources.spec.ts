import type { Page } from '@playwright/test';
import { academicYearsShown } from '../../src/shared/academic-years';
import { uploadAcademicYears } from '../../src/shared/upload-fields';
import { makePdf } from '../support/pdf-fixture';
import { shoot } from './support/screenshots';
import { createAccount, signIn, type E2eAccount } from './support/accounts';
import { recordToastTexts } from './support/toast-texts';
import { expect, seriousA11yViolations, test } from './fixtures';

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;

/** Uploads through the API as `account` (fields first, then the file, like the web client). */
async function apiUpload(page: Page, fields: Record<string, string>, pdf: Buffer, name = 'notes.pdf') {
  const res = await page.request.post('/api/resources', {
    multipart: { course: 'btech', ...fields, file: { name, mimeType: 'application/pdf', buffer: pdf } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).resource as { id: string; subject: string; downloads: number };
}

/** Counts non-background pixels of the first rendered page canvas inside the preview. */
async function renderedPixels(page: Page): Promise<number> {
  return page.locator('dialog[open] canvas').first().evaluate((node) => {
    const canvas = node as HTMLCanvasElement;
    const context = canvas.getContext('2d');
    if (!context || canvas.width === 0) return 0;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 200 || data[i + 1]! < 200 || data[i + 2]! < 200) ink++;
    return ink;
  });
}

test.describe('resource library', () => {
  let cr: E2eAccount;
  let student: E2eAccount;
  let admin: E2eAccount;

  test.beforeAll(async () => {
    [cr, student, admin] = await Promise.all([createAccount('CR', 'Chirag Rep'), createAccount('STUDENT'), createAccount('ADMIN', 'Asha Admin')]);
  });

  test('a CR uploads a PDF and sees the progress bar, the toast and the form kept for the next file', async ({ page }) => {
    await signIn(page, cr);
    await page.goto('/upload-resources');
    await expect(page.getByRole('heading', { name: 'Upload Resources' })).toBeVisible();
    await expect(page.getByText('Share academic materials with your peers')).toBeVisible();
    const submit = page.getByRole('button', { name: 'Upload Resource' });
    await expect(submit).toBeDisabled();
    // The CR's own class is filled in (issue 36).
    await expect(page.getByLabel('Branch')).toHaveValue(cr.place!.branch);
    await expect(page.getByLabel('Semester')).toHaveValue(String(cr.place!.semester));

    await page.getByLabel('Branch').selectOption('it');
    await page.getByLabel('Semester').selectOption('4');
    // The subject comes from the catalogue; one it lacks is typed after "Another subject...".
    await page.getByLabel('Subject', { exact: true }).selectOption({ label: 'Another subject...' });
    await page.getByLabel('Subject name').fill(`Operating Systems ${unique()}`);
    await page.getByLabel('Resource Type').selectOption('NOTES');
    await page.getByLabel('Academic Year').selectOption('2024-25');
    const pdf = makePdf({ pages: 2, text: `uploaded in the browser ${unique()}`, exactBytes: 3 * 1024 * 1024 });
    await page.getByLabel('PDF File').setInputFiles({ name: 'OS unit 2.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(page.getByTestId('chosen-file')).toContainText('OS unit 2.pdf');
    await expect(page.getByTestId('chosen-file')).toContainText('3.00 MB');

    // Slow the upload to about 1 MB/s so the progress bar is on screen long enough to be seen.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 1024 * 1024 });
    await submit.click();
    await expect(page.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    const progress = page.getByRole('progressbar', { name: 'Uploading' });
    await expect(progress).toBeVisible();
    await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect(page.getByText('Upload successful!')).toBeVisible({ timeout: 20_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    // One check mark on the success box, not two.
    const done = page.getByRole('status').filter({ hasText: 'is in the library.' });
    await expect(done.locator('svg')).toHaveCount(1);
    await shoot(page, 'upload-done');
    // The class, subject, type and year stay for the next file; the file and title go.
    await expect(page.getByLabel('Branch')).toHaveValue('it');
    await expect(page.getByLabel('Semester')).toHaveValue('4');
    await expect(page.getByLabel('Subject name')).toHaveValue(/^Operating Systems /);
    await expect(page.getByLabel('Resource Type')).toHaveValue('NOTES');
    await expect(page.getByLabel('Academic Year')).toHaveValue('2024-25');
    await expect(page.getByLabel(/^Title/)).toHaveValue('');
    await expect(page.getByTestId('chosen-file')).toHaveCount(0);
    await expect(submit).toBeDisabled();
  });

  test('the upload form refuses a non-PDF and a file over the limit before sending', async ({ page }) => {
    await signIn(page, cr);
    await page.goto('/upload-resources');
    await page.getByLabel('PDF File').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('png') });
    await expect(page.getByRole('alert').filter({ hasText: 'Please upload PDF files only' })).toBeVisible();
    await page.getByRole('button', { name: 'Remove photo.png' }).click();
    await page.getByLabel('PDF File').setInputFiles({ name: 'huge.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(20 * 1024 * 1024 + 1) });
    await expect(page.getByRole('alert').filter({ hasText: 'File size must be less than 20MB' })).toBeVisible();
    await expect(page.getByTestId('chosen-file')).toContainText('20.00 MB');
    await expect(page.getByRole('button', { name: 'Upload Resource' })).toBeDisabled();
  });

  test('a student filters from a branch card, previews, searches inside the PDF and downloads', async ({ page }) => {
    const subject = `Computer Networks ${unique()}`;
    await signIn(page, admin);
    const resource = await apiUpload(
      page,
      { branch: 'cse', semester: '5', subject, resourceType: 'PYQ', academicYear: '2023-24' },
      makePdf({ pages: 3, text: `Routing protocols question paper ${unique()}` }),
      'CN "endsem" 2023.pdf',
    );
    await page.context().clearCookies();
    await signIn(page, student);

    await page.goto('/branch');
    await page.getByRole('link', { name: /CSE/ }).click();
    await expect(page).toHaveURL(/\/filter-resources\?branch=cse$/);
    await expect(page.getByLabel('Branch')).toHaveValue('cse');
    await page.getByLabel('Resource Type').selectOption('PYQ');
    await page.getByLabel('Academic Year').selectOption('2023-24');
    await page.getByLabel('Semester').selectOption('5');
    // Each field applies as it changes (issue 34): no apply button, the count in the page.
    await expect(page).toHaveURL(/resourceType=PYQ&academicYear=2023-24&semester=5/);
    await expect(page.getByRole('button', { name: 'Filter Resources' })).toHaveCount(0);
    const toasts = await recordToastTexts(page);
    await page.getByLabel('Search the library').fill(subject.split(' ').slice(-1)[0]!);
    await page.getByLabel('Search the library').press('Enter');
    await expect(page.getByTestId('result-count')).toHaveText('Found 1 matching resource');
    expect(await toasts()).toEqual([]);
    const card = page.getByTestId('resource-card').filter({ hasText: subject });
    await expect(card).toBeVisible();
    await expect(card.getByRole('button', { name: 'Delete Resource (Admin Only)' })).toHaveCount(0);
    await expect(card).not.toContainText('Uploaded by');

    await card.getByRole('button', { name: /Preview/ }).click();
    const dialog = page.getByRole('dialog', { name: subject });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('PYQ');
    await expect(dialog).toContainText('2023-24');
    await expect.poll(() => renderedPixels(page), { timeout: 15_000 }).toBeGreaterThan(200);

    // Typing searches as you go (after a pause); Enter then moves on to the next match. Which
    // match is current depends on whether the pause ended before Enter (a loaded machine moves
    // on once more): what matters is that all three pages' matches are counted.
    await dialog.getByRole('searchbox', { name: 'Search in document' }).fill('Routing');
    await dialog.getByRole('searchbox', { name: 'Search in document' }).press('Enter');
    await expect(dialog.getByText(/[1-3] of 3 matches/)).toBeVisible({ timeout: 15_000 });
    await expect(dialog.locator('.textLayer .highlight').first()).toBeVisible();

    // The file opens in a new tab, which the attachment turns into a download of the original name.
    const popup = page.waitForEvent('popup');
    const fileResponse = page.context().waitForEvent('response', (r) => r.url().endsWith(`/api/resources/${resource.id}/file`));
    await dialog.getByRole('button', { name: 'Download Resource' }).click();
    await expect.poll(toasts).toContain('Download started');
    await popup;
    const response = await fileResponse;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-disposition']).toContain('attachment; filename="CN \\"endsem\\" 2023.pdf"');
    const after = await page.request.get(`/api/resources/${resource.id}`);
    expect((await after.json()).resource.downloads).toBe(1);
  });

  test("the footer's Previous Year Papers link opens the filter with that type applied", async ({ page }) => {
    const word = `footer${unique()}`;
    await signIn(page, cr);
    for (const resourceType of ['PYQ', 'NOTES']) {
      await apiUpload(page, { branch: 'me', semester: '6', subject: `Heat Transfer ${word}`, resourceType, academicYear: '2024-25' }, makePdf({ text: `${word} ${resourceType}` }));
    }
    await page.context().clearCookies();
    await signIn(page, student);

    await page.goto('/branch');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Previous Year Papers' }).click();
    await expect(page).toHaveURL(/\/filter-resources\?resourceType=PYQ$/);
    await expect(page.getByLabel('Resource Type')).toHaveValue('PYQ');
    await page.getByLabel('Search the library').fill(word);
    await page.getByLabel('Search the library').press('Enter');
    await expect(page.getByTestId('result-count')).toHaveText('Found 1 matching resource');
    await expect(page.getByTestId('resource-card')).toContainText('PYQ');
  });

  test('upload offers every year back to the first, newest first; filter the current and the four before it', async ({ page }) => {
    const offered = academicYearsShown(5);
    await signIn(page, cr);
    await page.goto('/upload-resources');
    await expect(page.getByLabel('Academic Year').locator('option:not([value=""])')).toHaveText(uploadAcademicYears(5, 2008));
    await page.goto('/filter-resources');
    await expect(page.getByLabel('Academic Year').locator('option:not([value=""])')).toHaveText(offered);
    // An older year from a shared link stays applied and shown.
    await page.goto('/filter-resources?academicYear=2015-16');
    await expect(page.getByLabel('Academic Year')).toHaveValue('2015-16');
  });

  test('an admin sees the uploader and deletes a resource', async ({ page }) => {
    const subject = `Digital Electronics ${unique()}`;
    await signIn(page, cr);
    const resource = await apiUpload(page, { branch: 'ece', semester: '3', subject, resourceType: 'NOTES', academicYear: '2024-25' }, makePdf({ text: subject }));
    await page.context().clearCookies();
    await signIn(page, admin);
    await page.goto(`/filter-resources?branch=ECE&q=${encodeURIComponent(subject.split(' ').slice(-1)[0]!)}`);
    await expect(page.getByLabel('Branch')).toHaveValue('ece');
    const card = page.getByTestId('resource-card').filter({ hasText: subject });
    await expect(card).toContainText('Uploaded by Chirag Rep');
    await card.getByRole('button', { name: 'Delete Resource (Admin Only)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Resource' });
    await expect(dialog).toContainText('Are you sure you want to delete this resource?');
    await expect(dialog).toContainText('This action cannot be undone');
    await expect(dialog).toContainText(subject);
    await dialog.getByRole('button', { name: 'Delete Resource' }).click();
    await expect(page.getByText('Resource deleted successfully')).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect((await page.request.get(`/api/resources/${resource.id}`)).status()).toBe(404);
  });

  test('signed out, the library sends you to log in and back @phone', async ({ page }) => {
    await page.goto('/filter-resources?branch=it');
    await expect(page).toHaveURL('/login');
    await page.getByLabel('Email').fill(student.email);
    await page.getByLabel('Password', { exact: true }).fill(student.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL('/filter-resources?branch=it');
    await expect(page.getByRole('heading', { name: 'Found Resources' })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('library screens have no serious accessibility problems @phone', async ({ page }) => {
    await signIn(page, cr);
    await page.goto('/upload-resources');
    await expect(page.getByRole('heading', { name: 'Upload Resources' })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.goto('/filter-resources');
    await expect(page.getByRole('heading', { name: 'Found Resources' })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

import type { Page } from '@playwright/test';
import { academicYearsShown } from '../../src/shared/academic-years';
import { makePdf } from '../support/pdf-fixture';
import { expect, seriousA11yViolations, test } from './fixtures';
import { createAccount, signIn, type E2eAccount } from './support/accounts';

/** A year both the request and the upload forms offer: the current academic year. */
const YEAR = academicYearsShown(5)[0]!;

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** Uploads a past paper to the CR's class through the API, as the page's signed-in CR. */
async function uploadPaper(page: Page, cr: E2eAccount, subject: string, exam: string): Promise<string> {
  const res = await page.request.post('/api/resources', {
    multipart: {
      course: 'btech',
      branch: cr.place!.branch,
      semester: String(cr.place!.semester),
      subject,
      resourceType: 'PYQ',
      academicYear: YEAR,
      exam,
      title: `${subject} ${exam}`,
      file: { name: `${exam}.pdf`, mimeType: 'application/pdf', buffer: makePdf({ text: `${subject} ${exam} ${unique()}` }) },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { resource: { id: string } }).resource.id;
}

// Issue 36: requests that say what is missing, and no dead ends.
test.describe('requests that say what is missing', () => {
  test('the request form asks type and exam, shows what the library has as it is filled, and later uploads match', async ({ page }) => {
    test.setTimeout(120_000);
    const cr = await createAccount('CR', `Quinn Rep ${unique()}`);
    const student = await createAccount('STUDENT', 'Sara Seeker', cr.place);
    const subject = `Quantum Widgets ${unique()}`;
    await signIn(page, cr);
    await uploadPaper(page, cr, subject, 'End-sem');
    // The subject is searchable once the upload is indexed.
    const search = `/api/resources?q=${encodeURIComponent(`"${subject}"`)}`;
    await expect.poll(async () => ((await (await page.request.get(search)).json()) as { total: number }).total).toBe(1);

    await signIn(page, student);
    await page.goto('/request-resources');
    await page.getByLabel('Subject', { exact: true }).selectOption({ label: 'Another subject...' });
    await page.getByLabel('Subject name').fill(subject);
    const matches = page.getByRole('region', { name: 'These may be what you want' });
    await expect(matches.getByRole('link', { name: new RegExp(`${subject} End-sem`) })).toBeVisible();

    // A past paper of another exam: the library has none, and says so.
    await expect(page.getByLabel('Exam')).toHaveCount(0);
    await page.getByLabel('Resource Type').selectOption('PYQ');
    await page.getByLabel('Exam').selectOption('Mid-sem 2');
    await expect(matches.getByText("Nothing in the library fits yet. Send the request and your class's CRs will see it.")).toBeVisible();
    await expect(matches.getByRole('link')).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByLabel('Academic Year').selectOption(YEAR);
    await page.getByLabel('Description').fill('The mid-semester 2 paper, with answers if anyone has them');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page).toHaveURL(/\/my-requests$/, { timeout: 5_000 });
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: subject }) });
    await expect(card).toContainText(`PYQ · Mid-sem 2`);
    await expect(card).not.toContainText('this may be it');

    // The CR uploads that very paper: the open request points at it.
    await signIn(page, cr);
    const midSem = await uploadPaper(page, cr, subject, 'Mid-sem 2');
    await signIn(page, student);
    await page.reload();
    await expect(card).toContainText('Uploaded since it was asked; this may be it:');
    await expect(card.getByRole('link', { name: `${subject} (PYQ, ${YEAR})` })).toHaveAttribute('href', `/filter-resources?preview=${midSem}`);
  });

  test('a student on the upload page is told who uploads and offered a request instead', async ({ page }) => {
    await signIn(page, await createAccount('STUDENT', 'Uma Uploader'));
    await page.goto('/upload-resources');
    await expect(page.getByRole('heading', { name: 'Only class representatives and administrators can upload' })).toBeVisible();
    await expect(page).toHaveURL('/upload-resources');
    await expect(page.getByLabel('Resource Type')).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Request a resource' }).click();
    await expect(page).toHaveURL('/request-resources');
    await expect(page.getByRole('heading', { name: 'Request Resources' })).toBeVisible();
  });

  test('the not-found page searches the library', async ({ page }) => {
    await signIn(page, await createAccount('STUDENT', 'Nia Lost'));
    await page.goto('/no-such-page/at-all');
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search the library' }).fill('data structures');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL('/filter-resources?q=data+structures');
    await expect(page.getByRole('searchbox', { name: 'Search the library' })).toHaveValue('data structures');
  });
});

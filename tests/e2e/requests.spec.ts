import type { Page } from '@playwright/test';
import { academicYearsShown } from '../../src/shared/academic-years';
import { mailText } from '../support/mail-text';
import { makePdf } from '../support/pdf-fixture';
import { expect, seriousA11yViolations, test } from './fixtures';
import { createAccount, signIn } from './support/accounts';
import { mailsTo } from './support/mail';

/** The oldest academic year the request form offers today (2022-23 in 2026-27). */
const OLDEST_YEAR = academicYearsShown(5).at(-1)!;

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** Asks for a resource through the API, as `page`'s signed-in user. */
async function apiRequest(page: Page, body: Record<string, string>) {
  const res = await page.request.post('/api/requests', { data: { course: 'btech', academicYear: OLDEST_YEAR, description: 'Please add this soon', ...body } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()).request as { id: string; supporters: number };
}

const card = (page: Page, subject: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: subject }) });

test.describe('resource requests', () => {
  test('a student requests, a classmate joins, the CR fulfils it by upload, and the student previews it', async ({ page }) => {
    test.setTimeout(120_000);
    const place = { branch: 'it', semester: 8 };
    const [student, classmate, cr] = await Promise.all([
      createAccount('STUDENT', 'Riya Requester', place),
      createAccount('STUDENT', 'Kabir Classmate', place),
      createAccount('CR', `Meera Rep ${unique()}`, place),
    ]);
    const subject = `Network Security Lab ${unique()}`;

    // The form: the student's class is chosen, the catalogue lists its subjects, and checks run in order.
    await signIn(page, student);
    await page.goto('/request-resources');
    await expect(page.getByRole('heading', { name: 'Request Resources' })).toBeVisible();
    await expect(page.getByLabel('Branch')).toHaveValue('it');
    await expect(page.getByLabel('Semester')).toHaveValue('8');
    const subjectSelect = page.getByLabel('Subject', { exact: true });
    await expect(subjectSelect.locator('option', { hasText: 'Cyber Security' })).toHaveCount(1);
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByText('Please select a subject')).toBeVisible();
    await expect(page.getByText('Please select an academic year')).toBeVisible();
    await expect(page.getByText('Please select a resource type')).toBeVisible();

    await subjectSelect.selectOption({ label: 'Another subject...' });
    await page.getByLabel('Subject name').fill(subject);
    await page.getByLabel('Resource Type').selectOption('PRACTICAL');
    await page.getByLabel('Academic Year').selectOption(OLDEST_YEAR);
    await page.getByLabel('Description').fill('short');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByText('Please provide a detailed description')).toBeVisible();
    await page.getByLabel('Description').fill('Lab manual with experiments 1 to 6, please');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByText('Resource request submitted successfully!').first()).toBeVisible();
    await expect(page).toHaveURL(/\/my-requests$/, { timeout: 5_000 });
    await expect(card(page, subject)).toContainText('Open');
    await expect(card(page, subject)).toContainText('1 student wants this');

    // A classmate asks for the same thing in other words: one request, two supporters.
    await signIn(page, classmate);
    const joined = await apiRequest(page, { branch: 'it', semester: '8', subject: subject.toUpperCase(), resourceType: 'PRACTICAL' });
    expect(joined.supporters).toBe(2);

    // The CR sees it in the queue and fulfils it with an upload pre-filled from the request.
    await signIn(page, cr);
    await page.goto('/request-queue');
    await expect(page.getByRole('heading', { name: 'Request Queue' })).toBeVisible();
    await expect(card(page, subject)).toContainText('2 students want this');
    await card(page, subject).getByRole('link', { name: `Upload to fulfil ${subject}` }).click();
    await expect(page).toHaveURL(/\/upload-resources\?request=/);
    await expect(page.getByText(`Fulfilling a request: ${subject}`)).toBeVisible();
    await expect(page.getByLabel('Branch')).toBeHidden();
    await page.getByLabel('Resource Type').selectOption('PRACTICAL');
    await page.getByLabel('PDF File').setInputFiles({ name: 'lab manual.pdf', mimeType: 'application/pdf', buffer: makePdf({ pages: 2, text: subject }) });
    await page.getByRole('button', { name: 'Upload Resource' }).click();
    await expect(page.getByText(/Upload successful! Request fulfilled/).first()).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/request-queue$/);
    await expect(card(page, subject)).toHaveCount(0);
    await page.getByRole('group', { name: 'Filter by status' }).getByRole('button', { name: 'Fulfilled' }).click();
    await expect(card(page, subject)).toContainText('Fulfilled');

    // Both students are mailed; the requester sees it fulfilled and previews the file.
    await expect.poll(async () => (await mailsTo(student.email)).some((m) => mailText(m).includes(`added ${subject}`)), { timeout: 10_000 }).toBe(true);
    await expect.poll(async () => (await mailsTo(classmate.email)).some((m) => mailText(m).includes(`added ${subject}`)), { timeout: 10_000 }).toBe(true);
    await signIn(page, student);
    await page.goto('/my-requests');
    await expect(card(page, subject)).toContainText('Fulfilled');
    await expect(card(page, subject)).toContainText(`Added by ${cr.name}`);
    await card(page, subject).getByRole('link', { name: `Preview ${subject}` }).click();
    const preview = page.getByRole('dialog', { name: subject });
    await expect(preview).toBeVisible();
    await expect(preview).toContainText('Practical');
    await expect(preview.getByText('of 2')).toBeVisible({ timeout: 15_000 });
    await expect(preview.locator('canvas:visible').first()).toBeVisible();
  });

  test('an admin declines one request with a reason and fulfils another with a resource already in the library', async ({ page }) => {
    test.setTimeout(60_000);
    const place = { branch: 'ce', semester: 2 };
    const [student, admin] = await Promise.all([createAccount('STUDENT', 'Dev Student', place), createAccount('ADMIN', 'Asha Admin')]);
    const declined = `Surveying Field Book ${unique()}`;
    const linked = `Engineering Drawing ${unique()}`;
    await signIn(page, student);
    await apiRequest(page, { branch: 'ce', semester: '2', subject: declined });
    await apiRequest(page, { branch: 'ce', semester: '2', subject: linked });

    await signIn(page, admin);
    const upload = await page.request.post('/api/resources', {
      multipart: {
        course: 'btech',
        branch: 'ce',
        semester: '2',
        subject: linked,
        resourceType: 'NOTES',
        academicYear: '2023-24',
        file: { name: 'drawing.pdf', mimeType: 'application/pdf', buffer: makePdf({ text: linked }) },
      },
    });
    expect(upload.status(), await upload.text()).toBe(201);

    await page.goto('/request-queue');
    await card(page, declined).getByRole('button', { name: `Decline ${declined}` }).click();
    const decline = page.getByRole('dialog', { name: 'Decline Request' });
    await decline.getByRole('button', { name: 'Decline Request' }).click();
    await expect(decline.getByText('Please give a reason of at least 3 characters')).toBeVisible();
    await decline.getByLabel('Reason').fill('Not part of this year\'s syllabus');
    await decline.getByRole('button', { name: 'Decline Request' }).click();
    await expect(page.getByText('Request declined').first()).toBeVisible();
    await expect(card(page, declined)).toHaveCount(0);

    await card(page, linked).getByRole('button', { name: `Link an existing resource to ${linked}` }).click();
    const link = page.getByRole('dialog', { name: 'Fulfil With an Existing Resource' });
    await link.getByRole('radio').first().check();
    await link.getByRole('button', { name: 'Fulfil Request' }).click();
    await expect(page.getByText('Request fulfilled').first()).toBeVisible();

    await signIn(page, student);
    await page.goto('/my-requests');
    await expect(card(page, declined)).toContainText('Declined');
    await expect(card(page, declined)).toContainText("Not part of this year's syllabus");
    await expect(card(page, linked)).toContainText('Fulfilled');
    await expect
      .poll(async () => (await mailsTo(student.email)).some((m) => mailText(m).includes("Reason: Not part of this year's syllabus")), { timeout: 10_000 })
      .toBe(true);
  });

  test('a student cannot open the request queue', async ({ page }) => {
    await signIn(page, await createAccount('STUDENT'));
    await page.goto('/request-queue');
    await expect(page).toHaveURL(/\/branch$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Queue' })).toHaveCount(0);
  });

  test('the request pages at phone width have no serious accessibility problems @phone', async ({ page }) => {
    test.setTimeout(60_000);
    const student = await createAccount('STUDENT', 'Phone Student', { branch: 'cse', semester: 4 });
    await signIn(page, student);
    await apiRequest(page, { branch: 'cse', semester: '4', subject: `Compiler Design ${unique()}` });
    for (const path of ['/request-resources', '/my-requests']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await seriousA11yViolations(page), path).toEqual([]);
    }
  });
});

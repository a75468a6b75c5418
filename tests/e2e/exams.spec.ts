import type { Page } from '@playwright/test';
import { makePdf } from '../support/pdf-fixture';
import { createAccount, shuffledClasses, signIn, type E2eAccount, type Place } from './support/accounts';
import { expect, seriousA11yViolations, test } from './fixtures';

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;

/** Issue 34: a past paper's exam, as students name it, from the upload form to cards and home tiles. */
test.describe('exams of past papers', () => {
  let cr: E2eAccount;
  let student: E2eAccount;
  let place: Place;

  test.beforeAll(async () => {
    cr = await createAccount('CR', 'Chirag Rep', shuffledClasses(['cse', 'it']));
    place = cr.place!;
    student = await createAccount('STUDENT', 'Sita Student', place);
  });

  async function fillClass(page: Page, subject: string) {
    await page.getByLabel('Branch').selectOption(place.branch);
    await page.getByLabel('Semester').selectOption(String(place.semester));
    await page.getByLabel('Subject', { exact: true }).selectOption({ label: 'Another subject...' });
    await page.getByLabel('Subject name').fill(subject);
  }

  test('a CR uploads a 2018-19 End-sem paper of Dec 2018; cards and home tiles say "End-sem · Dec 2018" @phone', async ({ page }) => {
    const subject = `Compilers ${unique()}`;
    await signIn(page, cr);
    await page.goto('/upload-resources');
    await fillClass(page, subject);
    await page.getByLabel('Resource Type').selectOption('NOTES');
    await expect(page.getByLabel('Exam', { exact: true })).toHaveCount(0);
    await page.getByLabel('Resource Type').selectOption('PYQ');
    await page.getByLabel('Exam', { exact: true }).selectOption('End-sem');
    await page.getByLabel('Exam month').selectOption({ label: 'Dec' });
    await page.getByLabel('Exam year').selectOption('2018');
    // An old paper is filed under its own year, not squeezed into the last five.
    await page.getByLabel('Academic Year').selectOption('2018-19');
    await page.getByLabel('PDF File').setInputFiles({ name: 'cd endsem scan.pdf', mimeType: 'application/pdf', buffer: makePdf({ text: `compilers ${unique()}` }) });
    await expect(page.getByLabel('Title (optional)')).toHaveAttribute('placeholder', `${subject} End-sem Dec 2018`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Upload Resource' }).click();
    await expect(page.getByText(`“${subject} End-sem Dec 2018” is in the library.`)).toBeVisible();

    await page.context().clearCookies();
    await signIn(page, student);
    await page.goto(`/filter-resources?branch=${place.branch}&semester=${place.semester}`);
    const card = page.getByTestId('resource-card').filter({ hasText: subject });
    await expect(card.getByTestId('exam-label')).toHaveText('End-sem · Dec 2018');
    await expect(card).toContainText('2018-19');

    await page.goto('/');
    const newest = page.getByRole('region', { name: 'Newest uploads' });
    await expect(newest.getByTestId('paper-tile').filter({ hasText: subject })).toContainText('End-sem · Dec 2018');
  });

  test('a paper without its exam says "exam not set" to its uploader only, and the form refuses a month without its year', async ({ page }) => {
    const subject = `Automata ${unique()}`;
    await signIn(page, cr);
    await page.goto('/upload-resources');
    await fillClass(page, subject);
    await page.getByLabel('Resource Type').selectOption('PYQ');
    await page.getByLabel('Academic Year').selectOption('2024-25');
    await page.getByLabel('Exam month').selectOption({ label: 'May' });
    await page.getByLabel('PDF File').setInputFiles({ name: 'toc.pdf', mimeType: 'application/pdf', buffer: makePdf({ text: `automata ${unique()}` }) });
    await page.getByRole('button', { name: 'Upload Resource' }).click();
    await expect(page.getByText("Give the exam's year with its month")).toBeVisible();
    await page.getByLabel('Exam month').selectOption('');
    await page.getByRole('button', { name: 'Upload Resource' }).click();
    await expect(page.getByText(`“${subject} PYQ 2024-25” is in the library.`)).toBeVisible();

    const listing = `/filter-resources?branch=${place.branch}&semester=${place.semester}`;
    await page.goto(listing);
    await expect(page.getByTestId('resource-card').filter({ hasText: subject }).getByTestId('exam-label')).toHaveText('exam not set');
    await page.context().clearCookies();
    await signIn(page, student);
    await page.goto(listing);
    const card = page.getByTestId('resource-card').filter({ hasText: subject });
    await expect(card).toBeVisible();
    await expect(card.getByTestId('exam-label')).toHaveCount(0);
  });

  test('a student filters by exam and sorts by "Latest exam": the exam date decides, not the upload time', async ({ page }) => {
    const tag = unique();
    await signIn(page, cr);
    const papers: Array<[string, Record<string, string>]> = [
      ['net A', { exam: 'End-sem', examMonth: '5', examYear: '2024', academicYear: '2023-24' }],
      ['net B', { exam: 'End-sem', examMonth: '12', examYear: '2024', academicYear: '2024-25' }],
      ['net D', { exam: 'Quiz', examMonth: '12', examYear: '2025', academicYear: '2025-26' }],
      ['net C', { exam: 'End-sem', examYear: '2019', academicYear: '2019-20' }],
    ];
    for (const [title, fields] of papers) {
      const res = await page.request.post('/api/resources', {
        multipart: {
          course: 'btech', branch: place.branch, semester: String(place.semester), subject: `Networks ${tag}`, resourceType: 'PYQ', title: `${title} ${tag}`, ...fields,
          file: { name: 'net.pdf', mimeType: 'application/pdf', buffer: makePdf({ text: `${title} ${unique()}` }) },
        },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    await page.context().clearCookies();
    await signIn(page, student);
    await page.goto(`/filter-resources?branch=${place.branch}&semester=${place.semester}&resourceType=PYQ`);
    const ours = page.getByTestId('resource-card').filter({ hasText: tag }).getByRole('heading');
    await expect(ours).toHaveText([`net C ${tag}`, `net D ${tag}`, `net B ${tag}`, `net A ${tag}`]);

    await page.getByLabel('Exam', { exact: true }).selectOption('End-sem');
    await expect(page).toHaveURL(/exam=End-sem/);
    await expect(ours).toHaveText([`net C ${tag}`, `net B ${tag}`, `net A ${tag}`]);
    await page.getByLabel('Sort by').selectOption({ label: 'Latest exam' });
    await expect(page).toHaveURL(/sort=latest/);
    await expect(ours).toHaveText([`net B ${tag}`, `net A ${tag}`, `net C ${tag}`]);
    await expect(page.getByTestId('resource-card').filter({ hasText: `net B ${tag}` }).getByTestId('exam-label')).toHaveText('End-sem · Dec 2024');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The address keeps both: a reload or a shared link shows the same.
    await page.reload();
    await expect(page.getByLabel('Exam', { exact: true })).toHaveValue('End-sem');
    await expect(page.getByLabel('Sort by')).toHaveValue('latest');
    await expect(ours).toHaveText([`net B ${tag}`, `net A ${tag}`, `net C ${tag}`]);
  });
});

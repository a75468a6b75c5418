import type { Page } from '@playwright/test';
import { makeQuestionPaper } from '../support/question-paper';
import { uploadQuestionPapers } from './support/question-papers';
import { createAccount, signIn, type E2eAccount } from './support/accounts';
import { expect, seriousA11yViolations, test } from './fixtures';

/*
 * Issue 35, near-duplicate papers: another export of a paper already in the library is flagged
 * before saving, with "Upload anyway" and "Open the existing one".
 */

const QUESTIONS = [
  [{ text: 'Define a B-tree of order m and list the properties every node must satisfy, with an example.', marks: 10 }],
  [{ text: 'Explain open addressing with linear probing and quadratic probing, and compare how each handles collisions.', marks: 10 }],
  [{ text: "Write Dijkstra's algorithm for single source shortest paths and trace it on a weighted graph of six vertices.", marks: 10 }],
  [{ text: 'Convert the infix expression A + B * C - D / E into postfix notation using a stack, showing each step.', marks: 5 }],
];

let cr: E2eAccount;

test.beforeAll(async () => {
  cr = await createAccount('CR', 'Nadia Rep');
});

/** Opens the upload form with a past paper of `subject` in the CR's class chosen, the file still to pick. */
async function openUploadFormFor(page: Page, subject: string, academicYear: string) {
  await page.goto('/upload-resources');
  await page.getByLabel('Branch').selectOption(cr.place!.branch);
  await page.getByLabel('Semester').selectOption(String(cr.place!.semester));
  await page.getByLabel('Subject', { exact: true }).selectOption({ label: 'Another subject...' });
  await page.getByLabel('Subject name').fill(subject);
  await page.getByLabel('Resource Type').selectOption('PYQ');
  await page.getByLabel('Academic Year').selectOption(academicYear);
}

test('a re-exported paper is flagged before saving; "Upload anyway" saves it @phone', async ({ page, pageErrors }) => {
  test.setTimeout(150_000);
  const subject = `Data Structures ${Math.random().toString(36).slice(2, 8)}`;
  await signIn(page, cr);
  const [existing] = await uploadQuestionPapers(page, cr, subject, [{ year: 2024, questions: QUESTIONS }]);

  await openUploadFormFor(page, subject, '2024-25');
  // The same paper laid out two questions a page: other bytes, the same text.
  const reexport = makeQuestionPaper({ subject, year: 2024, questions: QUESTIONS, perPage: 2 });
  await page.getByLabel('PDF File').setInputFiles({ name: 'DS 2024 rescan.pdf', mimeType: 'application/pdf', buffer: reexport });
  await page.getByRole('button', { name: 'Upload Resource' }).click();

  const notice = page.getByRole('alert').filter({ hasText: 'This looks like' });
  await expect(notice).toContainText(new RegExp(`This looks like “${subject} End-sem Dec 2024” \\(\\d+% the same text\\)\\.`));
  await expect(notice.getByRole('link', { name: 'Open the existing one' })).toHaveAttribute('href', `/filter-resources?preview=${existing}`);
  expect(await seriousA11yViolations(page)).toEqual([]);
  // Nothing was saved: the form still holds the file and its fields.
  await expect(page.getByTestId('chosen-file')).toContainText('DS 2024 rescan.pdf');

  await notice.getByRole('button', { name: 'Upload anyway' }).click();
  await expect(page.getByText(/is in the library\.$/)).toBeVisible();
  await expect(notice).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});

test('"Open the existing one" opens the paper already in the library', async ({ page }) => {
  test.setTimeout(150_000);
  const subject = `Algorithms ${Math.random().toString(36).slice(2, 8)}`;
  await signIn(page, cr);
  await uploadQuestionPapers(page, cr, subject, [{ year: 2023, questions: QUESTIONS }]);
  await openUploadFormFor(page, subject, '2023-24');
  await page.getByLabel('PDF File').setInputFiles({
    name: 'again.pdf',
    mimeType: 'application/pdf',
    buffer: makeQuestionPaper({ subject, year: 2023, questions: QUESTIONS, perPage: 1 }),
  });
  await page.getByRole('button', { name: 'Upload Resource' }).click();
  await page.getByRole('link', { name: 'Open the existing one' }).click();
  await expect(page.getByRole('dialog', { name: `${subject} End-sem Dec 2023` })).toBeVisible();
});

test('an admin sees a flagged pair and merges it into the paper kept @phone', async ({ page, pageErrors }) => {
  test.setTimeout(150_000);
  const admin = await createAccount('ADMIN', 'Meera Admin');
  const subject = `Compilers ${Math.random().toString(36).slice(2, 8)}`;
  await signIn(page, cr);
  const [kept] = await uploadQuestionPapers(page, cr, subject, [{ year: 2022, questions: QUESTIONS }]);
  // "Upload anyway" from the API: saved, and flagged once processing has read it.
  const res = await page.request.post('/api/resources', {
    multipart: {
      course: 'btech',
      branch: cr.place!.branch,
      semester: String(cr.place!.semester),
      subject,
      resourceType: 'PYQ',
      academicYear: '2022-23',
      title: `${subject} second scan`,
      confirmNearDuplicate: 'true',
      file: { name: 'again.pdf', mimeType: 'application/pdf', buffer: makeQuestionPaper({ subject, year: 2022, questions: QUESTIONS, perPage: 3 }) },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const dropped = ((await res.json()) as { resource: { id: string } }).resource.id;
  await page.context().clearCookies();
  await signIn(page, admin);
  await expect
    .poll(async () => JSON.stringify(await (await page.request.get('/api/admin/near-duplicates')).json()), { timeout: 90_000 })
    .toContain(dropped);

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /^Near-duplicate papers \(\d+\)$/ })).toBeVisible();
  const card = page.getByTestId('near-duplicate-pair').filter({ hasText: `${subject} second scan` });
  await expect(card).toContainText(/\d+% the same text/);
  await expect(card).toContainText(`${subject} End-sem Dec 2022`);
  expect(await seriousA11yViolations(page)).toEqual([]);

  await card.getByRole('button', { name: `Keep “${subject} End-sem Dec 2022”` }).click();
  const dialog = page.getByRole('dialog', { name: 'Merge these papers?' });
  await expect(dialog).toContainText(`“${subject} second scan” will be deleted`);
  await dialog.getByRole('button', { name: 'Merge' }).click();
  await expect(card).toHaveCount(0);
  expect((await page.request.get(`/api/resources/${dropped}`)).status()).toBe(404);
  expect((await page.request.get(`/api/resources/${kept}`)).status()).toBe(200);
  expect(pageErrors).toEqual([]);
});

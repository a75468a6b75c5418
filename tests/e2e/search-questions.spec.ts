import type { Page } from '@playwright/test';
import { makePdf } from '../support/pdf-fixture';
import { uploadQuestionPapers } from './support/question-papers';
import { createAccount, signIn, type E2eAccount } from './support/accounts';
import { expect, seriousA11yViolations, test } from './fixtures';

/*
 * Issue 35, "search finds questions": a hit inside a question shows the question (number, marks,
 * the years it was asked) above its snippet, opens the preview with it outlined, and the results
 * can be narrowed to questions only.
 */

const BTREE = [{ text: 'Define a B-tree of order m and list the properties every node must satisfy.', marks: 6 }];
const HASHING = [{ text: 'Explain open addressing with linear probing and quadratic probing, and compare how each handles collisions.', marks: 10 }];
const HEAPS = [{ text: 'Build a max heap from the array 4, 1, 3, 2, 16, 9, 10 and then sort it with heap sort.', marks: 8 }];

let cr: E2eAccount;
let student: E2eAccount;

test.beforeAll(async () => {
  cr = await createAccount('CR', 'Sana Rep');
  student = await createAccount('STUDENT', 'Sid Student', cr.place);
});

/** Two papers a year apart asking the hashing question again, and notes on the same words; read by processing. */
async function seedLibrary(page: Page, word: string): Promise<void> {
  const subject = `Data Structures ${word}`;
  await signIn(page, cr);
  const place = { course: 'btech', branch: cr.place!.branch, semester: String(cr.place!.semester), subject };
  await uploadQuestionPapers(page, cr, subject, [
    { year: 2022, questions: [BTREE, HASHING] },
    { year: 2023, questions: [HEAPS, HASHING] },
  ]);
  const notes = await page.request.post('/api/resources', {
    multipart: {
      ...place,
      resourceType: 'NOTES',
      academicYear: '2024-25',
      title: `${subject} hashing notes`,
      file: { name: 'hashing-notes.pdf', mimeType: 'application/pdf', buffer: makePdf({ text: `${word}: quadratic probing spreads collisions better than linear probing.` }) },
    },
  });
  expect(notes.status(), await notes.text()).toBe(201);
  await expect
    .poll(async () => ((await (await page.request.get(`/api/resources?course=&q=${encodeURIComponent(`${word} probing collisions `)}`)).json()) as { total: number }).total, { timeout: 90_000 })
    .toBe(3);
  await page.context().clearCookies();
}

test('a search hit inside a question shows the question, opens it outlined, and "Questions only" keeps those @phone', async ({ page }) => {
  test.setTimeout(150_000);
  const word = `zq${Math.random().toString(36).slice(2, 7)}`;
  await seedLibrary(page, word);
  await signIn(page, student);
  await page.goto(`/filter-resources?course=&q=${encodeURIComponent(`${word} probing collisions`)}`);

  const cards = page.getByTestId('resource-card');
  await expect(cards).toHaveCount(3);
  const paper2023 = cards.filter({ hasText: 'End-sem Dec 2023' });
  await expect(paper2023.getByTestId('hit-question')).toHaveText('Q2 · 10 marks · asked in 2022, 2023');
  await expect(cards.filter({ hasText: 'hashing notes' }).getByTestId('hit-question')).toHaveCount(0);
  await expect(cards.filter({ hasText: 'hashing notes' }).getByTestId('search-snippet')).toBeVisible();

  await page.getByRole('checkbox', { name: 'Questions only' }).check();
  await expect(page).toHaveURL(/questions=1/);
  await expect(cards).toHaveCount(2);
  await expect(cards.getByTestId('hit-question')).toHaveText(['Q2 · 10 marks · asked in 2022, 2023', 'Q2 · 10 marks · asked in 2022, 2023']);
  expect(await seriousA11yViolations(page)).toEqual([]);

  await paper2023.getByRole('button', { name: /Open this question/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('End-sem Dec 2023');
  await expect(dialog.getByTestId('question-outline').first()).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/question=[0-9a-f-]{36}/);

  // Reloading keeps the narrowed list (the choice is in the address).
  await page.goBack();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Questions only' })).toBeChecked();
  await expect(cards).toHaveCount(2);
});

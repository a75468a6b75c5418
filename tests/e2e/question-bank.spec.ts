import type { Page } from '@playwright/test';
import { uploadQuestionPapers } from './support/question-papers';
import { createAccount, signIn, type E2eAccount } from './support/accounts';
import { expect, seriousA11yViolations, test } from './fixtures';

/*
 * Issue 35, the question bank: from a card to its subject's page, "Most asked" with the years a
 * question was asked, and a question opened on its page with its region outlined.
 */

const BTREE = [
  { label: '(a)', text: 'Define a B-tree of order m and list the properties every node must satisfy.', marks: 4 },
  { label: '(b)', text: 'Insert the keys 10, 20, 5, 6, 12, 30, 7 and 17 into an empty B-tree of order 3, showing each split.', marks: 6 },
];
const HASHING = [{ text: 'Explain open addressing with linear probing and quadratic probing, and compare how each handles collisions.', marks: 10 }];
const GRAPHS = [{ text: 'Write Dijkstra\'s algorithm for single source shortest paths and trace it on a weighted graph of six vertices.', marks: 10 }];
const HEAPS = [{ text: 'Build a max heap from the array 4, 1, 3, 2, 16, 9, 10 and then sort it with heap sort.', marks: 8 }];

let cr: E2eAccount;
let student: E2eAccount;

test.beforeAll(async () => {
  cr = await createAccount('CR', 'Qadir Rep');
  student = await createAccount('STUDENT', 'Quinn Student', cr.place);
});

/** Two papers of one subject, a year apart, sharing three questions; read by processing. */
async function seedPapers(page: Page): Promise<string> {
  const subject = `Data Structures ${Math.random().toString(36).slice(2, 8)}`;
  await signIn(page, cr);
  await uploadQuestionPapers(page, cr, subject, [
    { year: 2022, questions: [BTREE, HASHING, GRAPHS] },
    { year: 2023, questions: [BTREE, HASHING, HEAPS] },
  ]);
  await page.context().clearCookies();
  return subject;
}

test('from a card to the subject page, "Most asked", and a question opened on its page outlined @phone', async ({ page }) => {
  test.setTimeout(150_000);
  const subject = await seedPapers(page);
  await signIn(page, student);
  await page.goto(`/filter-resources?course=&q=${encodeURIComponent(subject.split(' ').at(-1)!)}`);
  const card = page.getByTestId('resource-card').filter({ hasText: `${subject} End-sem Dec 2023` });
  await card.getByRole('link', { name: subject }).click();

  await expect(page).toHaveURL(new RegExp(`/subjects/${encodeURIComponent(subject)}$`));
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  const papers = page.getByRole('list', { name: 'Papers' }).getByTestId('subject-paper');
  await expect(papers).toHaveText([new RegExp(`${subject} End-sem Dec 2023`), new RegExp(`${subject} End-sem Dec 2022`)]);
  const asked = page.getByRole('list', { name: 'Most asked questions' }).getByTestId('asked-question');
  await expect(asked).toHaveCount(3);
  for (const item of await asked.all()) await expect(item).toContainText('Asked 2 times: 2022, 2023');
  expect(await seriousA11yViolations(page)).toEqual([]);

  const insert = asked.filter({ hasText: 'Insert the keys' });
  await insert.getByRole('button', { name: /^Open Q1\(b\) of .* End-sem Dec 2023 on page 1$/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`${subject} End-sem Dec 2023`);
  const outline = dialog.getByTestId('question-outline').first();
  await expect(outline).toBeVisible({ timeout: 30_000 });
  // The outline lies across the page, under Q1(a), where the question is printed.
  const box = (await outline.boundingBox())!;
  const dialogBox = (await dialog.boundingBox())!;
  expect(box.width).toBeGreaterThan(dialogBox.width * 0.4);
  expect(box.height).toBeGreaterThan(10);
  expect(box.height).toBeLessThan(dialogBox.height * 0.4);
  await expect(page).toHaveURL(/question=/);
});

test('the class home links a paper\'s subject to its page, by keyboard @phone', async ({ page }) => {
  test.setTimeout(150_000);
  const subject = await seedPapers(page);
  await signIn(page, student);
  await page.goto('/');
  const tile = page.getByRole('region', { name: 'Newest uploads' }).getByTestId('paper-tile').filter({ hasText: `${subject} End-sem Dec 2023` });
  // The title still opens the paper; the subject beside it is the next stop of the keyboard.
  const title = tile.getByRole('link', { name: `${subject} End-sem Dec 2023` });
  await expect(title).toHaveAttribute('href', /preview=/);
  await title.focus();
  await page.keyboard.press('Tab');
  const subjectLink = tile.getByRole('link', { name: subject, exact: true });
  await expect(subjectLink).toBeFocused();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(new RegExp(`/subjects/${encodeURIComponent(subject)}$`));
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Papers' }).getByTestId('subject-paper')).toHaveCount(2);
});

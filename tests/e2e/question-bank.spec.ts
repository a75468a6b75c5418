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

// Twelve questions on twelve topics, so that no two of them group together.
const TWELVE = [
  'Explain the working of a circular queue and write its insertion routine.',
  'Describe Kruskal\'s algorithm for a minimum spanning tree with an example.',
  'What is a red-black tree? State its colouring rules.',
  'Compare adjacency matrix and adjacency list representations of a sparse graph.',
  'Write a recursive function that counts the leaves of a binary tree.',
  'Explain how a trie stores a dictionary of words and how lookup works.',
  'Evaluate the postfix expression 6 2 3 + - 3 8 2 / + * using a stack.',
  'Describe radix sort and give its running time for n keys of d digits.',
  'What is a skip list? Explain search in a skip list.',
  'Explain the union-find structure with path compression and union by rank.',
  'Describe topological sorting of a directed acyclic graph using depth first search.',
  'Explain interpolation search and when it beats binary search.',
].map((text) => [{ text, marks: 5 }]);

test('a long "Most asked" shows ten, then the rest by keyboard; the papers are one tap away @phone', async ({ page }) => {
  test.setTimeout(150_000);
  const subject = `Data Structures ${Math.random().toString(36).slice(2, 8)}`;
  await signIn(page, cr);
  await uploadQuestionPapers(page, cr, subject, [
    { year: 2022, questions: TWELVE },
    { year: 2023, questions: TWELVE },
  ]);
  await page.context().clearCookies();
  await signIn(page, student);
  await page.goto(`/subjects/${encodeURIComponent(subject)}`);

  const asked = page.getByRole('list', { name: 'Most asked questions' }).getByTestId('asked-question');
  await expect(asked).toHaveCount(10);
  const showAll = page.getByRole('button', { name: 'Show all 12 questions asked more than once' });
  await showAll.focus();
  await page.keyboard.press('Enter');
  await expect(asked).toHaveCount(12);
  await expect(showAll).toHaveCount(0);
  // The keyboard goes on at the first question revealed, not at the top of the page.
  await expect(asked.nth(10).getByRole('button').first()).toBeFocused();
  expect(await seriousA11yViolations(page)).toEqual([]);
  // Another filter starts again at the first ten.
  await page.getByLabel('Marks').selectOption('5');
  await expect(page).toHaveURL(/marks=5/);
  await expect(asked).toHaveCount(10);
  await expect(showAll).toBeVisible();

  await page.getByRole('link', { name: '2 past papers' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Papers' })).toBeInViewport();
  await expect(page.getByRole('list', { name: 'Papers' }).getByTestId('subject-paper')).toHaveCount(2);
});

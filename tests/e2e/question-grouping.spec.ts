import type { Page } from '@playwright/test';
import type { PaperQuestion } from '../support/question-paper';
import { uploadQuestionPapers } from './support/question-papers';
import { createAccount, signIn, type E2eAccount } from './support/accounts';
import { recordToastTexts } from './support/toast-texts';
import { expect, seriousA11yViolations, test } from './fixtures';

/*
 * Issue 35, grouping by hand: on the subject page a CR groups a question the engine missed with
 * the question it repeats, and separates one it grouped wrongly; students see neither control.
 */

const BTREE: PaperQuestion = [
  { label: '(a)', text: 'Define a B-tree of order m and list the properties every node must satisfy.', marks: 4 },
  { label: '(b)', text: 'Insert the keys 10, 20, 5, 6, 12, 30, 7 and 17 into an empty B-tree of order 3, showing each split.', marks: 6 },
];
const HASHING = [{ text: 'Explain open addressing with linear probing and quadratic probing, and compare how each handles collisions.', marks: 10 }];
const GRAPHS = [{ text: 'Write Dijkstra\'s algorithm for single source shortest paths and trace it on a weighted graph of six vertices.', marks: 10 }];
const HEAPS = [{ text: 'Build a max heap from the array 4, 1, 3, 2, 16, 9, 10 and then sort it with heap sort.', marks: 8 }];
// The hashing question again, in words the engine cannot match: only a reader sees it is the same.
const CLASHES = [{ text: 'Two keys land in the same slot of a table: show two ways of finding another slot, and say which clusters less.', marks: 10 }];
const MERGE_SORT = [{ text: 'Sort the list 38, 27, 43, 3, 9, 82, 10 with merge sort and state its running time.', marks: 6 }];

let cr: E2eAccount;
let student: E2eAccount;

test.beforeAll(async () => {
  cr = await createAccount('CR', 'Grace Rep');
  student = await createAccount('STUDENT', 'Gus Student', cr.place);
});

/** Three papers of one subject, read by processing: 2022 and 2023 share three questions. */
async function seedPapers(page: Page): Promise<string> {
  const subject = `Data Structures ${Math.random().toString(36).slice(2, 8)}`;
  await uploadQuestionPapers(page, cr, subject, [
    { year: 2022, questions: [BTREE, HASHING, GRAPHS] },
    { year: 2023, questions: [BTREE, HASHING, HEAPS] },
    { year: 2024, questions: [CLASHES, MERGE_SORT] },
  ]);
  return subject;
}

test('a CR groups a question asked once with the one it repeats and separates another; a student sees no controls @phone', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, cr);
  const subject = await seedPapers(page);
  await page.goto(`/subjects/${encodeURIComponent(subject)}`);
  const readToasts = await recordToastTexts(page);
  const asked = page.getByRole('list', { name: 'Most asked questions' }).getByTestId('asked-question');
  await expect(asked).toHaveCount(3);

  // Merge: 2024's Q1 asks the hashing question again in other words.
  await page.getByText('Show 4 questions asked once').click();
  const once = page.getByRole('list', { name: 'Questions asked once' }).getByTestId('once-question');
  await expect(once).toHaveCount(4);
  const clashes = once.filter({ hasText: 'Two keys land in the same slot' });
  await clashes.getByRole('button', { name: /^Same as another question: Q1 of / }).click();
  const choice = clashes.getByLabel('Same question as');
  await expect(choice).toBeFocused();
  await choice.selectOption((await choice.locator('option', { hasText: 'Explain open addressing' }).getAttribute('value'))!);
  await clashes.getByRole('button', { name: 'Group them' }).click();
  // The group shows its latest paper's wording, now 2024's.
  const hashing = asked.filter({ hasText: 'Two keys land in the same slot' });
  await expect(hashing).toContainText('Asked 3 times: 2022, 2023, 2024');
  await expect(hashing.getByRole('button', { name: /^Open Q2 of .* End-sem Dec 2022 on page 1$/ })).toBeVisible();
  await expect(once).toHaveCount(3);
  await expect(once.filter({ hasText: 'Two keys land' })).toHaveCount(0);
  await expect.poll(readToasts).toContain('Q1 (2024) now counts as “Explain open addressing with linear probing and quadratic p…”');

  // Separate: the 2022 paper's Q1(a) is said not to be the B-tree definition question.
  const definition = asked.filter({ hasText: 'Define a B-tree' });
  await definition.getByRole('button', { name: `Not the same question: Q1(a) of ${subject} End-sem Dec 2022` }).click();
  const dialog = page.getByRole('dialog', { name: 'Not the same question?' });
  await expect(dialog).toContainText('the others will count as asked once');
  await dialog.getByRole('button', { name: 'Separate' }).click();
  await expect(dialog).toBeHidden();
  await expect(asked).toHaveCount(2);
  await expect(asked.filter({ hasText: 'Define a B-tree' })).toHaveCount(0);
  await expect(page.getByText('Show 5 questions asked once')).toBeVisible();
  await expect(once.filter({ hasText: 'Define a B-tree' })).toHaveCount(2);
  await expect.poll(readToasts).toContain('Q1(a) (2022) is now a question of its own');
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The student sees the new counts and no grouping control.
  await page.context().clearCookies();
  await signIn(page, student);
  await page.goto(`/subjects/${encodeURIComponent(subject)}`);
  await expect(asked).toHaveCount(2);
  await expect(asked.filter({ hasText: 'Two keys land in the same slot' })).toContainText('Asked 3 times: 2022, 2023, 2024');
  await expect(page.getByRole('button', { name: /^Open Q1\(b\) of / }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /Not the same question/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Asked once' })).toHaveCount(0);
});

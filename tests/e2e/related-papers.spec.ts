import type { Page } from '@playwright/test';
import type { PaperQuestion } from '../support/question-paper';
import { uploadQuestionPapers } from './support/question-papers';
import { createAccount, signIn, type E2eAccount } from './support/accounts';
import { expect, seriousA11yViolations, test } from './fixtures';

/*
 * Issue 35, related papers in the preview: the other years of the same exam, and papers sharing
 * questions, behind one small button that leaves the page its height; each opens its preview.
 */

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/related-shots';
const q = (text: string, marks = 10): PaperQuestion => [{ text, marks }];
const BTREE = q('Define a B-tree of order m and list the properties every node must satisfy, with an example of order 3.');
const HASHING = q('Explain open addressing with linear probing and quadratic probing, and compare how each handles collisions.');
const GRAPHS = q('Write Dijkstra\'s algorithm for single source shortest paths and trace it on a weighted graph of six vertices.');
const STACK = q('Convert the infix expression A + B * C - D / E into postfix notation using a stack, showing each step.', 5);
const HEAPS = q('Build a max heap from the array 4, 1, 3, 2, 16, 9, 10 and then sort it with heap sort.', 8);
const AVL = q('Insert 30, 20, 40, 10, 25, 35 and 5 into an empty AVL tree, naming each rotation you perform.', 8);

let cr: E2eAccount;
let student: E2eAccount;

test.beforeAll(async () => {
  cr = await createAccount('CR', 'Rhea Rep');
  student = await createAccount('STUDENT', 'Ravi Student', cr.place);
});

/** End-sem 2022 and 2023 sharing two questions, and a Mid-sem sharing two others with 2022. */
async function seedPapers(page: Page): Promise<string> {
  const subject = `Data Structures ${Math.random().toString(36).slice(2, 8)}`;
  await signIn(page, cr);
  await uploadQuestionPapers(page, cr, subject, [
    { exam: 'End-sem', year: 2022, questions: [BTREE, HASHING, GRAPHS, STACK], title: `${subject} End-sem 2022` },
    { exam: 'End-sem', year: 2023, questions: [BTREE, HASHING, HEAPS], title: `${subject} End-sem 2023` },
    { exam: 'Mid-sem 1', year: 2023, questions: [GRAPHS, STACK, AVL], title: `${subject} Mid-sem 1 2023` },
  ]);
  await page.context().clearCookies();
  return subject;
}

test('the preview lists related papers behind a button and opens one @phone', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  const phone = testInfo.project.name === 'phone';
  const [width, height] = phone ? [390, 844] : [1280, 800];
  await page.setViewportSize({ width, height });
  const subject = await seedPapers(page);
  await signIn(page, student);
  await page.goto(`/subjects/${encodeURIComponent(subject)}`);
  await page.getByRole('button', { name: `Preview ${subject} End-sem 2022` }).click();

  const dialog = page.getByRole('dialog');
  const related = dialog.getByRole('button', { name: 'Related papers (2)' });
  await expect(related).toBeVisible();
  await expect(related).toHaveAttribute('aria-expanded', 'false');
  // Closed, the button's row leaves the page area most of a phone's height.
  const pages = dialog.getByRole('region', { name: 'Pages', exact: true });
  await expect(pages).toBeVisible({ timeout: 30_000 });
  if (phone) expect((await pages.boundingBox())!.height / height).toBeGreaterThanOrEqual(0.8);
  await page.screenshot({ path: `${SHOTS}/closed-${width}.png` });

  await related.click();
  const otherYears = dialog.getByRole('list', { name: 'Other years of this exam' }).getByRole('listitem');
  await expect(otherYears).toHaveText([new RegExp(`${subject} End-sem 2023.*End-sem · Dec 2023`)]);
  const sharing = dialog.getByRole('list', { name: 'Sharing questions' }).getByRole('listitem');
  await expect(sharing).toHaveText([new RegExp(`${subject} Mid-sem 1 2023.*2 questions in common · Mid-sem 1 · Sep 2023`)]);
  await page.screenshot({ path: `${SHOTS}/open-${width}.png` });
  expect(await seriousA11yViolations(page)).toEqual([]);

  await sharing.getByRole('button').click();
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(`${subject} Mid-sem 1 2023`);
  await expect(dialog.getByRole('list', { name: 'Sharing questions' })).toBeHidden();
  // The Mid-sem has no other year; the End-sem 2022 shares two of its questions.
  await dialog.getByRole('button', { name: 'Related papers (1)' }).click();
  await expect(dialog.getByRole('list', { name: 'Sharing questions' }).getByRole('listitem')).toHaveText([
    new RegExp(`${subject} End-sem 2022.*2 questions in common`),
  ]);
  // Back goes to the paper the reader came from.
  await page.keyboard.press('Escape');
  await page.goBack();
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(`${subject} End-sem 2022`);
});

import { readFile } from 'node:fs/promises';
import { corpusFile } from '../support/corpus';
import { createAccount, signIn, type E2eAccount } from './support/accounts';
import { expect, test } from './fixtures';

/** A real file whose first page never finishes drawing in pdf.js (../shared/corpus/README.md). */
const NEVER_DRAWN = corpusFile('pdfjs', 'operator_list_cycle.pdf');
/** The viewer's limit (LOAD_TIME_LIMIT_MS in use-pdf-viewer.ts) and a margin. */
const PAST_THE_LIMIT_MS = 26_000;

test.describe('preview time limit', () => {
  let cr: E2eAccount;
  test.beforeAll(async () => {
    cr = await createAccount('CR', 'Chirag Rep');
  });

  test('a PDF that never finishes drawing ends in the failure text with Retry, and Retry tries again', async ({ page }) => {
    // The page's clock is ours: the limit is passed without waiting 25 real seconds.
    await page.clock.install();
    await signIn(page, cr);
    const subject = `Cycles ${Date.now()}`;
    const res = await page.request.post('/api/resources', {
      multipart: {
        course: 'btech',
        branch: 'cse',
        semester: '4',
        subject,
        resourceType: 'NOTES',
        academicYear: '2024-25',
        // Made unique (a comment after %%EOF), so a retried test is not refused as a duplicate.
        file: { name: 'operator_list_cycle.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([await readFile(NEVER_DRAWN), Buffer.from(`\n% ${subject}\n`)]) },
      },
    });
    expect(res.status(), await res.text()).toBe(201);

    await page.goto('/filter-resources?branch=cse');
    await page.getByLabel('Search the library').fill(subject);
    await page.getByLabel('Search the library').press('Enter');
    await page.getByTestId('resource-card').filter({ hasText: subject }).getByRole('button', { name: /Preview/ }).click();
    const dialog = page.getByRole('dialog', { name: subject });
    await expect(dialog.getByText('Loading PDF...')).toBeVisible();
    // The document opens (pages are counted) but page 1 never draws.
    await expect(dialog.getByText('of 1', { exact: false }).first()).toBeVisible();

    await page.clock.fastForward(PAST_THE_LIMIT_MS);
    await expect(dialog.getByRole('alert')).toHaveText('Failed to load PDF. Please try again.');
    await expect(dialog.getByText('Loading PDF...')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Download Resource' })).toBeEnabled();

    // Retry is reachable from the keyboard and starts a fresh load.
    const retry = dialog.getByRole('button', { name: 'Retry' });
    await retry.focus();
    await expect(retry).toBeFocused();
    const reloaded = page.waitForResponse((r) => r.url().includes('/api/resources/') && r.url().endsWith('/file'));
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('Loading PDF...')).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await reloaded;

    // The fresh load re-arms its limit on each sign of progress, which may come after the file's
    // response: time is moved on until the limit has passed without progress.
    await expect(async () => {
      await page.clock.fastForward(PAST_THE_LIMIT_MS);
      await expect(dialog.getByRole('alert')).toHaveText('Failed to load PDF. Please try again.', { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(dialog.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});

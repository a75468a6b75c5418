import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { corpusFile } from '../support/corpus';
import { createAccount, signIn, type E2eAccount } from './support/accounts';
import { makePdfWithPages } from './support/search-pdf';
import { recordToastTexts } from './support/toast-texts';
import { expect, seriousA11yViolations, test } from './fixtures';

/** A word no other test's PDF holds: letters only, so every tokenizer keeps it whole. */
function uniqueWord(prefix: string): string {
  const letters = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  return `${prefix}${letters}`;
}

/** Uploads through the API as the signed-in account (fields first, then the file). */
async function apiUpload(page: Page, fields: Record<string, string>, pdf: Buffer, name: string) {
  const res = await page.request.post('/api/resources', {
    multipart: { course: 'btech', ...fields, file: { name, mimeType: 'application/pdf', buffer: pdf } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).resource as { id: string; subject: string };
}

/** Processing runs in the background: waits until a search finds `word` in a resource with its thumbnail. */
async function waitUntilIndexed(page: Page, word: string, resourceId: string) {
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/resources?q=${encodeURIComponent(word)}&course=`);
        if (!res.ok()) return `status ${res.status()}`;
        const body = (await res.json()) as { resources: { id: string; thumbnailUrl: string | null; hit?: { page: number } }[] };
        const found = body.resources.find((resource) => resource.id === resourceId);
        return found ? `page ${found.hit?.page} thumbnail ${found.thumbnailUrl ? 'yes' : 'no'}` : 'not found';
      },
      { timeout: 90_000, intervals: [500, 1000, 2000] },
    )
    .toBe('page 2 thumbnail yes');
}

/** Holds the first search for `q` on its way to the server until released; later ones pass. */
function holdFirstSearch(page: Page, q: string) {
  let release: (() => void) | undefined;
  const sent = new Promise<void>((isSent) => {
    void page.route(
      (url) => url.pathname === '/api/resources' && url.searchParams.get('q') === q,
      async (route) => {
        if (release) return route.continue();
        await new Promise<void>((done) => {
          release = done;
          isSent();
        });
        await route.continue().catch(() => undefined);
      },
    );
  });
  return { sent, release: () => release!() };
}

test.describe('search inside the papers', () => {
  let cr: E2eAccount;
  let student: E2eAccount;
  let admin: E2eAccount;

  test.beforeAll(async () => {
    [cr, student, admin] = await Promise.all([createAccount('CR', 'Chirag Rep'), createAccount('STUDENT'), createAccount('ADMIN')]);
  });

  test('a student searches a word from page 2, sees the marked snippet and the thumbnail, and opens the hit on page 2', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const word = uniqueWord('bellman');
    const subject = 'Design and Analysis of Algorithms';
    await signIn(page, cr);
    const resource = await apiUpload(
      page,
      { branch: 'cse', semester: '4', subject, resourceType: 'PYQ', academicYear: '2023-24', exam: 'End-sem', examMonth: '5', examYear: '2023' },
      makePdfWithPages([
        ['End semester examination 2023', 'Answer any five questions.'],
        ['Q3. Shortest paths', `Run the ${word} algorithm on the graph below.`, 'Show every relaxation step.'],
        ['Q7. Minimum spanning trees', 'Compare Prim and Kruskal.'],
      ]),
      'DAA endsem 2023.pdf',
    );
    await waitUntilIndexed(page, word, resource.id);
    await page.context().clearCookies();
    await signIn(page, student);

    await page.goto('/filter-resources?course=');
    const search = page.getByRole('searchbox', { name: 'Search the library' });
    await expect(search).toHaveAttribute('placeholder', /words in papers/);
    // Results follow the box as one types: no button press.
    await search.fill(word.slice(0, -2));
    await expect(page).toHaveURL(new RegExp(`q=${word.slice(0, -2)}`));
    await search.fill(word);
    await expect(page).toHaveURL(new RegExp(`q=${word}$`));
    // Cards lead with the title: by default subject, exam and date (not the file's name).
    const card = page.getByTestId('resource-card').filter({ hasText: `${subject} End-sem May 2023` });
    await expect(card).toHaveCount(1);
    await expect(page.getByLabel('Sort by')).toHaveValue('relevance');
    await expect(page.getByLabel('Sort by').locator('option:checked')).toHaveText('Best match');

    const snippet = card.getByTestId('search-snippet');
    await expect(snippet).toContainText('Page 2');
    await expect(snippet.locator('mark')).toHaveText(new RegExp(word, 'i'));
    await expect(snippet).not.toContainText('Prim');
    const thumbnail = card.getByRole('img', { name: `First page of ${subject} End-sem May 2023` });
    await expect(thumbnail).toBeVisible();
    await expect(thumbnail).toHaveAttribute('loading', 'lazy');
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

    await card.getByRole('button', { name: /^Open this match: Page 2/ }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(page).toHaveURL(new RegExp(`highlight=[^&]*${word}`, 'i'));
    const dialog = page.getByRole('dialog', { name: subject });
    await expect(dialog.getByRole('textbox', { name: 'Page number' })).toHaveValue('2');
    const highlight = dialog.locator('.page[data-page-number="2"] .textLayer .highlight').first();
    await expect(highlight).toBeVisible({ timeout: 30_000 });
    await expect(highlight).toHaveText(new RegExp(word, 'i'));
    await expect(dialog.getByRole('searchbox', { name: 'Search in document' })).toHaveValue(new RegExp(word, 'i'));
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Back closes the preview and leaves the search as it was.
    await page.goBack();
    await expect(dialog).toHaveCount(0);
    await expect(page).not.toHaveURL(/preview=/);
    await expect(search).toHaveValue(word);
    await expect(card).toBeVisible();
  });

  test('Enter while the results still follow the typing shows the answer in the page, not a toast', async ({ page }) => {
    const word = uniqueWord('enter');
    // The search sent by the pause in typing is held, so the press comes while it is on its way.
    const held = holdFirstSearch(page, word);
    await signIn(page, student);
    await page.goto('/filter-resources?course=');
    const toasts = await recordToastTexts(page);
    const search = page.getByRole('searchbox', { name: 'Search the library' });
    await search.fill(word);
    await held.sent;
    await expect(page).toHaveURL(new RegExp(`q=${word}`));
    await search.press('Enter');
    held.release();
    await expect(page.getByRole('main').getByText('No resources found with matching criteria')).toBeVisible();
    await expect(page.getByTestId('result-count')).toHaveText('No matches');
    expect(await toasts()).toEqual([]);
  });

  test('while a new search is on its way, the empty answer on screen names the words it answered', async ({ page }) => {
    const first = uniqueWord('first');
    const next = uniqueWord('next');
    const held = holdFirstSearch(page, next);
    await signIn(page, student);
    await page.goto(`/filter-resources?course=&q=${first}`);
    const empty = page.getByText(/No subject, file name or page matches/);
    await expect(empty).toContainText(`“${first}”`);
    const request = page.getByRole('link', { name: 'Request this resource' });
    await expect(request).toHaveAttribute('href', new RegExp(`subject=${first}`));
    await page.getByRole('searchbox', { name: 'Search the library' }).fill(next);
    await held.sent;
    // The server has not answered `next` yet: what is shown is still the answer for `first`,
    // dimmed as the result cards are while new ones load.
    await expect(page).toHaveURL(new RegExp(`q=${next}`));
    await expect(empty).toContainText(`“${first}”`);
    await expect(request).toHaveAttribute('href', new RegExp(`subject=${first}`));
    const emptyState = page.getByText('No resources found with matching criteria', { exact: true }).locator('..');
    await expect(emptyState).toHaveCSS('opacity', '0.6');
    held.release();
    await expect(empty).toContainText(`“${next}”`);
    await expect(request).toHaveAttribute('href', new RegExp(`subject=${next}`));
    await expect(emptyState).toHaveCSS('opacity', '1');
  });

  test('a search that finds nothing says so and offers a request @phone', async ({ page }) => {
    const word = uniqueWord('zz');
    await signIn(page, student);
    await page.goto('/filter-resources?course=');
    await page.getByRole('searchbox', { name: 'Search the library' }).fill(word);
    // Every field Any: the answer says it looked everywhere.
    await expect(page.getByText(/No subject, file name or page matches/)).toContainText(`“${word}” in the whole library.`);
    await expect(page.getByRole('link', { name: 'Request this resource' })).toHaveAttribute('href', new RegExp(`subject=${word}`));
    // Checked as it stays: it brightens from the dimming of the search for 150 ms after the answer.
    const emptyState = page.getByText('No resources found with matching criteria', { exact: true }).locator('..');
    await expect(emptyState).toHaveCSS('opacity', '1');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // "Best match" needs words to match.
    await page.getByRole('searchbox', { name: 'Search the library' }).fill('');
    await expect(page.getByLabel('Sort by').locator('option', { hasText: 'Best match' })).toHaveCount(0);
  });

  test('an admin sees a file that cannot be processed on /dashboard/jobs, with its reason, and retries it', async ({ page }) => {
    test.setTimeout(150_000);
    const subject = `Signals and Systems ${uniqueWord('x')}`;
    await signIn(page, admin);
    // A real file pdf.js accepts but never finishes drawing: its job runs until the time limit.
    await apiUpload(
      page,
      { branch: 'ece', semester: '3', subject, resourceType: 'NOTES', academicYear: '2024-25' },
      // Bytes after %%EOF (as scanners write) make it a file of its own: the library refuses duplicates.
      Buffer.concat([await readFile(corpusFile('pdfjs', 'operator_list_cycle.pdf')), Buffer.from(`\n% ${subject}\n`)]),
      'operator_list_cycle.pdf',
    );
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Processing' }).click();
    await expect(page).toHaveURL('/dashboard/jobs');
    await expect(page.getByRole('heading', { name: 'Processing' })).toBeVisible();
    await expect(page.getByRole('button', { name: /All open/ })).toHaveAttribute('aria-pressed', 'true');
    const row = page.getByTestId('processing-job').filter({ hasText: subject });
    await expect(row).toContainText('operator_list_cycle.pdf');
    await expect(row).toContainText(/Pending|Running|Failed/);

    // The list follows the queue by itself; the failure comes with its reason.
    await page.getByRole('button', { name: /^Failed/ }).click();
    await expect(page).toHaveURL('/dashboard/jobs?status=failed');
    await expect(row).toContainText(/Reason: (Took longer than|Ran out of memory)/, { timeout: 100_000 });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await row.getByRole('button', { name: 'Retry operator_list_cycle.pdf' }).click();
    await expect(page.getByText('operator_list_cycle.pdf is queued again')).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test('an admin finds a scanned page OCR read nothing on under "With notes"', async ({ page }) => {
    test.setTimeout(120_000);
    const subject = `Blank Scans ${uniqueWord('n')}`;
    await signIn(page, admin);
    // A page with no text layer and nothing on it: OCR reads nothing.
    const blank = Buffer.concat([makePdfWithPages([[]]), Buffer.from(`\n% ${subject}\n`)]);
    await apiUpload(page, { branch: 'ece', semester: '3', subject, resourceType: 'NOTES', academicYear: '2024-25' }, blank, 'blank-page.pdf');
    await page.goto('/dashboard/jobs');
    await page.getByRole('button', { name: /With notes/ }).click();
    await expect(page).toHaveURL('/dashboard/jobs?status=noted');
    const row = page.getByTestId('processing-job').filter({ hasText: subject });
    await expect(row).toContainText('Note: OCR found (almost) no text on page 1', { timeout: 100_000 });
    await expect(row).toContainText('Done');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('an admin adds and deletes a search abbreviation', async ({ page }) => {
    await signIn(page, admin);
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Search abbreviations' }).click();
    await expect(page).toHaveURL('/dashboard/aliases');
    const alias = `Q${Math.floor(Math.random() * 1e6)}`;
    await page.getByRole('button', { name: 'Add abbreviation' }).click();
    await expect(page.getByText('An abbreviation has 2 to 12 letters or digits')).toBeVisible();
    await page.getByLabel('Abbreviation', { exact: true }).fill(alias.toLowerCase());
    await page.getByLabel('Subject it stands for').fill('Quantum Computing');
    await page.getByRole('button', { name: 'Add abbreviation' }).click();
    await expect(page.getByText(`${alias} now finds Quantum Computing`)).toBeVisible();
    const row = page.getByTestId('search-alias').filter({ hasText: alias });
    await expect(row).toContainText('Quantum Computing');
    await expect(page.getByLabel('Abbreviation', { exact: true })).toHaveValue('');
    await row.getByRole('button', { name: `Delete ${alias}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this abbreviation?' });
    await expect(dialog).toContainText(`“${alias}”`);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`${alias} deleted`)).toBeVisible();
    await expect(row).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

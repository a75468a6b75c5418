import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { corpusFile } from '../support/corpus';
import { createAccount, signIn, type E2eAccount } from './support/accounts';
import { expect, seriousA11yViolations, test } from './fixtures';

/*
 * Issue 34, "scans read like text": a phone-camera question paper (no text of its own) is found
 * by a word OCR read, opens with that word highlighted on the page, the viewer's find counts it,
 * and its text can be selected (docs/decisions/036-ocr-text-layer.md).
 */

/** Set to a folder to keep a screenshot of each width's highlighted scan (never committed). */
const SHOTS = process.env.OCR_SHOTS;

let cr: E2eAccount;
let student: E2eAccount;
/** Unique per worker, so each width's run finds its own upload. */
let title = '';
let resourceId = '';

/** A real scan, uploaded and read by OCR (about 10-20 s on this machine). */
async function seedScan(page: Page) {
  const tag = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  // A comment after %%EOF makes the bytes the run's own: the library refuses a file twice.
  const scan = Buffer.concat([await readFile(corpusFile('scanned', 'ANLP_mid_2023_M.pdf')), Buffer.from(`\n% ${tag}\n`)]);
  await signIn(page, cr);
  const res = await page.request.post('/api/resources', {
    multipart: {
      course: 'btech',
      branch: 'cse',
      semester: '7',
      subject: 'Advanced Natural Language Processing',
      resourceType: 'PYQ',
      academicYear: '2023-24',
      // Titled: the default title (subject, type, year) is the same for each width's upload.
      title: `ANLP midsem ${tag}`,
      file: { name: `ANLP midsem ${tag}.pdf`, mimeType: 'application/pdf', buffer: scan },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const resource = (await res.json()).resource as { id: string; title: string };
  [resourceId, title] = [resource.id, resource.title];
  await expect
    .poll(
      async () => {
        const found = await page.request.get('/api/resources?q=attention&course=');
        const body = (await found.json()) as { resources: { id: string; scanned: boolean; hit?: { page: number } }[] };
        const hit = body.resources.find((r) => r.id === resourceId);
        return hit ? `page ${hit.hit?.page} scanned ${hit.scanned}` : 'not yet';
      },
      { timeout: 120_000, intervals: [1000, 2000] },
    )
    .toBe('page 1 scanned true');
  await page.context().clearCookies();
}

async function journey(page: Page, width: number) {
  test.setTimeout(180_000);
  await seedScan(page);
  await signIn(page, student);
  await page.goto('/filter-resources?course=');
  await page.getByRole('searchbox', { name: 'Search the library' }).fill('attention');
  const card = page.getByTestId('resource-card').filter({ hasText: title });
  await expect(card.getByTestId('search-snippet').locator('mark').first()).toHaveText(/attention/i);
  // The paper is split into questions, and the word is in one: the hit names it.
  await expect(card.getByTestId('hit-question')).toHaveText(/^Q\d/);
  await card.getByRole('button', { name: /^Open this question: Q\d.*Page 1/ }).click();

  const dialog = page.getByRole('dialog');
  const textLayer = dialog.locator('.page[data-page-number="1"] .textLayer');
  // The word the search found is marked on the scan, and the viewer's find counts both on the page.
  const highlight = textLayer.locator('.highlight.selected');
  await expect(highlight).toBeVisible({ timeout: 30_000 });
  await expect(highlight).toHaveText(/attention/i);
  await expect(dialog.getByText('1 of 2 matches', { exact: true }).first()).toBeVisible();
  await expect(textLayer.locator('.highlight')).toHaveCount(2);
  // The mark lies on the page image, inside the page, where the word was read.
  const [box, pageBox] = [await highlight.boundingBox(), await dialog.locator('.page[data-page-number="1"]').boundingBox()];
  expect(box!.x).toBeGreaterThan(pageBox!.x);
  expect(box!.x + box!.width).toBeLessThan(pageBox!.x + pageBox!.width);
  expect(box!.height).toBeGreaterThan(4);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/scan-hit-${width}.png` });
  }

  // The viewer's own find reads the scan too.
  const find = dialog.getByRole('searchbox', { name: 'Search in document' });
  await find.fill('ELMO');
  await expect(dialog.getByText('1 of 1 match', { exact: true }).first()).toBeVisible();
  await expect(textLayer.locator('.highlight.selected')).toHaveText('ELMO');

  // The words can be selected (and so copied) as the sentences they were read in.
  const selected = await textLayer.evaluate((layer) => {
    const range = document.createRange();
    range.selectNodeContents(layer);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    return selection.toString();
  });
  expect(selected.replace(/\s+/g, ' ')).toContain('Advanced Natural Language Processing');
  expect(selected.replace(/\s+/g, ' ')).toContain('Why is the attention needed?');
  // Invisible: the scan's pixels are what shows.
  expect(await textLayer.locator('span[role="presentation"]').first().evaluate((span) => getComputedStyle(span).color)).toBe('rgba(0, 0, 0, 0)');
  expect(await seriousA11yViolations(page)).toEqual([]);
}

test.describe('a scanned paper reads like text', () => {
  test.beforeAll(async () => {
    [cr, student] = await Promise.all([createAccount('CR'), createAccount('STUDENT')]);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });
    test('a search hit on a scan opens with the OCR word highlighted, found and selectable @phone-only', async ({ page }) => {
      await journey(page, 390);
    });
  });

  test.describe('on a desktop', () => {
    test.use({ viewport: { width: 1280, height: 800 } });
    test('a search hit on a scan opens with the OCR word highlighted, found and selectable', async ({ page }) => {
      await journey(page, 1280);
    });
  });
});

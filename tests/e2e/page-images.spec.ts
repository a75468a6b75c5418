import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { academicYearsShown } from '../../src/shared/academic-years';
import { createAccount, signIn, type E2eAccount } from './support/accounts';
import { expect, seriousA11yViolations, test } from './fixtures';

/*
 * Issue 34, "page 1 at once": processing renders page images, and the preview shows them the
 * moment it opens, before the viewer's code (pdf.js) has arrived; the reader scrolls to page 2
 * meanwhile; pdf.js then takes over on the page being read. The viewer's chunk is held back by
 * the test, so "before pdf.js" is certain rather than a race.
 */

/** A real two-page phone scan of a question paper (../shared/corpus/scanned). */
const SCAN = readFileSync(new URL('../../../shared/corpus/scanned/RHL_mid_2025_M.pdf', import.meta.url));
/** The viewer's lazy chunk (pdf-viewer.tsx, with pdf.js): what takes seconds on a slow phone. */
const VIEWER_CHUNK = /\/assets\/pdf-viewer-[^/]+\.js$/;

let cr: E2eAccount;
let student: E2eAccount;
let listUrl = '';
let subject = '';

async function seed(browser: Browser) {
  subject = `Rural Heritage ${Date.now().toString(36)}`;
  const page = await browser.newPage();
  await signIn(page, cr);
  const academicYear = academicYearsShown(5).at(-1)!;
  const res = await page.request.post('/api/resources', {
    multipart: {
      course: 'btech',
      branch: 'ce',
      semester: '6',
      subject,
      resourceType: 'PYQ',
      academicYear,
      // Unique bytes (a comment after %%EOF), so a repeated run is not refused as a duplicate.
      file: { name: 'RHL_mid_2025_M.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([SCAN, Buffer.from(`\n% ${subject}\n`)]) },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = (await res.json()).resource.id as string;
  // Processing reads the scan (OCR) and renders its pages in the background.
  await expect
    .poll(async () => (await (await page.request.get(`/api/resources/${id}`)).json()).resource.pageImages?.count ?? 0, { timeout: 150_000 })
    .toBe(2);
  listUrl = `/filter-resources?branch=ce&semester=6&resourceType=PYQ&academicYear=${academicYear}`;
  await page.close();
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(200_000);
  [cr, student] = await Promise.all([createAccount('CR', 'Chirag Rep'), createAccount('STUDENT')]);
  await seed(browser);
});

/** Holds the viewer's chunk back until the returned function is called. */
async function holdViewerChunk(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(VIEWER_CHUNK, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Whether an image has arrived and been decoded (its pixels can be drawn). */
function loaded(page: Page, name: string) {
  return page.getByRole('img', { name }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
}

async function openPreview(page: Page) {
  await signIn(page, student);
  await page.goto(listUrl);
  const card = page.getByTestId('resource-card').filter({ hasText: subject });
  await card.getByRole('button', { name: /Preview/ }).click();
  return page.getByRole('dialog');
}

for (const { width, height, phone } of [
  { width: 390, height: 844, phone: true },
  { width: 1280, height: 800, phone: false },
]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height }, isMobile: phone, hasTouch: phone });

    test('the page image shows before pdf.js has loaded; page 2 by scrolling; pdf.js takes over on it', async ({ page }) => {
      const release = await holdViewerChunk(page);
      const dialog = await openPreview(page);
      const strip = dialog.getByRole('region', { name: 'Page images' });
      const first = dialog.getByRole('img', { name: 'Page 1 of 2' });
      await expect(first).toBeVisible();
      await expect.poll(() => loaded(page, 'Page 1 of 2')).toBe(true);
      // pdf.js is not there: its chunk is held, and no page of its viewer exists.
      await expect(dialog.locator('.pdfViewer .page')).toHaveCount(0);
      await expect(dialog.getByText('Loading PDF...').filter({ visible: true })).toBeVisible();

      // Sized before it arrived, as the viewer will show it: at fit width (issue 34), the area's
      // whole width on a phone, less pdf.js's 20 px page borders each side on a desktop.
      const box = (await first.boundingBox())!;
      const area = (await strip.boundingBox())!;
      expect(box.height).toBeGreaterThan(box.width);
      if (phone) {
        expect(box.width).toBeGreaterThan(area.width - 4);
        expect(area.width).toBeGreaterThan(width - 40);
      } else {
        expect(box.width).toBeGreaterThan(area.width - 44);
        expect(box.width).toBeLessThan(area.width);
        expect(area.width).toBeGreaterThan(width - 200);
      }

      // Named, focusable for keyboard scrolling: no serious axe finding while the images stand in.
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Page 2, by scrolling (a swipe), still without pdf.js.
      const second = dialog.getByRole('img', { name: 'Page 2 of 2' });
      await second.scrollIntoViewIfNeeded();
      // At fit width a desktop's page is taller than the area: a good part of it in view.
      await expect(second).toBeInViewport({ ratio: phone ? 0.5 : 0.3 });
      await expect.poll(() => loaded(page, 'Page 2 of 2')).toBe(true);
      await expect(dialog.locator('.pdfViewer .page')).toHaveCount(0);

      // The viewer arrives: pdf.js draws, the images go, and it shows the page being read; a
      // keyboard reader's focus moves from the images to pdf.js's pages.
      await strip.focus();
      release();
      await expect(dialog.locator('.page[data-page-number="2"] canvas').first()).toBeVisible({ timeout: 30_000 });
      await expect(strip).toBeHidden();
      await expect(dialog.getByLabel('Page number')).toHaveValue('2');
      await expect(dialog.getByRole('region', { name: 'Pages', exact: true })).toBeFocused();
    });
  });
}

test('without page images (processing not done) the preview is the viewer alone', async ({ page }) => {
  const fresh = `Fresh Upload ${Date.now().toString(36)}`;
  await signIn(page, cr);
  const academicYear = academicYearsShown(5).at(-1)!;
  const res = await page.request.post('/api/resources', {
    multipart: {
      course: 'btech',
      branch: 'ce',
      semester: '6',
      subject: fresh,
      resourceType: 'PYQ',
      academicYear,
      file: { name: 'fresh.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([SCAN, Buffer.from(`\n% ${fresh}\n`)]) },
    },
  });
  expect(res.status()).toBe(201);
  const resource = (await res.json()).resource;
  expect(resource.pageImages).toBeNull();
  await page.goto(`${listUrl}&preview=${resource.id}`);
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('.page[data-page-number="1"] canvas').first()).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByRole('region', { name: 'Page images' })).toHaveCount(0);
});

import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from '@playwright/test';
import { academicYearsShown } from '../../src/shared/academic-years';
import { createAccount, signIn, type E2eAccount } from './support/accounts';
import { makePdfWithPages } from './support/search-pdf';
import { expect, seriousA11yViolations, test } from './fixtures';

/*
 * Issue 14, "a preview made for phones": a shared link opens the preview on its page, at fit
 * width (on a desktop too since issue 34); the zoom offers both fits; Download stays in view;
 * Back closes a preview opened from the list and the list is where it was.
 */

const SHOTS = '/tmp/preview-shots';
const RESOURCES = 8;

let cr: E2eAccount;
let student: E2eAccount;
let listUrl: string;
const ids: string[] = [];
/** Unique per seeding, so a retried or repeated run finds only its own files. */
let subject = '';

/** Uploads RESOURCES four-page PDFs into one class and year nobody else's tests use together. */
async function seed(browser: Browser, semester: string) {
  subject = `Heat Transfer ${Date.now().toString(36)}`;
  ids.length = 0;
  const page = await browser.newPage();
  await signIn(page, cr);
  // The oldest academic year offered now (the list rolls with the calendar; five by default).
  const academicYear = academicYearsShown(5).at(-1)!;
  for (let n = 1; n <= RESOURCES; n++) {
    const pdf = makePdfWithPages(
      [1, 2, 3, 4].map((p) => [`${subject} part ${n}`, `This is page ${p} of part ${n}.`, `Marker ${Math.random().toString(36).slice(2)}`]),
    );
    const res = await page.request.post('/api/resources', {
      multipart: {
        course: 'btech',
        branch: 'me',
        semester,
        subject,
        resourceType: 'PRACTICAL',
        academicYear,
        file: { name: `heat-transfer-part-${n}.pdf`, mimeType: 'application/pdf', buffer: pdf },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push((await res.json()).resource.id as string);
  }
  listUrl = `/filter-resources?branch=me&semester=${semester}&resourceType=PRACTICAL&academicYear=${academicYear}`;
  await page.close();
}

// One worker per project seeds its own list (phone: semester 7, desktop: 8), so the two
// projects running side by side never see each other's cards.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  [cr, student] = await Promise.all([createAccount('CR', 'Chirag Rep'), createAccount('STUDENT')]);
  await seed(browser, testInfo.project.name === 'phone' ? '7' : '8');
});

/**
 * This run's cards: a retried test seeds its class again (a new worker, a new subject), so the
 * class may also hold an earlier attempt's files.
 */
function ourCards(page: Page) {
  return page.getByTestId('resource-card').filter({ hasText: subject });
}

/**
 * The canvas of one page once pdf.js has drawn it. Zoomed in on a dense screen, pdf.js also draws
 * a sharper part of the page into a second, aria-hidden canvas (its detail view) while that part is
 * on screen: the page's own canvas is the first of those not hidden.
 */
function pageCanvas(dialog: Locator, pageNumber: number) {
  return dialog.locator(`.page[data-page-number="${pageNumber}"] canvas:not([aria-hidden="true"])`).first();
}

/** Its box, waited for: pdf.js swaps a page's canvas when it redraws it, and between the two there is none. */
async function box(locator: Locator) {
  let found: Awaited<ReturnType<Locator['boundingBox']>> = null;
  await expect.poll(async () => (found = await locator.boundingBox()), { message: 'element has a box' }).not.toBeNull();
  return found!;
}

/** Opens the shared link of part `n` on page 3 and checks where it opened. */
async function openSharedLink(page: Page, n: number) {
  await signIn(page, student);
  await page.goto(`${listUrl}&preview=${ids[n]}&page=3`);
  const dialog = page.getByRole('dialog', { name: subject });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Page number')).toHaveValue('3');
  await expect(pageCanvas(dialog, 3)).toBeVisible();
  return dialog;
}

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });

  test('a shared link opens on page 3 at fit width; fit page, pinch and Download in view @phone-only', async ({ page }) => {
    mkdirSync(SHOTS, { recursive: true });
    const dialog = await openSharedLink(page, 0);
    const zoom = dialog.getByLabel('Zoom', { exact: true });
    await expect(zoom).toHaveValue('page-width');
    // Fit width: the page is as wide as the viewer allows, never wider than the screen.
    const pages = dialog.getByRole('region', { name: 'Pages' });
    await expect.poll(async () => (await box(pageCanvas(dialog, 3))).width).toBeGreaterThan(300);
    expect((await box(pageCanvas(dialog, 3))).width).toBeLessThanOrEqual(390);
    await expect(dialog.getByRole('button', { name: 'Download Resource' })).toBeInViewport({ ratio: 1 });
    // One row of tools: the search box waits behind its button, the rest behind "More tools".
    const toolbar = dialog.getByRole('group', { name: 'PDF tools' });
    expect((await box(toolbar)).height).toBeLessThan(64);
    await expect(dialog.getByRole('searchbox', { name: 'Search in document' })).toBeHidden();
    await page.screenshot({ path: `${SHOTS}/preview-390-fit-width.png` });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The search row opens under the tools; More tools holds thumbnails, rotate, scroll mode, theme.
    await dialog.getByRole('button', { name: 'Search in document' }).click();
    await expect(dialog.getByRole('searchbox', { name: 'Search in document' })).toBeVisible();
    await dialog.getByRole('button', { name: 'More tools' }).click();
    await expect(dialog.getByRole('button', { name: 'Thumbnails' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Rotate clockwise' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/preview-390-menu.png` });
    await dialog.getByRole('button', { name: 'More tools' }).click();
    await dialog.getByRole('button', { name: 'Search in document' }).click();
    await expect(dialog.getByRole('searchbox', { name: 'Search in document' })).toBeHidden();

    await zoom.selectOption({ label: 'Fit page' });
    await expect(zoom).toHaveValue('page-fit');
    // The whole page in view: no taller than the pages' area.
    // pdf.js swaps a page's canvas when it redraws it: between the two there is no box (Infinity, 0).
    await expect
      .poll(async () => (await pageCanvas(dialog, 3).boundingBox())?.height ?? Infinity)
      .toBeLessThanOrEqual((await box(pages)).height);
    await page.screenshot({ path: `${SHOTS}/preview-390-fit-page.png` });

    // Pinch out with two fingers (Chromium's touch events through CDP): the page grows past the
    // screen, and the zoom select shows the scale reached instead of a fit.
    await zoom.selectOption({ label: 'Fit width' });
    const before = (await box(pageCanvas(dialog, 3))).width;
    const area = await box(pages);
    const cdp = await page.context().newCDPSession(page);
    const y = area.y + area.height / 2;
    const x = area.x + area.width / 2;
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', spread: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x: x - spread, y, id: 1 }, { x: x + spread, y, id: 2 }],
      });
    await touch('touchStart', 40);
    for (let spread = 50; spread <= 120; spread += 10) await touch('touchMove', spread);
    await touch('touchEnd', 0);
    await expect.poll(async () => (await box(pageCanvas(dialog, 3))).width).toBeGreaterThan(before * 1.5);
    await expect(zoom).not.toHaveValue('page-width');
    await expect(dialog.getByRole('button', { name: 'Download Resource' })).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: `${SHOTS}/preview-390-pinched.png` });

    // Opened from a link, the preview closes in place: the list, without the preview in the address.
    await dialog.getByRole('button', { name: 'Close preview' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/preview=/);
    await expect(ourCards(page)).toHaveCount(RESOURCES);
  });

  test('Back closes a preview opened from the list, and the list keeps its scroll position @phone-only', async ({ page }) => {
    await backKeepsScroll(page);
  });
});

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a shared link opens on page 3 at fit width; fit page from the zoom menu', async ({ page }) => {
    mkdirSync(SHOTS, { recursive: true });
    const dialog = await openSharedLink(page, 1);
    const zoom = dialog.getByLabel('Zoom', { exact: true });
    // Issue 34: fit page left a desktop's text unreadable; the page's width it is.
    await expect(zoom).toHaveValue('page-width');
    const pages = dialog.getByRole('region', { name: 'Pages' });
    await expect.poll(async () => (await pageCanvas(dialog, 3).boundingBox())?.width ?? 0).toBeGreaterThan((await box(pages)).width * 0.85);
    await expect(dialog.getByRole('button', { name: 'Download Resource' })).toBeInViewport({ ratio: 1 });
    await expect(dialog.getByRole('searchbox', { name: 'Search in document' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'More tools' })).toBeHidden();
    await page.screenshot({ path: `${SHOTS}/preview-1280-fit-width.png` });
    expect(await seriousA11yViolations(page)).toEqual([]);

    await zoom.selectOption({ label: 'Fit page' });
    await expect(zoom).toHaveValue('page-fit');
    // pdf.js swaps a page's canvas when it redraws it: between the two there is no box (Infinity, 0).
    await expect
      .poll(async () => (await pageCanvas(dialog, 3).boundingBox())?.height ?? Infinity)
      .toBeLessThanOrEqual((await box(pages)).height);

    // Reading on moves the address along, so a copied link opens where the reader is.
    await dialog.getByLabel('Page number').fill('2');
    await dialog.getByLabel('Page number').press('Enter');
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  });

  test('links made before issue 14 (previewPage=N) still open on their page', async ({ page }) => {
    await signIn(page, student);
    await page.goto(`${listUrl}&preview=${ids[2]}&previewPage=4`);
    const dialog = page.getByRole('dialog', { name: subject });
    await expect(dialog.getByLabel('Page number')).toHaveValue('4');
    await expect(ourCards(page)).toHaveCount(RESOURCES);
  });

  test('Back closes a preview opened from the list, and the list keeps its scroll position', async ({ page }) => {
    await backKeepsScroll(page);
  });
});

test.describe('a large file', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('shows how much of it has arrived while it loads, over a slow connection', async ({ page }) => {
    test.setTimeout(120_000);
    // About 2 MB, all of it on page 1: the page cannot show before the bytes are there.
    const lines = Array.from({ length: 40_000 }, (_, i) => `Line ${i} of a long appendix ${Math.random().toString(36).slice(2)}`);
    await signIn(page, cr);
    const res = await page.request.post('/api/resources', {
      multipart: {
        course: 'btech',
        branch: 'me',
        semester: '6',
        subject: `${subject} appendix`,
        resourceType: 'NOTES',
        academicYear: (listUrl.match(/academicYear=([^&]+)/) ?? [])[1]!,
        file: { name: 'appendix.pdf', mimeType: 'application/pdf', buffer: makePdfWithPages([[`${subject} appendix`, ...lines]]) },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const id = (await res.json()).resource.id as string;
    await signIn(page, student);

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 50, downloadThroughput: 300_000, uploadThroughput: 300_000 });
    await page.goto(`/filter-resources?preview=${id}`);
    const dialog = page.getByRole('dialog', { name: `${subject} appendix` });
    const bar = dialog.getByRole('progressbar', { name: 'File received' });
    await expect(bar).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByText(/MB of \d+\.\d MB/)).toBeVisible();
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 30_000 }).toBeGreaterThan(10);
    await page.screenshot({ path: `${SHOTS}/preview-1280-progress.png` });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expect(pageCanvas(dialog, 1)).toBeVisible({ timeout: 30_000 });
    // The bar goes when page 1 is drawn: 40,000 lines of text take a busy CI machine a while.
    await expect(bar).toBeHidden({ timeout: 60_000 });
  });
});

async function backKeepsScroll(page: Page) {
  await signIn(page, student);
  await page.goto(listUrl);
  const cards = ourCards(page);
  await expect(cards).toHaveCount(RESOURCES);
  const last = cards.last();
  await last.scrollIntoViewIfNeeded();
  await last.getByRole('button', { name: /^Preview / }).scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(100);

  await last.getByRole('button', { name: /^Preview / }).click();
  const dialog = page.getByRole('dialog', { name: subject });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/[?&]preview=/);
  await expect(pageCanvas(dialog, 1)).toBeVisible();
  await dialog.getByLabel('Page number').fill('3');
  await dialog.getByLabel('Page number').press('Enter');
  await expect(page).toHaveURL(/[?&]page=3(&|$)/);

  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/preview=/);
  await expect(page).toHaveURL(/academicYear=/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 3);
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThanOrEqual(3);
}

import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from '@playwright/test';
import { academicYearsShown } from '../../src/shared/academic-years';
import { createAccount, signIn, type E2eAccount } from './support/accounts';
import { makePdfWithPages } from './support/search-pdf';
import { expect, seriousA11yViolations, test } from './fixtures';

/*
 * Issue 34, "screens for phones": the first result on a phone's first screen; compact cards (Save
 * an icon with a name, titles on two lines, the class left out when the list is of one class);
 * the preview gives the page at least 80% of a phone's height and opens at fit width on a desktop,
 * with a full-screen reading mode; menus close when their choice is made; the page images before
 * pdf.js line up with its pages.
 */

const SHOTS = '/tmp/phone-screens-shots';
/** Four or more lines on a card at either width unclamped; titles are at most 120 characters. */
const LONG_TITLE = 'Heat and mass transfer: conduction, convection, radiation, heat exchangers, boiling and condensation, worked in full';
/** The viewer's lazy chunk (pdf-viewer.tsx, with pdf.js). */
const VIEWER_CHUNK = /\/assets\/pdf-viewer-[^/]+\.js$/;

let cr: E2eAccount;
let student: E2eAccount;
let subject = '';
let listUrl = '';

/** Two three-page papers in one class nobody else's journeys use (EE; semester 1 on a phone, 2 on a desktop). */
async function seed(browser: Browser, semester: string) {
  subject = `Heat Transfer ${Date.now().toString(36)}`;
  const page = await browser.newPage();
  await signIn(page, cr);
  const academicYear = academicYearsShown(5).at(-1)!;
  const ids: string[] = [];
  for (const [n, title] of [[1, LONG_TITLE], [2, 'Short notes']] as const) {
    const pdf = makePdfWithPages([1, 2, 3].map((p) => [`${subject} part ${n}`, `This is page ${p} of part ${n}.`, `Marker ${Math.random().toString(36).slice(2)}`]));
    const res = await page.request.post('/api/resources', {
      multipart: {
        course: 'btech',
        branch: 'ee',
        semester,
        subject,
        title,
        resourceType: 'NOTES',
        academicYear,
        file: { name: `heat-${n}.pdf`, mimeType: 'application/pdf', buffer: pdf },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push((await res.json()).resource.id as string);
  }
  // Processing renders the page images in the background: the preview shows them before pdf.js.
  for (const id of ids) {
    await expect
      .poll(async () => (await (await page.request.get(`/api/resources/${id}`)).json()).resource.pageImages?.count ?? 0, { timeout: 120_000 })
      .toBe(3);
  }
  listUrl = `/filter-resources?branch=ee&semester=${semester}&resourceType=NOTES&academicYear=${academicYear}`;
  await page.close();
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }, testInfo) => {
  test.setTimeout(200_000);
  mkdirSync(SHOTS, { recursive: true });
  [cr, student] = await Promise.all([createAccount('CR', 'Chirag Rep'), createAccount('STUDENT')]);
  await seed(browser, testInfo.project.name === 'phone' ? '1' : '2');
});

function card(page: Page, title: string) {
  return page.getByTestId('resource-card').filter({ hasText: subject }).filter({ has: page.getByRole('heading', { name: title }) });
}

/** The canvas pdf.js drew a page on (not its aria-hidden detail view), waited for. */
async function canvasBox(dialog: Locator, pageNumber: number) {
  const canvas = dialog.locator(`.page[data-page-number="${pageNumber}"] canvas:not([aria-hidden="true"])`).first();
  let found: Awaited<ReturnType<Locator['boundingBox']>> = null;
  await expect.poll(async () => (found = await canvas.boundingBox()), { message: 'page canvas has a box' }).not.toBeNull();
  return found!;
}

async function openPreview(page: Page, title: string) {
  await card(page, title).getByRole('button', { name: /^Preview / }).click();
  const dialog = page.getByRole('dialog', { name: subject });
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const { width, height, phone } of [
  { width: 390, height: 844, phone: true },
  { width: 1280, height: 800, phone: false },
]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height }, isMobile: phone, hasTouch: phone, deviceScaleFactor: phone ? 3 : 1 });

    test(`compact cards: Save an icon with a name, two-line titles, no class when the list is of one${phone ? ', the first card on the first screen @phone' : ''}`, async ({ page }) => {
      await signIn(page, student);
      await page.goto(listUrl);
      const cards = page.getByTestId('resource-card').filter({ hasText: subject });
      await expect(cards).toHaveCount(2);
      if (phone) {
        // On the first screen: its top and its buttons, without scrolling.
        expect((await page.getByTestId('resource-card').first().boundingBox())!.y).toBeLessThan(height);
        await expect(page.getByTestId('resource-card').first().getByRole('button', { name: /^Preview / })).toBeInViewport({ ratio: 1 });
      }

      // Two lines at most, with the whole title in its tooltip and read out in full.
      const long = card(page, LONG_TITLE);
      const heading = long.getByRole('heading', { name: LONG_TITLE });
      await expect(heading).toHaveAttribute('title', LONG_TITLE);
      const lines = await heading.evaluate((el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight));
      expect(lines).toBeLessThanOrEqual(2.05);
      expect(lines).toBeGreaterThan(1.5);

      // Save: an icon button (no visible word), named for screen readers, pressed once saved.
      const save = long.getByRole('button', { name: `Save ${subject}` });
      await expect(save).toHaveAttribute('aria-pressed', 'false');
      expect((await save.boundingBox())!.width).toBeLessThanOrEqual(44);
      await expect(save.locator('.sr-only')).toHaveText(`Save ${subject}`);
      await save.click();
      const saved = long.getByRole('button', { name: `Saved ${subject}` });
      await expect(saved).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByText('Saved to My shelf')).toBeVisible();

      // The list is of one class: no card repeats it. Searched across classes, each says it.
      await expect(cards.first().getByText(/^EE · sem/)).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/cards-${width}.png` });
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.goto(`/filter-resources?q=${encodeURIComponent(subject)}`);
      await expect(cards).toHaveCount(2);
      await expect(cards.first().getByText(/^EE · sem/)).toBeVisible();
      // Off the shelf again, for the next width's run with this student.
      await saved.click();
      await expect(save).toHaveAttribute('aria-pressed', 'false');
    });

    test(`the preview gives the page the screen${phone ? ' (80% of a phone) @phone' : ' at fit width'}; full screen by keyboard`, async ({ page }) => {
      await signIn(page, student);
      await page.goto(listUrl);
      const dialog = await openPreview(page, 'Short notes');
      await canvasBox(dialog, 1);
      const pages = dialog.getByRole('region', { name: 'Pages', exact: true });
      const zoom = dialog.getByLabel('Zoom', { exact: true });
      await expect(zoom).toHaveValue('page-width');
      await expect(dialog.getByRole('button', { name: 'Download Resource' })).toBeInViewport({ ratio: 1 });
      const area = (await pages.boundingBox())!;
      if (phone) {
        expect(area.height / height).toBeGreaterThanOrEqual(0.8);
      } else {
        // Near full height, and the page as wide as the viewer (pdf.js keeps 20 px each side for its page borders).
        expect((await dialog.boundingBox())!.height).toBeGreaterThan(height - 40);
        const viewerWidth = await pages.evaluate((el) => el.clientWidth);
        await expect.poll(async () => (await canvasBox(dialog, 1)).width).toBeGreaterThanOrEqual(viewerWidth - 42);
      }
      await page.screenshot({ path: `${SHOTS}/preview-${width}.png` });
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Full screen by keyboard: the toggle, pressed; the pages take the screen, at fit width still.
      const fullScreen = dialog.getByRole('button', { name: 'Full screen' });
      await fullScreen.focus();
      await page.keyboard.press('Enter');
      await expect(fullScreen).toHaveAttribute('aria-pressed', 'true');
      await expect.poll(async () => (await pages.boundingBox())!.height).toBeGreaterThan(height - 80);
      expect((await pages.boundingBox())!.width).toBeGreaterThan(width - 4);
      await expect.poll(async () => (await canvasBox(dialog, 1)).width).toBeGreaterThan(phone ? width - 4 : width - 44);
      await page.screenshot({ path: `${SHOTS}/full-screen-${width}.png` });
      // Escape leaves it, and only it: the preview stays open.
      await page.keyboard.press('Escape');
      await expect(fullScreen).toHaveAttribute('aria-pressed', 'false');
      await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
      await expect(dialog).toBeVisible();
      expect((await pages.boundingBox())!.height).toBeLessThan(height - 60);

      // A fit chosen is remembered: the next preview opens at it.
      await zoom.selectOption('page-fit');
      await dialog.getByRole('button', { name: 'Close preview' }).click();
      const next = await openPreview(page, LONG_TITLE);
      await expect(next.getByLabel('Zoom', { exact: true })).toHaveValue('page-fit');
    });

    test('the page images line up with the pages pdf.js draws over them', async ({ page }) => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(VIEWER_CHUNK, async (route) => {
        await released;
        await route.continue();
      });
      await signIn(page, student);
      await page.goto(listUrl);
      const dialog = await openPreview(page, 'Short notes');
      const image = dialog.getByRole('img', { name: 'Page 1 of 3' });
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const before = (await image.boundingBox())!;
      release();
      await expect(dialog.getByRole('region', { name: 'Page images' })).toBeHidden({ timeout: 30_000 });
      const after = await canvasBox(dialog, 1);
      for (const key of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(after[key] - before[key]), key).toBeLessThanOrEqual(2);
    });
  });
}

test.describe('at 390 px, the viewer\'s menu', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('"More tools" closes when a tool is chosen, and the thumbnails are whole @phone-only', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, student);
    await page.goto(listUrl);
    const dialog = await openPreview(page, 'Short notes');
    await canvasBox(dialog, 1);
    const more = dialog.getByRole('button', { name: 'More tools' });
    await more.click();
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    await dialog.getByRole('button', { name: 'Thumbnails' }).click();
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(dialog.getByRole('button', { name: 'Rotate clockwise' })).toBeHidden();
    await expect(more).toBeFocused();

    // Each thumbnail inside the sidebar, none cut off at its edge.
    const sidebar = dialog.getByRole('navigation', { name: 'Thumbnails' });
    await expect(sidebar).toBeVisible();
    const side = (await sidebar.boundingBox())!;
    const first = (await sidebar.getByRole('listitem').first().boundingBox())!;
    expect(first.x + first.width).toBeLessThanOrEqual(side.x + side.width + 0.5);
    await page.screenshot({ path: `${SHOTS}/thumbnails-390.png` });

    // A select changed in the menu closes it too.
    await more.click();
    await dialog.getByRole('combobox', { name: 'Scroll mode' }).selectOption('WRAPPED');
    await expect(more).toHaveAttribute('aria-expanded', 'false');

    // The preview's own menu: Copy link and Report wait under "More actions" and it closes on a choice.
    const actions = dialog.getByRole('button', { name: 'More actions' });
    await actions.click();
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await expect(actions).toHaveAttribute('aria-expanded', 'false');
    await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeHidden();
  });
});

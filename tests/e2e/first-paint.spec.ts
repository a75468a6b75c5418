import type { Page } from '@playwright/test';
import { createAccount, signIn } from './support/accounts';
import { E2E_CONFIG, expect, test } from './fixtures';

// Pages with a fixed heading (src/shared/page-shell.ts): the server paints it into the HTML.
const ROUTES = ['/filter-resources', '/branch', '/upload-resources', '/request-resources', '/my-shelf'];

// The heading as the page itself renders it, as the server paints it: in the page column, right
// in <main>. (The loading fallback wraps it once more, so it cannot stand in for the page.)
const HEADING = 'main > div > div > h1';

/** Where the brand, the heading and its lead sentence sit on the screen, and what they say. */
async function firstScreen(page: Page) {
  const box = async (selector: string) => {
    const b = await page.locator(selector).first().boundingBox();
    return b && { x: Math.round(b.x), y: Math.round(b.y), width: Math.round(b.width), height: Math.round(b.height) };
  };
  return {
    heading: await page.locator(HEADING).first().textContent(),
    lead: await page.locator(`${HEADING} + p`).first().textContent(),
    headingBox: await box(HEADING),
    leadBox: await box(`${HEADING} + p`),
    brandBox: await box(`header :text-is("${E2E_CONFIG.productName}")`),
  };
}

test.describe('the first paint @phone', () => {
  for (const route of ROUTES) {
    test(`shows ${route}'s heading before the scripts run, exactly where the page then puts it`, async ({ page, browser }) => {
      await signIn(page, await createAccount(route === '/upload-resources' ? 'CR' : 'STUDENT'));
      const { viewport, isMobile, hasTouch, deviceScaleFactor, userAgent, baseURL } = test.info().project.use;
      const withoutScripts = await browser.newContext({
        viewport,
        isMobile,
        hasTouch,
        deviceScaleFactor,
        userAgent,
        baseURL,
        javaScriptEnabled: false,
        storageState: await page.context().storageState(),
      });
      try {
        const painted = await withoutScripts.newPage();
        await painted.goto(route);
        const before = await firstScreen(painted);
        expect(before.heading).toBeTruthy();

        await page.goto(route);
        await page.waitForLoadState('networkidle');
        await expect(page.locator(HEADING)).toHaveCount(1);
        expect(await firstScreen(page)).toEqual(before);
      } finally {
        await withoutScripts.close();
      }
    });
  }

  test("paints the signed-in home's header with the HTML: same text and place, and it is the LCP", async ({ page, browser }) => {
    await signIn(page, await createAccount('STUDENT', 'Home Person', { branch: 'it', semester: 5 }));
    const { viewport, isMobile, hasTouch, deviceScaleFactor, userAgent, baseURL } = test.info().project.use;
    const header = async (p: Page) => {
      const box = async (selector: string) => {
        const b = await p.locator(selector).first().boundingBox();
        return b && { x: Math.round(b.x), y: Math.round(b.y), width: Math.round(b.width), height: Math.round(b.height) };
      };
      return {
        eyebrow: await p.locator('main > section p').first().textContent(),
        heading: await p.locator('main > section h1').first().textContent(),
        headingBox: await box('main > section h1'),
        sectionBox: await box('main > section'),
      };
    };
    const storageState = await page.context().storageState();
    const withoutScripts = await browser.newContext({ viewport, isMobile, hasTouch, deviceScaleFactor, userAgent, baseURL, javaScriptEnabled: false, storageState });
    try {
      const painted = await withoutScripts.newPage();
      await painted.goto('/');
      const before = await header(painted);
      expect(before).toMatchObject({ eyebrow: 'Your class', heading: 'Information Technology, Semester 5' });

      // Every text the heading shows, and every LCP candidate, from before the app's first line.
      await page.addInitScript(() => {
        const w = window as unknown as { headingsSeen: (string | null)[]; lcp: string[]; shift: number };
        w.headingsSeen = [];
        w.lcp = [];
        w.shift = 0;
        const note = () => {
          const text = document.querySelector('main h1')?.textContent ?? null;
          if (w.headingsSeen.at(-1) !== text) w.headingsSeen.push(text);
        };
        new MutationObserver(note).observe(document, { childList: true, subtree: true, characterData: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element })[]) w.lcp.push(entry.element?.tagName ?? '?');
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) w.shift += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto('/');
      await expect(page.locator('#home-search')).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await header(page)).toEqual(before);
      const seen = await page.evaluate(() => {
        const { headingsSeen, lcp, shift } = window as unknown as { headingsSeen: (string | null)[]; lcp: string[]; shift: number };
        return { headingsSeen, lcp, shift };
      });
      expect(seen.headingsSeen.filter((text, i) => !(i === 0 && text === null))).toEqual(['Information Technology, Semester 5']);
      expect(seen.lcp.at(-1)).toBe('H1');
      expect(seen.shift).toBe(0);
    } finally {
      await withoutScripts.close();
    }
  });

  test('keeps the heading on screen from the first paint until the page is there', async ({ page }) => {
    await signIn(page, await createAccount('STUDENT'));
    // Every change to the document is checked for the heading, from before the app's first line.
    await page.addInitScript(() => {
      const seen: (string | null)[] = [];
      (window as unknown as { headingsSeen: (string | null)[] }).headingsSeen = seen;
      const note = () => {
        const text = document.querySelector('main h1')?.textContent ?? null;
        if (seen.at(-1) !== text) seen.push(text);
      };
      new MutationObserver(note).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto('/filter-resources');
    await expect(page.getByRole('heading', { level: 1, name: 'Filter Resources' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const seen = await page.evaluate(() => (window as unknown as { headingsSeen: (string | null)[] }).headingsSeen);
    // Before the HTML parser reaches <main> there is no heading; once there, it never goes away.
    expect(seen.filter((text, i) => !(i === 0 && text === null))).toEqual(['Filter Resources']);
  });

  test('a visitor sees no signed-in page heading before being sent to log in', async ({ browser }) => {
    const { viewport, baseURL } = test.info().project.use;
    const context = await browser.newContext({ viewport, baseURL, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/upload-resources');
      await expect(page.getByRole('banner')).toContainText(E2E_CONFIG.productName);
      await expect(page.locator('main h1')).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});

import type { Locator, Page } from '@playwright/test';

/** Set SHOTS_DIR to keep screenshots of the screens journeys pass through. */
const SHOTS_DIR = process.env.SHOTS_DIR;

/**
 * Keeps `name`-390.png and `name`-1280.png in SHOTS_DIR (a phone and a desktop), then puts the
 * viewport back. The whole page, or the screen around `scrollTo` when a section is the subject.
 */
export async function shoot(page: Page, name: string, scrollTo?: Locator): Promise<void> {
  if (!SHOTS_DIR) return;
  const { width, height } = page.viewportSize()!;
  for (const w of [390, 1280]) {
    await page.setViewportSize({ width: w, height: w === 390 ? 844 : 800 });
    await scrollTo?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS_DIR}/${name}-${w}.png`, fullPage: !scrollTo });
  }
  await page.setViewportSize({ width, height });
}

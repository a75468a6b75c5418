import type { Page } from '@playwright/test';

/**
 * With SHOTS_DIR set, keeps full-page screenshots of the page at 390 px and 1280 px wide
 * (`<name>-390.png`, `<name>-1280.png`) for a person to look at; without it, does nothing.
 */
export async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const { width, height } = page.viewportSize()!;
  for (const w of [390, 1280]) {
    await page.setViewportSize({ width: w, height: w === 390 ? 844 : 800 });
    await page.screenshot({ path: `${dir}/${name}-${w}.png`, fullPage: true });
  }
  await page.setViewportSize({ width, height });
}

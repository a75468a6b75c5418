import type { Page } from '@playwright/test';

declare global {
  interface Window {
    __toastTexts?: string[];
  }
}

/**
 * Starts recording each text a toast shows (once, in the order first seen) and returns a function
 * that reads them.
 * A success toast lasts 2 s (SPEC.md): on a loaded machine the test's next look could come after
 * it had gone, so the page notes each one as it appears (a loading toast that turns into its
 * outcome changes text in place, so changes are noted too). Call it before the action.
 */
export async function recordToastTexts(page: Page): Promise<() => Promise<string[]>> {
  // The locator waits for the area: the app may still be mounting.
  await page.getByRole('region', { name: 'Notifications' }).evaluate((area) => {
    const seen: string[] = [];
    window.__toastTexts = seen;
    const note = () => {
      for (const item of Array.from(area.querySelectorAll('li'))) {
        const text = item.textContent?.trim() ?? '';
        if (text && !seen.includes(text)) seen.push(text);
      }
    };
    new MutationObserver(note).observe(area, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => [...(window.__toastTexts ?? [])]);
}

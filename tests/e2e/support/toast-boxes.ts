import { expect, type Locator, type Page } from '@playwright/test';

type Box = { x: number; y: number; width: number; height: number };

declare global {
  interface Window {
    __toastBoxes?: { text: string; box: Box }[];
  }
}

/**
 * Starts recording where each toast settles (its entry animation done) and returns a function that
 * waits for the first one and gives all recorded so far. Measured in the page as each toast
 * arrives: a success toast lasts 2 s, and on a loaded machine the test's next step could come after
 * it had gone. Call it before the action that raises the toast.
 */
export async function recordToastBoxes(page: Page): Promise<() => Promise<Box[]>> {
  // The locator waits for the area: the app may still be mounting.
  await page.getByRole('region', { name: 'Notifications' }).evaluate((area) => {
    window.__toastBoxes = [];
    const settle = async (item: HTMLElement) => {
      await Promise.all(item.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
      await new Promise(requestAnimationFrame);
      const box = item.getBoundingClientRect().toJSON() as Box;
      // A toast hidden behind a newer one (over a modal only the newest shows) has no box.
      if (item.isConnected && box.width > 0) window.__toastBoxes!.push({ text: item.textContent ?? '', box });
    };
    new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.addedNodes) {
          if (!(node instanceof HTMLElement)) continue;
          for (const item of node.matches('li') ? [node] : Array.from(node.querySelectorAll('li'))) void settle(item);
        }
    }).observe(area, { childList: true, subtree: true });
  });
  return async () => {
    await page.waitForFunction(() => (window.__toastBoxes?.length ?? 0) > 0);
    return page.evaluate(() => window.__toastBoxes!.map((entry) => entry.box));
  };
}

/**
 * The preview dialog's controls a toast must never cover. On a phone Copy link and Report wait
 * under "More actions" (closed again after a choice): the ones on screen are checked.
 */
export function previewControls(dialog: Locator): Locator[] {
  return [
    dialog.getByRole('button', { name: 'Close preview' }),
    dialog.getByRole('button', { name: /^Download/ }),
    dialog.getByRole('button', { name: /^Save/ }),
    dialog.getByRole('button', { name: 'More actions' }),
    dialog.getByRole('button', { name: 'Copy link' }),
    dialog.getByRole('link', { name: /^Report/ }),
  ];
}

/** Fails when there is no box, or any of `boxes` overlaps any of `controls`. */
export async function expectClearOf(boxes: Box[], controls: Locator[]): Promise<void> {
  expect(boxes.length, 'a toast to measure').toBeGreaterThan(0);
  const shown = [];
  for (const control of controls) if (await control.isVisible()) shown.push(control);
  expect(shown.length, 'controls on screen to measure').toBeGreaterThan(2);
  for (const control of shown) {
    const other = (await control.boundingBox())!;
    for (const box of boxes) {
      const apart = box.x + box.width <= other.x || other.x + other.width <= box.x || box.y + box.height <= other.y || other.y + other.height <= box.y;
      expect(apart, `a toast covers ${String(control)}: ${JSON.stringify({ box, other })}`).toBe(true);
    }
  }
}

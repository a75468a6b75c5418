import { expect, type Locator, type Page } from '@playwright/test';

type Box = { x: number; y: number; width: number; height: number };

/** The boxes of the toasts on screen, measured in one call (a toast may go while others are measured). */
export function toastBoxes(page: Page): Promise<Box[]> {
  return page
    .getByRole('region', { name: 'Notifications' })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON() as Box));
}

/** The preview dialog's controls a toast must never cover. */
export function previewControls(dialog: Locator): Locator[] {
  return [
    dialog.getByRole('button', { name: 'Close preview' }),
    dialog.getByRole('button', { name: /^Download/ }),
    dialog.getByRole('button', { name: /^Save/ }),
    dialog.getByRole('button', { name: 'Copy link' }),
    dialog.getByRole('link', { name: /^Report/ }),
  ];
}

/** Fails when there is no box, or any of `boxes` overlaps any of `controls`. */
export async function expectClearOf(boxes: Box[], controls: Locator[]): Promise<void> {
  expect(boxes.length, 'a toast to measure').toBeGreaterThan(0);
  for (const control of controls) {
    const other = (await control.boundingBox())!;
    for (const box of boxes) {
      const apart = box.x + box.width <= other.x || other.x + other.width <= box.x || box.y + box.height <= other.y || other.y + other.height <= box.y;
      expect(apart, `a toast covers ${String(control)}: ${JSON.stringify({ box, other })}`).toBe(true);
    }
  }
}

import { randomUUID } from 'node:crypto';
import { makePdf } from '../support/pdf-fixture';
import { createAccount, signIn } from './support/accounts';
import { previewAction } from './support/preview-actions';
import { expectClearOf, previewControls, recordToastBoxes } from './support/toast-boxes';
import { expect, test } from './fixtures';

/*
 * The toast area (components/ui/toaster.tsx) arrives once the page is idle and is a popover only
 * while it holds a toast: opening one makes the browser compute the whole page's styles (issue 14).
 */

declare global {
  interface Window {
    /** The text the toast area had when it came into the page ('' = it came empty). */
    notificationsArrivedWith?: string;
    /** How many 404 answers about a resource the page has read. */
    resourceNotFoundRead?: number;
  }
}

test('the toast area opens no popover while empty, and shows and reads a toast raised before it arrived', async ({ page }) => {
  // The area's code is held back until the page has raised its toast (a preview link to a paper
  // that does not exist), so the toast is raised before the area exists.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/toaster-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.addInitScript(() => {
    const readJson = Response.prototype.json;
    Response.prototype.json = function (this: Response) {
      const read = readJson.call(this);
      if (this.status === 404 && /\/api\/resources\/[^/]+$/.test(new URL(this.url).pathname)) {
        void read.finally(() => (window.resourceNotFoundRead = (window.resourceNotFoundRead ?? 0) + 1));
      }
      return read;
    };
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof HTMLElement && node.getAttribute('aria-label') === 'Notifications') {
            window.notificationsArrivedWith ??= node.textContent ?? '';
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await signIn(page, await createAccount('STUDENT', 'Tara Toast'));
  await page.goto(`/filter-resources?preview=${randomUUID()}`);
  // The data cache asks twice (one retry) and raises the toast in the tasks that follow the
  // second answer; the browser is idle only once those have run.
  await page.waitForFunction(() => window.resourceNotFoundRead === 2);
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  release();

  const area = page.getByRole('region', { name: 'Notifications' });
  const item = area.getByRole('listitem');
  await expect(item).toBeVisible();
  await expect(item).toHaveText(/\S/);
  // A screen reader reads what changes in a live region it knows, not what a new region holds.
  await expect(area).toHaveAttribute('aria-live', 'polite');
  expect(await page.evaluate(() => window.notificationsArrivedWith)).toBe('');
  expect(await area.evaluate((el) => el.matches(':popover-open'))).toBe(true);

  // Dismissed, the area is a plain empty box again.
  await item.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(item).toHaveCount(0);
  await expect(page.locator('[popover]')).toHaveCount(0);
  await expect(area).toBeAttached();
});

test('a page without toasts has the toast area but no popover', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Notifications' })).toBeAttached();
  await expect(page.locator('[popover]')).toHaveCount(0);
});

test('over an open preview only the newest toast shows, clear of the dialog\'s controls @phone', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, await createAccount('CR', 'Tanvi Toast'));
  const res = await page.request.post('/api/resources', {
    multipart: {
      course: 'btech',
      branch: 'me',
      semester: '5',
      subject: 'Heat Transfer',
      resourceType: 'NOTES',
      academicYear: '2024-25',
      file: { name: 'toasts.pdf', mimeType: 'application/pdf', buffer: makePdf({ pages: 1, text: `toasts ${randomUUID()}` }) },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await page.goto(`/filter-resources?preview=${((await res.json()) as { resource: { id: string } }).resource.id}`);
  const dialog = page.getByRole('dialog');
  // Two toasts within a second or two: "Saved to My shelf" (after the server's answer), then "Link copied".
  const items = page.getByRole('region', { name: 'Notifications' }).getByRole('listitem');
  const toastBoxes = await recordToastBoxes(page);
  await dialog.getByRole('button', { name: /^Save/ }).click();
  await expect(items).toHaveText(['Saved to My shelf']);
  await (await previewAction(dialog, 'button', 'Copy link')).click();
  await expect(items).toHaveText(['Link copied']);
  await expectClearOf(await toastBoxes(), previewControls(dialog));
});

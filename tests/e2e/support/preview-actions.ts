import type { Locator } from '@playwright/test';

/**
 * A preview's action that waits under "More actions" on a phone (Copy link, Report this file,
 * Delete): that menu is opened first when it is shown. Wider, the action is in the title's row.
 */
export async function previewAction(dialog: Locator, role: 'button' | 'link', name: string): Promise<Locator> {
  const more = dialog.getByRole('button', { name: 'More actions' });
  if ((await more.isVisible()) && (await more.getAttribute('aria-expanded')) !== 'true') await more.click();
  return dialog.getByRole(role, { name });
}

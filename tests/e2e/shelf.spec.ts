import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { makePdf } from '../support/pdf-fixture';
import { readZip } from '../support/zip';
import { createAccount, signIn, type E2eAccount } from './support/accounts';
import { expect, seriousA11yViolations, test } from './fixtures';
import { previewAction } from './support/preview-actions';
import { expectClearOf, previewControls, recordToastBoxes } from './support/toast-boxes';

const SHOTS = '/tmp/shelf-shots';

/** Two resources of one class, uploaded by a CR through the API: a word unique to this run finds them. */
async function uploadTwo(browser: Browser, cr: E2eAccount, word: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, cr);
  const uploads: Array<{ id: string; name: string; bytes: Buffer }> = [];
  for (const [subject, name] of [
    [`Thermodynamics ${word}`, 'Thermo unit 1.pdf'],
    [`Fluid Mechanics ${word}`, 'Fluids mid-sem.pdf'],
  ] as const) {
    const bytes = makePdf({ pages: 2, text: `${subject} ${Math.random()}` });
    const res = await page.request.post('/api/resources', {
      multipart: {
        course: 'btech',
        branch: 'me',
        semester: '4',
        subject,
        resourceType: 'NOTES',
        academicYear: '2024-25',
        // Titled as a CR would, so the shelf's lines tell the two apart by title.
        title: name.replace(/\.pdf$/, '').replace('-', ' '),
        file: { name, mimeType: 'application/pdf', buffer: bytes },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    uploads.push({ id: (await res.json()).resource.id, name, bytes });
  }
  await context.close();
  return uploads;
}

/** The nav's My shelf link (inside the menu on a phone). */
async function shelfLink(page: Page) {
  // The app's own nav bar (the first paint from the server has the brand only).
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^My shelf/ });
}

test.describe('My shelf', () => {
  let cr: E2eAccount;
  let student: E2eAccount;

  test.beforeAll(async () => {
    [cr, student] = await Promise.all([createAccount('CR', 'Chirag Rep'), createAccount('STUDENT', 'Sana Student')]);
  });

  test('a student saves two files, downloads them as one zip, copies a link and reports one @phone', async ({ page, browser, context }, testInfo) => {
    const phone = testInfo.project.name === 'phone';
    if (phone) await page.setViewportSize({ width: 390, height: 844 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const word = `w${Date.now().toString(36)}${testInfo.project.name}`;
    const [thermo, fluids] = await uploadTwo(browser, cr, word);
    await signIn(page, student);

    // The empty shelf first.
    await page.goto('/my-shelf');
    await expect(page.getByRole('heading', { name: 'My shelf' })).toBeVisible();
    await expect(page.getByText('Your shelf is empty.')).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Save both from their cards.
    await page.goto(`/filter-resources?q=${word}`);
    const cards = page.getByTestId('resource-card');
    await expect(cards).toHaveCount(2);
    for (const subject of ['Thermodynamics', 'Fluid Mechanics']) {
      const toggle = cards.filter({ hasText: subject }).getByRole('button', { name: /^Save/ });
      await expect(toggle).toHaveAttribute('aria-pressed', 'false');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');
      await expect(toggle).toContainText('Saved');
    }
    await expect(page.getByText('Saved to My shelf')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/cards-${testInfo.project.name}.png`, fullPage: true });
    const link = await shelfLink(page);
    await expect(link).toHaveAccessibleName('My shelf 2 saved');
    if (phone) await page.getByRole('button', { name: 'Close menu' }).click();

    // The preview shows it saved, copies its link and reports it.
    await cards.filter({ hasText: 'Thermodynamics' }).getByRole('button', { name: /^Preview/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: /^Saved/ })).toHaveAttribute('aria-pressed', 'true');
    const toastBoxes = await recordToastBoxes(page);
    await (await previewAction(dialog, 'button', 'Copy link')).click();
    await expect(page.getByText('Link copied')).toBeVisible();
    // Shown above the modal, the toast leaves its ×, Download, Save, Copy link and Report (or More actions) free.
    await expectClearOf(await toastBoxes(), previewControls(dialog));
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(new URL(`/filter-resources?preview=${thermo!.id}`, page.url()).href);
    await page.screenshot({ path: `${SHOTS}/preview-${testInfo.project.name}.png` });

    await (await previewAction(dialog, 'link', 'Report this file')).click();
    await expect(page).toHaveURL(`/report-issue?resource=${thermo!.id}`);
    await expect(page.getByText(`You are reporting Thermodynamics ${word} (Thermo unit 1.pdf)`)).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue(`Problem with "Thermodynamics ${word}" (Notes, 2024-25)`);
    await expect(page.getByLabel('Description')).toHaveValue(new RegExp(`Link: .*/filter-resources\\?preview=${thermo!.id}`));
    await expect(page.getByLabel('Email')).toHaveValue(student.email);
    await page.screenshot({ path: `${SHOTS}/report-${testInfo.project.name}.png`, fullPage: true });
    // Back returns to the preview.
    await page.goBack();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('dialog')).toBeHidden();

    // My shelf lists both, newest saved first, all chosen.
    await (await shelfLink(page)).click();
    await expect(page).toHaveURL('/my-shelf');
    const rows = page.getByTestId('shelf-item');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('Fluid Mechanics');
    await expect(page.getByTestId('shelf-chosen')).toHaveText('2 of 2 chosen');
    await expect(page.getByLabel('Select all')).toBeChecked();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/my-shelf-${testInfo.project.name}.png`, fullPage: true });

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download as zip' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('studyshelf-shelf.zip');
    const entries = await readZip(await readFile((await download.path())!));
    expect(entries.map((e) => e.name)).toEqual([
      `Fluid Mechanics ${word} - Notes - 2024-25 - Fluids mid-sem.pdf`,
      `Thermodynamics ${word} - Notes - 2024-25 - Thermo unit 1.pdf`,
    ]);
    expect(entries[0]!.bytes.equals(fluids!.bytes)).toBe(true);
    expect(entries[1]!.bytes.equals(thermo!.bytes)).toBe(true);
    await expect(page).toHaveURL('/my-shelf');

    // Only the chosen files: untick one, and the zip holds the other.
    await page.getByRole('checkbox', { name: `Fluids mid sem (Fluid Mechanics ${word})` }).uncheck();
    await expect(page.getByTestId('shelf-chosen')).toHaveText('1 of 2 chosen');
    const second = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download as zip' }).click();
    const one = await readZip(await readFile((await (await second).path())!));
    expect(one.map((e) => e.name)).toEqual([`Thermodynamics ${word} - Notes - 2024-25 - Thermo unit 1.pdf`]);

    // Remove one: it leaves the list and the count.
    await page.getByRole('button', { name: `Remove Thermo unit 1 (Thermodynamics ${word}) from My shelf` }).click();
    // The outcome, not the two-second toast, which a slow machine may show and hide between polls.
    await expect(rows).toHaveCount(1);
    await expect(await shelfLink(page)).toHaveAccessibleName('My shelf 1 saved');
  });
});

import { academicYearsShown } from '../../src/shared/academic-years';
import { makePdf } from '../support/pdf-fixture';
import type { Page } from '@playwright/test';
import { expect, seriousA11yViolations, test } from './fixtures';
import { createAccount, signIn } from './support/accounts';
import { previewAction } from './support/preview-actions';
import { shoot } from './support/screenshots';

const [NEW_YEAR, WRONG_YEAR] = academicYearsShown(5);
/** Uploads a one-page PDF as the signed-in CR, as the upload form would; returns its id. */
async function uploadAs(page: Page, place: { branch: string; semester: number }, fields: { subject: string; academicYear: string; title: string; file: string }) {
  const uploaded = await page.request.post('/api/resources', {
    multipart: {
      course: 'btech',
      branch: place.branch,
      semester: String(place.semester),
      subject: fields.subject,
      resourceType: 'NOTES',
      academicYear: fields.academicYear,
      title: fields.title,
      file: { name: fields.file, mimeType: 'application/pdf', buffer: makePdf({ text: `${fields.file} ${unique()}` }) },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  return ((await uploaded.json()) as { resource: { id: string } }).resource.id;
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

// Issue 36: anyone signed in suggests a correction; the class's CR applies it in one step.
test('a student suggests "wrong year" from a preview, the CR accepts it, and the card shows the new year', async ({ page }) => {
  test.setTimeout(120_000);
  const cr = await createAccount('CR', `Corin Rep ${unique()}`);
  const student = await createAccount('STUDENT', 'Stella Student', cr.place);
  const { branch, semester } = cr.place!;
  const title = `Signals notes ${unique()}`;

  await signIn(page, cr);
  const id = await uploadAs(page, cr.place!, { subject: 'Signals and Systems', academicYear: WRONG_YEAR!, title, file: 'signals.pdf' });

  await page.context().clearCookies();
  await signIn(page, student);
  await page.goto(`/filter-resources?branch=${branch}&semester=${semester}&preview=${id}`);
  const preview = page.getByRole('dialog', { name: title });
  await (await previewAction(preview, 'button', 'Suggest a correction')).click();
  const suggest = page.getByRole('dialog', { name: 'Suggest a correction' });
  await suggest.getByLabel('What is wrong').selectOption('wrong_year');
  // The right value is asked for the kind that has one.
  await suggest.getByRole('button', { name: 'Send correction' }).click();
  await expect(suggest.getByText('Choose the right academic year')).toBeVisible();
  await suggest.getByLabel('The right academic year').selectOption(NEW_YEAR!);
  await suggest.getByLabel('Note (optional)').fill('The cover page says the new year');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await suggest.getByRole('button', { name: 'Send correction' }).click();
  await expect(suggest).toHaveCount(0);
  await expect(page.getByText('Thank you: the class representatives will look at it.')).toBeVisible();

  await page.context().clearCookies();
  await signIn(page, cr);
  await page.goto('/request-queue');
  const correction = page.getByTestId('correction-card').filter({ hasText: title });
  await expect(correction).toContainText(`Wrong year: ${WRONG_YEAR} → ${NEW_YEAR}`);
  await expect(correction).toContainText('The cover page says the new year');
  await expect(correction).toContainText('Suggested by Stella Student');
  await correction.getByRole('button', { name: `Accept the correction of ${title}` }).click();
  await expect(page.getByText('Correction applied')).toBeVisible();
  await expect(correction).toHaveCount(0);

  await page.goto(`/filter-resources?branch=${branch}&semester=${semester}`);
  const card = page.getByTestId('resource-card').filter({ hasText: title });
  await expect(card).toContainText(NEW_YEAR!);
  await expect(card).not.toContainText(WRONG_YEAR!);
});

// Decision 054: "a better scan exists" is accepted with the new PDF; the resource keeps its id.
test('a CR accepts "a better scan exists" with the new PDF, and the preview shows its pages', async ({ page }) => {
  test.setTimeout(120_000);
  const cr = await createAccount('CR', `Cora Rep ${unique()}`);
  const student = await createAccount('STUDENT', 'Sam Student', cr.place);
  const { branch, semester } = cr.place!;
  const title = `Circuits notes ${unique()}`;

  await signIn(page, cr);
  const id = await uploadAs(page, cr.place!, { subject: 'Network Analysis', academicYear: NEW_YEAR!, title, file: 'blurry.pdf' });

  await page.context().clearCookies();
  await signIn(page, student);
  const suggested = await page.request.post(`/api/resources/${id}/corrections`, { data: { kind: 'better_scan', note: 'The library has a sharp copy' } });
  expect(suggested.status(), await suggested.text()).toBe(201);
  const missing = await page.request.post(`/api/resources/${id}/corrections`, { data: { kind: 'pages_missing', note: 'Page 2 is cut' } });
  expect(missing.status(), await missing.text()).toBe(201);

  await page.context().clearCookies();
  await signIn(page, cr);
  await page.goto('/request-queue');
  // The dismissal asks why; the closed list shows who dismissed it and the reason.
  const cut = page.getByTestId('correction-card').filter({ hasText: 'Page 2 is cut' });
  await cut.getByRole('button', { name: `Dismiss the correction of ${title}` }).click();
  const dismiss = page.getByRole('dialog', { name: 'Dismiss the correction' });
  await dismiss.getByLabel('Reason (optional)').fill('The better scan has every page');
  await shoot(page, 'correction-dismiss');
  await dismiss.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByText('Correction dismissed')).toBeVisible();
  await expect(page.getByTestId('closed-correction-card').filter({ hasText: 'Page 2 is cut' })).toContainText(
    `Dismissed by ${cr.name}`,
  );

  const correction = page.getByTestId('correction-card').filter({ hasText: title });
  await expect(correction).toContainText('A better scan exists');
  await correction.getByRole('button', { name: `Accept the correction of ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Replace the file' });
  // Not sent without its file.
  await dialog.getByRole('button', { name: 'Replace and accept' }).click();
  await expect(dialog.getByText('Choose the replacement PDF')).toBeVisible();
  await dialog.getByLabel('Replacement PDF').setInputFiles({ name: 'sharp.pdf', mimeType: 'application/pdf', buffer: makePdf({ pages: 3, text: `sharp ${unique()}` }) });
  await expect(dialog.getByTestId('chosen-replacement')).toContainText('sharp.pdf');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shoot(page, 'correction-replace');
  await dialog.getByRole('button', { name: 'Replace and accept' }).click();
  await expect(page.getByText('Correction applied')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(correction).toHaveCount(0);
  const closed = page.getByTestId('closed-correction-card').filter({ hasText: title }).filter({ hasText: 'A better scan exists' });
  await expect(closed).toContainText(`Accepted by ${cr.name}`);
  await shoot(page, 'corrections-closed', page.getByRole('heading', { name: 'Recently closed' }));

  await page.goto(`/filter-resources?branch=${branch}&semester=${semester}&preview=${id}`);
  const preview = page.getByRole('dialog', { name: title });
  await expect(preview.getByText('of 3', { exact: true })).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('resource-card').filter({ hasText: title })).toContainText('3 pages');
});

// Decision 054: the uploader can put a better PDF in from Edit details, without a suggestion.
test('the uploader replaces the PDF from Edit details and the card shows the new page count', async ({ page }) => {
  test.setTimeout(90_000);
  const cr = await createAccount('CR', `Cyra Rep ${unique()}`);
  const { branch, semester } = cr.place!;
  const title = `Machines notes ${unique()}`;
  await signIn(page, cr);
  await uploadAs(page, cr.place!, { subject: 'Electrical Machines', academicYear: NEW_YEAR!, title, file: 'old.pdf' });

  await page.goto(`/filter-resources?branch=${branch}&semester=${semester}`);
  const card = page.getByTestId('resource-card').filter({ hasText: title });
  await expect(card).toContainText('1 page');
  await card.getByRole('button', { name: `Edit details of ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit details' });
  const replace = edit.getByRole('region', { name: 'Replace the PDF' });
  await replace.getByLabel('PDF File').setInputFiles({ name: 'complete.pdf', mimeType: 'application/pdf', buffer: makePdf({ pages: 2, text: `complete ${unique()}` }) });
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shoot(page, 'edit-details-replace', replace);
  await replace.getByRole('button', { name: 'Replace file' }).click();
  await expect(page.getByText('File replaced: the preview and search catch up in a minute.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(card).toContainText('2 pages');
});

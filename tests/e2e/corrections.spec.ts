import { academicYearsShown } from '../../src/shared/academic-years';
import { makePdf } from '../support/pdf-fixture';
import { expect, seriousA11yViolations, test } from './fixtures';
import { createAccount, signIn } from './support/accounts';
import { previewAction } from './support/preview-actions';

const [NEW_YEAR, WRONG_YEAR] = academicYearsShown(5);
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

// Issue 36: anyone signed in suggests a correction; the class's CR applies it in one step.
test('a student suggests "wrong year" from a preview, the CR accepts it, and the card shows the new year', async ({ page }) => {
  test.setTimeout(120_000);
  const cr = await createAccount('CR', `Corin Rep ${unique()}`);
  const student = await createAccount('STUDENT', 'Stella Student', cr.place);
  const { branch, semester } = cr.place!;
  const title = `Signals notes ${unique()}`;

  await signIn(page, cr);
  const uploaded = await page.request.post('/api/resources', {
    multipart: {
      course: 'btech',
      branch,
      semester: String(semester),
      subject: 'Signals and Systems',
      resourceType: 'NOTES',
      academicYear: WRONG_YEAR!,
      title,
      file: { name: 'signals.pdf', mimeType: 'application/pdf', buffer: makePdf({ text: `signals ${unique()}` }) },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const id = ((await uploaded.json()) as { resource: { id: string } }).resource.id;

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

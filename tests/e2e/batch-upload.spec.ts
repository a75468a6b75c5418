import { degrees, PDFDocument } from 'pdf-lib';
import { DEFAULT_SUBJECTS } from '../../src/shared/catalogue';
import { makePng } from '../support/image-fixtures';
import { UPLOAD_GUESS_MESSAGES } from '../../src/shared/upload-guess';
import { makePdf } from '../support/pdf-fixture';
import { makeScannedPdf } from '../support/scanned-pdf';
import { shoot } from './support/screenshots';
import { createAccount, shuffledClasses, signIn, type E2eAccount } from './support/accounts';
import { expect, seriousA11yViolations, test } from './fixtures';

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
// A paper of last December: its academic year is offered to uploads whatever today's date.
const year = new Date().getUTCFullYear() - 1;
const academicYear = `${year}-${String((year + 1) % 100).padStart(2, '0')}`;

/** Issue 36: many PDFs at once, each pre-filled from its name and first page. */
test.describe('batch upload', () => {
  let cr: E2eAccount;

  test.beforeAll(async () => {
    cr = await createAccount('CR', 'Chirag Rep', shuffledClasses(['cse', 'it']));
  });

  test('a CR drops five PDFs, fixes one guess and uploads; three land with their fields, the duplicate and the PNG say why @phone', async ({ page }) => {
    const { branch, semester } = cr.place!;
    const [first, second] = DEFAULT_SUBJECTS.filter((s) => s.branchId === branch && s.semester === semester).map((s) => s.name);
    const named = makePdf({ pages: 2, text: `normal forms ${unique()}` });
    const files = [
      { name: `${first!.replace(/ /g, '_')}_endsem_Dec_${year}.pdf`, mimeType: 'application/pdf', buffer: named },
      // A printed paper whose name says nothing: its header does.
      { name: 'scan0001.pdf', mimeType: 'application/pdf', buffer: makePdf({ text: `Mid-Sem Exam II Dec ${year}`, pageTexts: [`${second} ${unique()}`] }) },
      { name: `${first!.replace(/ /g, '_')}_endsem_Dec_${year} (1).pdf`, mimeType: 'application/pdf', buffer: named },
      { name: 'photo.pdf', mimeType: 'application/pdf', buffer: makePng() },
      { name: `${second!.replace(/ /g, '_')}_quiz_Dec_${year}.pdf`, mimeType: 'application/pdf', buffer: await makeScannedPdf(`Quiz ${unique()}`) },
    ];

    await signIn(page, cr);
    await page.goto('/upload-resources');
    await page.getByLabel('PDF File').setInputFiles(files);

    await expect(page.getByRole('heading', { name: '5 files' })).toBeVisible();
    // The CR's own class is filled in for every file.
    await expect(page.getByLabel('Branch')).toHaveValue(branch);
    await expect(page.getByLabel('Semester')).toHaveValue(String(semester));

    const row = (name: string) => page.getByRole('listitem', { name });
    // What each row will send, read as a screen reader does; guesses say where they came from.
    const summary = (name: string) => row(name).getByTestId('fields-summary');
    const fromName = (text: string) => `${text} (guessed from the file name)`;
    const fromPage = (text: string) => `${text} (guessed from the first page)`;
    await expect(summary(files[0]!.name)).toHaveText(
      [fromName(first!), fromName('Previous Year Papers'), fromName(`End-sem · Dec ${year}`), fromName(academicYear)].join(' · '),
    );
    await expect(summary('scan0001.pdf')).toHaveText(
      [fromPage(second!), fromPage('Previous Year Papers'), fromPage(`Mid-sem 2 · Dec ${year}`), fromPage(academicYear)].join(' · '),
    );
    await expect(summary(files[4]!.name)).toHaveText([fromName(second!), fromName('Previous Year Papers'), fromName(`Quiz · Dec ${year}`), fromName(academicYear)].join(' · '));
    await expect(row(files[0]!.name).getByRole('img', { name: `First page of ${files[0]!.name}` })).toBeVisible();
    await expect(row(files[0]!.name)).toContainText('2 pages');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shoot(page, 'batch-upload-guesses');

    // One guess is wrong: this was the supplementary paper. The scan lies on its side.
    await row(files[0]!.name).getByRole('button', { name: 'Edit fields' }).click();
    const exam = row(files[0]!.name).getByLabel('Exam', { exact: true });
    await expect(row(files[0]!.name).getByText('Guessed from the file name: check it.').first()).toBeVisible();
    await exam.selectOption('Supplementary');
    await row(files[4]!.name).getByRole('button', { name: `Turn ${files[4]!.name} a quarter clockwise` }).click();
    await expect(row(files[4]!.name)).toContainText('turned 90°');

    // The photo is refused before a byte is sent; the rest go.
    await expect(row('photo.pdf')).toContainText('Not uploaded: Please upload PDF files only');
    await shoot(page, 'batch-upload-fields');
    await page.getByRole('button', { name: 'Upload 4 files' }).click();
    await expect(page.getByText('3 of 5 files are in the library.')).toBeVisible({ timeout: 30_000 });
    await expect(row(files[0]!.name)).toContainText(`In the library: ${first} Supplementary Dec ${year}`);
    await expect(row('scan0001.pdf')).toContainText(`In the library: ${second} Mid-sem 2 Dec ${year}`);
    await expect(row(files[4]!.name)).toContainText(`In the library: ${second} Quiz Dec ${year}`);
    await expect(row(files[2]!.name)).toContainText(`Not uploaded: This file is already in the library as`);
    await expect(row('photo.pdf')).toContainText('Not uploaded: Please upload PDF files only');
    await shoot(page, 'batch-upload-done');

    // Stored as sent: the fixed exam, the class, and the scan turned upright.
    const listed = await page.request.get(`/api/resources?branch=${branch}&semester=${semester}&search=${encodeURIComponent(String(year))}`);
    const resources = (await listed.json()).resources as Array<{ id: string; title: string; exam: string | null; academicYear: string }>;
    const supplementary = resources.find((r) => r.title === `${first} Supplementary Dec ${year}`);
    expect(supplementary).toMatchObject({ exam: 'Supplementary', academicYear });
    const scan = resources.find((r) => r.title === `${second} Quiz Dec ${year}`)!;
    const stored = await page.request.get(`/api/resources/${scan.id}/file`);
    expect((await stored.body()).toString('latin1')).toMatch(/\/Rotate 90\b/);

    // Fields set for every file are remembered for the next batch.
    await page.goto('/upload-resources');
    await page.getByLabel('PDF File').setInputFiles([
      { name: 'unit1.pdf', mimeType: 'application/pdf', buffer: makePdf({ text: `a ${unique()}` }) },
      { name: 'unit2.pdf', mimeType: 'application/pdf', buffer: makePdf({ text: `b ${unique()}` }) },
    ]);
    await page.getByLabel('Subject', { exact: true }).selectOption(first!);
    await page.getByLabel('Resource Type').selectOption('NOTES');
    await page.getByLabel('Academic Year').selectOption(academicYear);
    await expect(summary('unit2.pdf')).toHaveText(`${first} · Notes · ${academicYear}`);
    await page.getByRole('button', { name: 'Upload 2 files' }).click();
    await expect(page.getByText('2 of 2 files are in the library.')).toBeVisible({ timeout: 30_000 });

    await page.reload();
    await page.getByLabel('PDF File').setInputFiles([
      { name: 'reading-a.pdf', mimeType: 'application/pdf', buffer: makePdf({ text: `c ${unique()}` }) },
      { name: 'reading-b.pdf', mimeType: 'application/pdf', buffer: makePdf({ text: `d ${unique()}` }) },
    ]);
    await expect(page.getByLabel('Resource Type')).toHaveValue('NOTES');
    await expect(summary('reading-a.pdf')).toHaveText(`${first} · Notes · ${academicYear}`);
    await page.getByRole('button', { name: 'Remove reading-a.pdf' }).click();
    await page.getByRole('button', { name: 'Remove reading-b.pdf' }).click();
    // The last file gone, the one-file form is back.
    await expect(page.getByRole('button', { name: 'Upload Resource' })).toBeVisible();
  });

  test('scans named by the phone are guessed from their headers, read on the server a few at a time @phone', async ({ page }) => {
    const { branch, semester } = cr.place!;
    // The class's first subject is a word or two ("AI" would read as "Al", as OCR reads it).
    const subject = DEFAULT_SUBJECTS.find((s) => s.branchId === branch && s.semester === semester)!.name;
    // No text layer: only the picture of the page says what it is.
    const scan = await makeScannedPdf(`${subject}\nMid-Sem Exam II Dec ${year}`);
    await signIn(page, cr);
    await page.goto('/upload-resources');
    // More scans than the server reads of one uploader's at once (HEADER_READS_AT_ONCE): the batch
    // sends them in turn, so every one is read.
    const scans = ['scan0002.pdf', 'scan0004.pdf', 'scan0005.pdf', 'scan0006.pdf'];
    await page.getByLabel('PDF File').setInputFiles([
      ...scans.map((name) => ({ name, mimeType: 'application/pdf', buffer: scan })),
      { name: 'IMG_0001.pdf', mimeType: 'application/pdf', buffer: makePdf({ text: `lorem ${unique()}` }) },
    ]);
    const fromHeader = (text: string) => `${text} (guessed from the scanned header)`;
    for (const name of scans) {
      await expect(page.getByRole('listitem', { name }).getByTestId('fields-summary')).toHaveText(
        [fromHeader(subject), fromHeader('Previous Year Papers'), fromHeader(`Mid-sem 2 · Dec ${year}`), fromHeader(academicYear)].join(' · '),
        { timeout: 30_000 },
      );
    }
  });

  test("a scan past its uploader's header limit is guessed from its name, and the row says why @phone", async ({ page }) => {
    const { branch, semester } = cr.place!;
    const subject = DEFAULT_SUBJECTS.find((s) => s.branchId === branch && s.semester === semester)!.name;
    const scan = await makeScannedPdf(`${subject}\nMid-Sem Exam II Dec ${year}`);
    // The server's answer past the limit (120 strips in 10 minutes: too many to send here): the
    // strip left unread, the name's guess, and why.
    await page.route('**/api/resources/guess', async (route) => {
      const { headerImage, ...nameOnly } = route.request().postDataJSON() as Record<string, unknown>;
      if (!headerImage) return route.continue();
      const response = await route.fetch({ postData: JSON.stringify(nameOnly) });
      await route.fulfill({ response, json: { ...(await response.json()), headerNotRead: 'limit' } });
    });
    await signIn(page, cr);
    await page.goto('/upload-resources');
    await page.getByLabel('PDF File').setInputFiles([
      { name: `${subject.replace(/ /g, '_')}_scan.pdf`, mimeType: 'application/pdf', buffer: scan },
      { name: 'IMG_0003.pdf', mimeType: 'application/pdf', buffer: makePdf({ text: `lorem ${unique()}` }) },
    ]);
    const row = page.getByRole('listitem', { name: `${subject.replace(/ /g, '_')}_scan.pdf` });
    await expect(row.getByTestId('fields-summary')).toHaveText(`${subject} (guessed from the file name)`, { timeout: 20_000 });
    await expect(row).toContainText(UPLOAD_GUESS_MESSAGES.headerLimited);
    // A page with text sends no strip: nothing to say about it.
    const textPage = page.getByRole('listitem', { name: 'IMG_0003.pdf' });
    await expect(textPage).toContainText('No fields yet');
    await expect(textPage).not.toContainText(UPLOAD_GUESS_MESSAGES.headerLimited);
    await shoot(page, 'batch-upload-header-limit', row);
  });

  test('a sideways scan is read again once turned upright @phone', async ({ page }) => {
    const { branch, semester } = cr.place!;
    const subject = DEFAULT_SUBJECTS.find((s) => s.branchId === branch && s.semester === semester)!.name;
    // Photographed sideways: the page shows turned a quarter anticlockwise, its header down the left edge.
    const upright = await PDFDocument.load(await makeScannedPdf(`${subject}\nMid-Sem Exam II Dec ${year}`));
    upright.getPage(0).setRotation(degrees(270));
    const sideways = Buffer.from(await upright.save());
    await signIn(page, cr);
    await page.goto('/upload-resources');
    await page.getByLabel('PDF File').setInputFiles([
      { name: 'scan0003.pdf', mimeType: 'application/pdf', buffer: sideways },
      { name: 'IMG_0002.pdf', mimeType: 'application/pdf', buffer: makePdf({ text: `lorem ${unique()}` }) },
    ]);
    const summary = page.getByRole('listitem', { name: 'scan0003.pdf' }).getByTestId('fields-summary');
    // Read as it lies, the strip holds no header: nothing is guessed.
    await expect(page.getByRole('listitem', { name: 'scan0003.pdf' })).toContainText('No fields yet', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Turn scan0003.pdf a quarter clockwise' }).click();
    await expect(summary).toContainText(`${subject} (guessed from the scanned header)`, { timeout: 20_000 });
    await expect(summary).toContainText(`Mid-sem 2 · Dec ${year}`);
  });
});

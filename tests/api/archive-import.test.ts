import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RESOURCE_MESSAGES, fileTooLargeMessage } from '../../src/shared/resource.js';
import type { ImportFileResult, ImportOptions } from '../../src/server/modules/resources/archive-import.service.js';
import { corpusFile } from '../support/corpus.js';
import { makePng, padTo } from '../support/image-fixtures.js';
import { makePdf } from '../support/pdf-fixture.js';
import { makeQuestionPaper } from '../support/question-paper.js';
import { nearDuplicateMessage } from '../../src/shared/near-duplicates.js';
import { jobOf } from './helpers/processing.js';
import { OFFERED_YEARS, resourceRows, signedIn, storedFiles, upload } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

const YEAR = OFFERED_YEARS[0]!;
const HEADER = 'file,title,branch,semester,subject,type,academic_year,exam,exam_month,exam_year';

/** The archive: real scans from the corpus, a made PDF and its copy, and files each refused for one reason. */
async function makeArchive(dir: string, alreadyUploaded: Buffer): Promise<void> {
  await mkdir(path.join(dir, 'scanned'));
  for (const name of ['DM_mid1_2020.pdf', 'EVS_mid1_2018.pdf']) await writeFile(path.join(dir, 'scanned', name), await readFile(corpusFile('scanned', name)));
  const notes = makePdf({ text: 'Trees, heaps and hash tables, worked through with examples' });
  await writeFile(path.join(dir, 'notes.pdf'), notes);
  await writeFile(path.join(dir, 'copy.pdf'), notes);
  await writeFile(path.join(dir, 'already.pdf'), alreadyUploaded);
  await writeFile(path.join(dir, 'image.pdf'), makePng());
  await writeFile(path.join(dir, 'big.pdf'), padTo(makePdf({ text: 'a very long scan' }), 1024 * 1024 + 10));
  await writeFile(path.join(dir, 'broken.pdf'), Buffer.from('%PDF-1.7\nthis is no PDF body at all\n'));
  await writeFile(path.join(dir, 'quantum.pdf'), makePdf({ text: 'Quantum cooking lecture one' }));
  await writeFile(path.join(dir, 'sem9.pdf'), makePdf({ text: 'Semester nine does not exist' }));
  await writeFile(
    path.join(dir, 'manifest.csv'),
    [
      HEADER,
      `scanned/DM_mid1_2020.pdf,,CSE,3,DSA,pyq,${YEAR},mid1,,2020`,
      `scanned/EVS_mid1_2018.pdf,"Algorithms, end-sem",cse,3,Algorithms,PYQ,${YEAR},endsem,Dec,2024`,
      `notes.pdf,,cse,3,Data Structures,notes,${YEAR},,,`,
      `copy.pdf,,cse,3,Data Structures,notes,${YEAR},,,`,
      `already.pdf,,cse,3,Data Structures,notes,${YEAR},,,`,
      `image.pdf,,cse,3,Data Structures,notes,${YEAR},,,`,
      `big.pdf,,cse,3,Data Structures,notes,${YEAR},,,`,
      `broken.pdf,,cse,3,Data Structures,notes,${YEAR},,,`,
      `quantum.pdf,,cse,3,Quantum Cooking,notes,${YEAR},,,`,
      `sem9.pdf,,cse,9,Data Structures,notes,${YEAR},,,`,
      `missing.pdf,,cse,3,Data Structures,notes,${YEAR},,,`,
    ].join('\r\n'),
  );
}

const IMPORTED = ['scanned/DM_mid1_2020.pdf', 'scanned/EVS_mid1_2018.pdf', 'notes.pdf'];
const byFile = (results: ImportFileResult[]) => Object.fromEntries(results.map((r) => [r.file, r]));

describe(`archive import (${testDialect})`, () => {
  let t: TestApp;
  let dir: string;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let before: { files: string[]; rows: number };

  beforeEach(async () => {
    // Processing stays queued, so the test sees each imported file's job.
    t = await createTestApp({ PROCESSING_CONCURRENCY: '0', MAX_UPLOAD_MB: '1' });
    admin = await signedIn(t, 'ADMIN', 'Archive Admin');
    const already = makePdf({ text: 'Uploaded through the web form last week' });
    expect((await upload(t, admin.cookie, { file: { name: 'web.pdf', bytes: already } })).statusCode).toBe(201);
    dir = await mkdtemp(path.join(tmpdir(), 'studyshelf-archive-'));
    await makeArchive(dir, already);
    before = { files: await storedFiles(t), rows: (await resourceRows(t)).length };
  });
  afterEach(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const run = async (options: Partial<ImportOptions> = {}) =>
    t.services.archiveImport.run({ dir, uploader: await t.services.archiveImport.uploader(), ...options });

  /** Every stored file belongs to a row: nothing refused or stopped left bytes behind. */
  async function expectNoStrayFiles() {
    const keys = (await resourceRows(t)).map((r) => r.file_key.split('/').join(path.sep));
    expect((await storedFiles(t)).sort()).toEqual(keys.sort());
  }

  it('a dry run reports each file as import, duplicate or refused with the reason, and writes nothing', async () => {
    const summary = await run({ dryRun: true });
    expect(summary).toMatchObject({ dryRun: true, total: 11, imported: 3, duplicate: 2, refused: 6, stopped: false });
    const results = byFile(summary.results);
    for (const file of IMPORTED) expect(results[file]!.outcome, file).toBe('imported');
    expect(results['scanned/DM_mid1_2020.pdf']!.reason).toBe(`Data Structures, PYQ, sem3, CSE, ${YEAR}, Mid-sem 1 2020`);
    expect(results['copy.pdf']).toMatchObject({ outcome: 'duplicate', reason: 'the same file as notes.pdf' });
    expect(results['already.pdf']).toMatchObject({ outcome: 'duplicate', reason: expect.stringMatching(/^already in the library as "Data Structures"/) });
    expect(results['image.pdf']).toMatchObject({ outcome: 'refused', reason: RESOURCE_MESSAGES.notPdf });
    expect(results['big.pdf']).toMatchObject({ outcome: 'refused', reason: fileTooLargeMessage(1) });
    expect(results['broken.pdf']).toMatchObject({ outcome: 'refused', reason: RESOURCE_MESSAGES.pdfUnreadable });
    expect(results['quantum.pdf']!.reason).toMatch(/^subject: unknown subject "Quantum Cooking" for CSE semester 3/);
    expect(results['sem9.pdf']!.reason).toBe('semester: Please choose a semester between 1 and 8 (got "9")');
    expect(results['missing.pdf']).toMatchObject({ outcome: 'refused', reason: 'no such file' });
    expect(await storedFiles(t)).toEqual(before.files);
    expect((await resourceRows(t)).length).toBe(before.rows);
  });

  it('a real run imports with the right fields as the admin and queues processing; refused files leave nothing', async () => {
    const summary = await run();
    expect(summary).toMatchObject({ dryRun: false, imported: 3, duplicate: 2, refused: 6 });
    const results = byFile(summary.results);
    expect(results['broken.pdf']).toMatchObject({ outcome: 'refused', reason: RESOURCE_MESSAGES.pdfUnreadable });
    const rows = await resourceRows(t);
    expect(rows.length).toBe(before.rows + 3);
    const paper = rows.find((r) => r.id === results['scanned/EVS_mid1_2018.pdf']!.resourceId)!;
    expect(paper).toMatchObject({
      title: 'Algorithms, end-sem',
      subject: 'Algorithms',
      branch: 'cse',
      semester: 3,
      resource_type: 'PYQ',
      academic_year: YEAR,
      exam: 'End-sem',
      exam_month: 12,
      exam_year: 2024,
      original_name: 'EVS_mid1_2018.pdf',
      uploaded_by: admin.user.id,
      file_name: `btech_cse_${YEAR}_sem3_algorithms_pyq.pdf`,
    });
    const dm = rows.find((r) => r.id === results['scanned/DM_mid1_2020.pdf']!.resourceId)!;
    expect(dm).toMatchObject({ subject: 'Data Structures', exam: 'Mid-sem 1', exam_year: 2020, title: 'Data Structures Mid-sem 1 2020' });
    for (const file of IMPORTED) expect(await jobOf(t, results[file]!.resourceId!), file).toBeDefined();
    expect((await storedFiles(t)).length).toBe(before.files.length + 3);
    await expectNoStrayFiles();
  });

  it('a second run imports nothing: every imported file is now a duplicate', async () => {
    await run();
    const rows = (await resourceRows(t)).length;
    const again = await run();
    expect(again).toMatchObject({ imported: 0, duplicate: 5, refused: 6 });
    for (const file of IMPORTED) expect(byFile(again.results)[file]!.outcome, file).toBe('duplicate');
    expect((await resourceRows(t)).length).toBe(rows);
    await expectNoStrayFiles();
  });

  it('a run stopped after its first import, run again, imports only the rest', async () => {
    const stop = new AbortController();
    const first = await run({ signal: stop.signal, onFile: (r) => r.outcome === 'imported' && stop.abort() });
    expect(first).toMatchObject({ imported: 1, stopped: true });
    expect(first.results.length).toBe(1);
    expect((await resourceRows(t)).length).toBe(before.rows + 1);

    const rest = await run();
    expect(rest).toMatchObject({ imported: 2, duplicate: 3, refused: 6, stopped: false });
    expect(byFile(rest.results)[first.results[0]!.file]!.outcome).toBe('duplicate');
    expect((await resourceRows(t)).length).toBe(before.rows + 3);
    await expectNoStrayFiles();
  });

  it('a run that breaks midway (storage fails after a file was stored) keeps nothing of that file; run again, it imports the rest', async () => {
    const store = t.fileStore;
    const read = store.read.bind(store);
    let puts = 0;
    const put = store.put.bind(store);
    store.put = (...args) => (puts++, put(...args));
    // The second import's bytes are stored, then reading them back for the PDF check fails.
    store.read = async (key, range) => {
      if (puts === 2) throw new Error('storage went away');
      return read(key, range);
    };
    const seen: string[] = [];
    await expect(run({ onFile: (r) => seen.push(r.file) })).rejects.toThrow('storage went away');
    expect(seen).toEqual([IMPORTED[0]]);
    expect((await resourceRows(t)).length).toBe(before.rows + 1);
    await expectNoStrayFiles();

    store.read = read;
    const rest = await run();
    expect(rest).toMatchObject({ imported: 2, duplicate: 3, refused: 6 });
    expect((await resourceRows(t)).length).toBe(before.rows + 3);
    await expectNoStrayFiles();
  });

  it('a dry run refuses a paper nearly the same as one earlier in the archive', async () => {
    const twins = await mkdtemp(path.join(tmpdir(), 'studyshelf-twins-'));
    try {
      const questions = [
        [{ text: 'Define a B-tree of order m and list the properties every node must satisfy, with an example of order 3.', marks: 10 }],
        [{ text: 'Explain open addressing with linear probing and quadratic probing, and compare how each handles collisions.', marks: 10 }],
        [{ text: "Write Dijkstra's algorithm for single source shortest paths and trace it on a weighted graph of 6 vertices.", marks: 10 }],
      ];
      await writeFile(path.join(twins, 'ds_2024.pdf'), makeQuestionPaper({ subject: 'Data Structures', year: 2024, questions }));
      // Another export of the same paper: other bytes, the same text.
      await writeFile(path.join(twins, 'ds_2024_rescan.pdf'), makeQuestionPaper({ subject: 'Data Structures', year: 2024, questions, perPage: 2 }));
      await writeFile(
        path.join(twins, 'manifest.csv'),
        [HEADER, ...['ds_2024.pdf', 'ds_2024_rescan.pdf'].map((file) => `${file},,cse,3,Data Structures,pyq,${YEAR},endsem,,2024`)].join('\n'),
      );
      const summary = await run({ dir: twins, dryRun: true });
      const results = byFile(summary.results);
      expect(results['ds_2024.pdf']!.outcome).toBe('imported');
      expect(results['ds_2024_rescan.pdf']).toMatchObject({ outcome: 'refused', reason: expect.stringMatching(/ds_2024\.pdf/) });
      expect(results['ds_2024_rescan.pdf']!.reason).toBe(nearDuplicateMessage('ds_2024.pdf', Number(/(\d+)%/.exec(results["ds_2024_rescan.pdf"]!.reason!)![1])));
      // Told they are the same paper on purpose, the dry run lets both through.
      expect(await run({ dir: twins, dryRun: true, confirmNearDuplicates: true })).toMatchObject({ imported: 2, refused: 0 });
    } finally {
      await rm(twins, { recursive: true, force: true });
    }
  });

  it('a file-name pattern with defaults gives the fields; a name that does not match is refused', async () => {
    const named = await mkdtemp(path.join(tmpdir(), 'studyshelf-named-'));
    try {
      await writeFile(path.join(named, 'DSA_endsem_2024.pdf'), await readFile(corpusFile('scanned', 'MCT_mid_2025_M.pdf')));
      await writeFile(path.join(named, 'Algorithms_mid2_2023.pdf'), await readFile(corpusFile('scanned', 'RHL_mid_2025_M.pdf')));
      await writeFile(path.join(named, 'readme.txt'), 'not a paper');
      const summary = await run({
        dir: named,
        source: { pattern: '{subject}_{exam}_{year}.pdf' },
        defaults: { branch: 'cse', semester: '3', type: 'pyq', 'academic-year': YEAR },
      });
      expect(summary).toMatchObject({ imported: 2, refused: 1 });
      expect(byFile(summary.results)['readme.txt']!.reason).toBe('its name does not match the pattern {subject}_{exam}_{year}.pdf');
      const rows = await resourceRows(t);
      expect(rows.find((r) => r.original_name === 'DSA_endsem_2024.pdf')).toMatchObject({ subject: 'Data Structures', exam: 'End-sem', exam_year: 2024, resource_type: 'PYQ' });
      expect(rows.find((r) => r.original_name === 'Algorithms_mid2_2023.pdf')).toMatchObject({ subject: 'Algorithms', exam: 'Mid-sem 2', exam_year: 2023 });
    } finally {
      await rm(named, { recursive: true, force: true });
    }
  });

  it('imports as the named admin only: a student or an unknown address is refused before any file', async () => {
    const student = await signedIn(t, 'STUDENT');
    await expect(t.services.archiveImport.uploader(student.user.email)).rejects.toThrow(/is not an administrator/);
    await expect(t.services.archiveImport.uploader('nobody@example.org')).rejects.toThrow(/No account has the address/);
    expect((await t.services.archiveImport.uploader(admin.user.email)).id).toBe(admin.user.id);
  });
});

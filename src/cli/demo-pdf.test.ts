import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SUBJECTS } from '../shared/catalogue.js';
import { inferExam } from '../shared/exam-inference.js';
import { demoLibrary } from './demo-library.js';
import { CODE_COLUMNS, createDemoPdf, type DemoDocument } from './demo-pdf.js';
import { unencodable } from './pdf-text.js';

const library = demoLibrary();
const rendered = library.map((resource) => ({ resource, pdf: createDemoPdf(resource.document) }));
const label = (i: number) => `${i}: ${library[i]!.originalName}`;

async function openPdf(pdf: Buffer) {
  return getDocument({
    data: new Uint8Array(pdf),
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
    stopAtErrors: true,
  }).promise;
}

type PdfDoc = Awaited<ReturnType<typeof openPdf>>;
interface Item {
  str: string;
  x: number;
  y: number;
  width: number;
}

async function infoOf(doc: PdfDoc): Promise<{ Title?: string; Author?: string }> {
  return (await doc.getMetadata()).info as { Title?: string; Author?: string };
}

async function pageItems(doc: PdfDoc, n: number): Promise<Item[]> {
  const content = await (await doc.getPage(n)).getTextContent();
  return content.items.flatMap((item) =>
    'str' in item && item.str.trim() ? [{ str: item.str, x: item.transform[4] as number, y: item.transform[5] as number, width: item.width }] : [],
  );
}

/** Every xref entry must point at its own "n 0 obj", and startxref at the table. */
function expectSoundXref(pdf: Buffer): void {
  const text = pdf.toString('latin1');
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  const table = /^xref\n0 (\d+)\n/.exec(text.slice(startxref));
  expect(table).not.toBeNull();
  const count = Number(table![1]);
  const first = startxref + table![0].length;
  expect(text.slice(first, first + 20)).toBe('0000000000 65535 f \n');
  for (let id = 1; id < count; id++) {
    const entry = text.slice(first + id * 20, first + id * 20 + 20);
    expect(entry).toMatch(/^\d{10} 00000 n \n$/);
    expect(text.startsWith(`${id} 0 obj\n`, Number(entry.slice(0, 10)))).toBe(true);
  }
  // pdfkit numbers the catalog and info objects itself; the trailer names both and the table's size.
  expect(text).toMatch(new RegExp(`trailer\n<<\n/Size ${count}\n/Root \\d+ 0 R\n/Info \\d+ 0 R\n/ID \\[<[0-9a-f]{32}> <[0-9a-f]{32}>\\]\n>>\nstartxref\n`));
}

describe('demo library', () => {
  it('spreads over branches, semesters, types and years', () => {
    expect(library.length).toBeGreaterThanOrEqual(40);
    expect(library.length).toBeLessThanOrEqual(44);
    const count = (branch: string) => library.filter((r) => r.branch === branch).length;
    for (const branch of ['cse', 'it', 'ee', 'ece', 'me', 'ce']) expect(count(branch), branch).toBeGreaterThan(0);
    for (const branch of ['ee', 'ece', 'me', 'ce']) {
      expect(count('cse')).toBeGreaterThan(count(branch));
      expect(count('it')).toBeGreaterThan(count(branch));
    }
    expect(new Set(library.map((r) => r.resourceType))).toEqual(new Set(['NOTES', 'PYQ', 'PRACTICAL']));
    expect(new Set(library.map((r) => r.academicYear))).toEqual(new Set(['2024-25', '2023-24', '2022-23', '2021-22']));
    expect(new Set(library.map((r) => r.semester)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(library.map((r) => r.uploader))).toEqual(new Set(['admin', 'cr']));
    const crClass = library.filter((r) => r.branch === 'cse' && r.semester === 3 && r.academicYear === '2024-25');
    expect(new Set(crClass.map((r) => r.resourceType))).toEqual(new Set(['NOTES', 'PYQ', 'PRACTICAL']));
  });

  it('uses the catalogue subjects for cse and it, and consistent fields', () => {
    for (const [i, r] of library.entries()) {
      if (r.branch === 'cse' || r.branch === 'it') {
        const known = DEFAULT_SUBJECTS.some((s) => s.branchId === r.branch && s.semester === r.semester && s.name === r.subject);
        expect(known, label(i)).toBe(true);
      }
      const doc = r.document;
      expect([doc.subject, doc.resourceType, doc.semester, doc.academicYear], label(i)).toEqual([r.subject, r.resourceType, r.semester, r.academicYear]);
      expect(doc.pages.length, label(i)).toBeGreaterThanOrEqual(2);
      expect(doc.pages.length, label(i)).toBeLessThanOrEqual(6);
      expect(r.downloads).toBeGreaterThanOrEqual(0);
      expect(r.downloads).toBeLessThanOrEqual(250);
      expect(r.originalName, label(i)).toMatch(/\.pdf$/);
      expect(Boolean(doc.exam), label(i)).toBe(r.resourceType === 'PYQ');
      if (doc.exam) {
        // Seeding reads exam, month and year from the header; the academic year runs July to June.
        const { exam, examMonth, examYear } = inferExam(doc.exam.name);
        expect([exam, examMonth !== null, examYear !== null], label(i)).toEqual(['End-sem', true, true]);
        const startYear = examMonth! >= 7 ? examYear! : examYear! - 1;
        expect(r.academicYear, label(i)).toBe(`${startYear}-${String(startYear + 1).slice(2)}`);
      }
      expect(unencodable(JSON.stringify(doc)), label(i)).toEqual([]);
      const code = doc.pages.flat().flatMap((block) => (block.kind === 'code' ? block.lines : []));
      expect(code.filter((line) => line.length > CODE_COLUMNS), label(i)).toEqual([]);
    }
    expect(new Set(library.map((r) => r.originalName)).size).toBe(library.length);
  });
});

describe('createDemoPdf', () => {
  it('writes a PDF 1.4 header, a sound xref table and %%EOF at the end', () => {
    for (const [i, { pdf }] of rendered.entries()) {
      expect(pdf.subarray(0, 9).toString('latin1'), label(i)).toBe('%PDF-1.4\n');
      expect(pdf.subarray(-6).toString('latin1'), label(i)).toBe('%%EOF\n');
      expectSoundXref(pdf);
    }
  });

  it('opens in pdf.js with the intended pages, the subject on page 1 and text inside the margins', async () => {
    for (const [i, { resource, pdf }] of rendered.entries()) {
      const doc = await openPdf(pdf);
      try {
        expect(doc.numPages, label(i)).toBe(resource.document.pages.length);
        const first = await pageItems(doc, 1);
        const firstText = first.map((item) => item.str).join(' ');
        expect(firstText, label(i)).toContain(resource.subject);
        expect(firstText, label(i)).toContain(`Page 1 of ${doc.numPages}`);
        if (resource.resourceType === 'PYQ') expect(firstText, label(i)).toMatch(/Time: 3 Hours.*Maximum Marks: \d+/);
        if (resource.resourceType === 'PRACTICAL') expect(firstText, label(i)).toMatch(/Experiment No\. 1|Index/);
        for (let n = 1; n <= doc.numPages; n++) {
          for (const item of n === 1 ? first : await pageItems(doc, n)) {
            const where = `${label(i)} p${n} "${item.str}"`;
            expect(item.x, where).toBeGreaterThanOrEqual(55);
            expect(item.x + item.width, where).toBeLessThanOrEqual(540.5);
            expect(item.y, where).toBeGreaterThanOrEqual(30);
            expect(item.y, where).toBeLessThanOrEqual(815);
          }
        }
        expect((await infoOf(doc)).Author).toBe('StudyShelf demo');
      } finally {
        await doc.destroy();
      }
    }
  }, 60_000);

  it('is deterministic, distinct per resource and small', () => {
    const digests = rendered.map(({ resource, pdf }, i) => {
      expect(createDemoPdf(resource.document).equals(pdf), label(i)).toBe(true);
      expect(pdf.length, label(i)).toBeLessThan(60 * 1024);
      return createHash('sha256').update(pdf).digest('hex');
    });
    expect(new Set(digests).size).toBe(rendered.length);
  });

  it('escapes parentheses and backslashes in text and metadata', async () => {
    const title = 'Pointers (part 2) \\ arrays (C:\\temp\\notes) – “quoted”';
    const doc: DemoDocument = {
      ...library[0]!.document,
      title,
      pages: [[{ kind: 'paragraph', text: 'Escapes: a\\b (x) ((y)) z\\' }], [{ kind: 'paragraph', text: 'Second page.' }]],
    };
    const pdf = await openPdf(createDemoPdf(doc));
    try {
      const text = (await pageItems(pdf, 1)).map((item) => item.str).join('');
      expect(text).toContain(title);
      expect(text).toContain('Escapes: a\\b (x) ((y)) z\\');
      expect((await infoOf(pdf)).Title).toBe(`${doc.subject}: ${title}`);
    } finally {
      await pdf.destroy();
    }
  });

  it('moves content that does not fit to an extra page instead of past the margin', async () => {
    const items = Array.from({ length: 90 }, (_, i) => `Item ${i + 1}: a line of a long list that cannot fit on one page`);
    const doc: DemoDocument = { ...library[0]!.document, pages: [[{ kind: 'list', items }]] };
    const pdf = await openPdf(createDemoPdf(doc));
    try {
      expect(pdf.numPages).toBeGreaterThan(1);
      const last = await pageItems(pdf, pdf.numPages);
      expect(last.map((item) => item.str)).toContain(`Page ${pdf.numPages} of ${pdf.numPages}`);
      for (const item of last) expect(item.y).toBeGreaterThanOrEqual(30);
    } finally {
      await pdf.destroy();
    }
  });
});

describe('poppler', () => {
  // .ci/run installs poppler-utils: in CI a missing pdfinfo fails this test instead of skipping it;
  // elsewhere (a laptop without poppler) it is skipped.
  const hasPdfinfo = existsSync('/usr/bin/pdfinfo');
  it.skipIf(!hasPdfinfo && !process.env.CI)('agrees on the page count and reports no syntax errors', () => {
    expect(hasPdfinfo, 'CI must have /usr/bin/pdfinfo: .ci/run installs poppler-utils').toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'demo-pdf-'));
    try {
      for (const [i, { resource, pdf }] of rendered.entries()) {
        const file = join(dir, `${i}.pdf`);
        writeFileSync(file, pdf);
        const result = spawnSync('/usr/bin/pdfinfo', [file], { encoding: 'utf8' });
        expect(result.status, label(i)).toBe(0);
        expect(result.stderr, label(i)).toBe('');
        expect(result.stdout, label(i)).toMatch(new RegExp(`^Pages:\\s+${resource.document.pages.length}$`, 'm'));
        expect(result.stdout, label(i)).toMatch(/^Author:\s+StudyShelf demo$/m);
        if (existsSync('/usr/bin/pdftotext')) {
          const text = execFileSync('/usr/bin/pdftotext', ['-l', '1', file, '-'], { encoding: 'utf8' });
          expect(text, label(i)).toContain(resource.subject);
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

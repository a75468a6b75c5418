import { readFileSync } from 'node:fs';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusFile } from '../../../../tests/support/corpus.js';
import { makeScannedPdf, openPdf } from '../../../../tests/support/scanned-pdf.js';
import { createPageOcr, englishModelDir, hindiModelDir, needsOcr, OCR_WIDTH_PX } from './ocr.js';
import { renderPage } from './render-page.js';

// OCR takes seconds of CPU per page; a shared, slow machine may take far longer.
const SLOW = 120_000;

describe('needsOcr', () => {
  it('asks for OCR when a page has (almost) no text, whatever the whitespace', () => {
    expect(needsOcr('')).toBe(true);
    expect(needsOcr(' \n\t \u00a0 ')).toBe(true);
    // A scanner app's stamp is not the page's text (scanner-stamp.test.ts); short real text is.
    expect(needsOcr('Scanned with CamScanner')).toBe(true);
    expect(needsOcr('Unit 3: Trees and graphs')).toBe(false);
    expect(needsOcr('  1  \n 2 \n page 3 of 9 ')).toBe(true);
    expect(needsOcr('Explain Dijkstra’s algorithm with an example.')).toBe(false);
  });
});

describe('englishModelDir and hindiModelDir', () => {
  it('are local folders inside the npm packages, holding the gzipped models', () => {
    for (const [dir, language] of [[englishModelDir(), 'eng'], [hindiModelDir(), 'hin']] as const) {
      expect(path.isAbsolute(dir)).toBe(true);
      expect(dir).toContain(path.join('node_modules', '@tesseract.js-data', language));
      const model = readFileSync(path.join(dir, `${language}.traineddata.gz`));
      expect([...model.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    }
  });
});

describe('createPageOcr', () => {
  const ocr = createPageOcr();
  afterAll(() => ocr.close());

  it(
    'reads a word from an image-only page, which has no text layer',
    async () => {
      const document = await openPdf(await makeScannedPdf('Dijkstra shortest paths'));
      try {
        const page = await document.getPage(1);
        const { items } = await page.getTextContent();
        expect(needsOcr(items.map((item) => ('str' in item ? item.str : '')).join(' '))).toBe(true);

        const result = await ocr.recognizePage(document, 1);
        expect(result.text).toMatch(/Dijkstra shortest paths/);
        expect(result.confidence).toBeGreaterThan(70);
      } finally {
        await document.destroy();
      }
    },
    SLOW,
  );

  it(
    'reads a real phone-scanned question paper (the course name in its header)',
    async () => {
      const document = await openPdf(readFileSync(corpusFile('scanned', 'ANLP_mid_2023_M.pdf')));
      try {
        const result = await ocr.recognizePage(document, 1);
        expect(result.text).toMatch(/Natural Language Processing/);
        expect(result.text).toMatch(/Mid Semester Exam/i);
      } finally {
        await document.destroy();
      }
    },
    SLOW,
  );

  it(
    'reads question numbers hanging left of a phone scan\'s text that the page\'s reading leaves a dot of',
    async () => {
      const document = await openPdf(readFileSync(corpusFile('scanned', 'CMP_papers_2020.pdf')));
      try {
        const { lines } = await ocr.recognizePage(document, 2);
        const starts = lines.map((line) => line.map((w) => w.text).join(' ')).filter((text) => /^\S{1,3} (?:In|If|For) /.test(text));
        expect(starts.map((text) => text.slice(0, 6))).toEqual(['1. In ', '2. If ', '3. If ', '4. For']);
      } finally {
        await document.destroy();
      }
    },
    SLOW,
  );

  it(
    'answers several pages asked for at once, each with its own text',
    async () => {
      const documents = await Promise.all([makeScannedPdf('Merge sort'), makeScannedPdf('Binary search')].map(async (pdf) => openPdf(await pdf)));
      try {
        const [first, second] = await Promise.all(documents.map((document) => ocr.recognizePage(document, 1)));
        expect(first!.text).toMatch(/Merge sort/);
        expect(second!.text).toMatch(/Binary search/);
      } finally {
        await Promise.all(documents.map((document) => document.destroy()));
      }
    },
    SLOW,
  );

  it(
    'rejects an image it cannot decode, and reads the next one',
    async () => {
      await expect(ocr.recognizeImage(Buffer.from('not an image at all'))).rejects.toThrow();
      const document = await openPdf(await makeScannedPdf('Operating systems'));
      try {
        expect((await ocr.recognizePage(document, 1)).text).toMatch(/Operating systems/);
      } finally {
        await document.destroy();
      }
    },
    SLOW,
  );

  it(
    'gives up on a page that takes too long, and closes without waiting for it',
    async () => {
      const impatient = createPageOcr({ pageTimeoutMs: 50 });
      const document = await openPdf(await makeScannedPdf('Timeout'));
      try {
        await expect(impatient.recognizePage(document, 1)).rejects.toThrow(/longer than 0.05 s/);
      } finally {
        await impatient.close();
        await document.destroy();
      }
    },
    SLOW,
  );
});

describe('createPageOcr on a Hindi phone scan (issue 35)', () => {
  const ocr = createPageOcr();
  afterAll(() => ocr.close());

  it(
    'reads Devanagari where English reads garbage, and the Latin question numbers beside it',
    async () => {
      const document = await openPdf(readFileSync(corpusFile('scanned', 'RHL_mid_2025_M.pdf')));
      try {
        const { text } = await ocr.recognizePage(document, 2);
        expect(text).toMatch(/^3\. पढ़ी गई कहानियों के आधार पर/mu);
        expect(text).toMatch(/मनुष्य/);
        expect(text).toMatch(/ज्ञानपीठ पुरस्कार/);
      } finally {
        await document.destroy();
      }
    },
    SLOW,
  );
});

describe('createPageOcr on pages that read as nothing with one pass', () => {
  const ocr = createPageOcr();
  afterAll(() => ocr.close());

  it(
    'reads a phone photo of a page laid on white margins (global thresholding blacks it out)',
    async () => {
      const document = await openPdf(readFileSync(corpusFile('scanned', 'MCT_mid_2025_M.pdf')));
      try {
        const result = await ocr.recognizePage(document, 2);
        expect(result.text).toMatch(/UHAMPATH/);
        expect(result.text).toMatch(/read\/write tape/);
      } finally {
        await document.destroy();
      }
    },
    SLOW,
  );

  it(
    'reads a page scanned upside down',
    async () => {
      const document = await openPdf(await makeScannedPdf('Dijkstra shortest paths', { upsideDown: true }));
      try {
        expect((await ocr.recognizePage(document, 1)).text).toMatch(/Dijkstra shortest paths/);
      } finally {
        await document.destroy();
      }
    },
    SLOW,
  );
});

describe('createPageOcr on a page photographed askew', () => {
  const ocr = createPageOcr();
  afterAll(() => ocr.close());

  /** Page 1 of a real phone scan, as processing renders it for OCR, turned `degrees` clockwise. */
  async function turnedScan(file: string, degrees: number): Promise<Buffer> {
    const document = await openPdf(readFileSync(corpusFile('scanned', file)));
    try {
      const rendered = await renderPage(document, 1, { width: OCR_WIDTH_PX });
      try {
        const image = await loadImage(await rendered.canvas.encode('png'));
        const canvas = createCanvas(image.width, image.height);
        const ctx = canvas.getContext('2d');
        ctx.fillStyle = '#ffffff';
        ctx.fillRect(0, 0, canvas.width, canvas.height);
        ctx.translate(image.width / 2, image.height / 2);
        ctx.rotate((degrees * Math.PI) / 180);
        ctx.drawImage(image, -image.width / 2, -image.height / 2);
        return await canvas.encode('png');
      } finally {
        rendered.release();
      }
    } finally {
      await document.destroy();
    }
  }

  it(
    'reads the question numbers of a real scan turned 3 degrees',
    async () => {
      const { text } = await ocr.recognizeImage(await turnedScan('ANLP_mid_2023_M.pdf', 3));
      expect(text).toMatch(/^1\. Explain how RNNs/mu);
      expect(text).toMatch(/^2\. Describe the ELMO/mu);
      expect(text).toMatch(/^3\. Describe a sequence-to-sequence/mu);
    },
    SLOW,
  );

  it(
    'puts the words of a straightened page where they stand on the page as photographed',
    async () => {
      const middleOf = async (pdf: Buffer) => {
        const document = await openPdf(pdf);
        try {
          const { lines } = await ocr.recognizePage(document, 1);
          const word = lines.flat().find((w) => w.text === 'Dijkstra');
          expect(word, 'the word is read').toBeDefined();
          const [x0, y0, x1, y1] = word!.box as [number, number, number, number];
          // In points on the A4 page (595 x 842), y running down.
          return [((x0 + x1) / 2) * 595, ((y0 + y1) / 2) * 842] as const;
        } finally {
          await document.destroy();
        }
      };
      const [x, y] = await middleOf(await makeScannedPdf('Dijkstra shortest paths'));
      const [sx, sy] = await middleOf(await makeScannedPdf('Dijkstra shortest paths', { skewDegrees: 3 }));
      // The word (near the top left) turned 3 degrees clockwise about the page's middle moves
      // about 17 pt across and 11 pt down: within 3 pt of that is where it is.
      const [dx, dy, t] = [x - 595 / 2, y - 842 / 2, (3 * Math.PI) / 180];
      expect(Math.abs(sx - (595 / 2 + dx * Math.cos(t) - dy * Math.sin(t)))).toBeLessThan(3);
      expect(Math.abs(sy - (842 / 2 + dx * Math.sin(t) + dy * Math.cos(t)))).toBeLessThan(3);
    },
    SLOW,
  );
});

import { afterEach, describe, expect, it } from 'vitest';
import { makePdf } from '../../../../tests/support/pdf-fixture.js';
import { pdfWorkerFile } from '../../project-paths.js';
import { PdfInspectionThread } from './pdf-inspection-thread.js';

// The bundled worker file is built by the test run's global set-up (tests/support/build-workers.ts).
describe('PdfInspectionThread', () => {
  let thread: PdfInspectionThread | undefined;
  afterEach(async () => {
    await thread?.close();
  });

  const fromBuffer = (bytes: Buffer) => async (start: number, end: number) => bytes.subarray(start, end + 1);

  it('reads a real PDF range by range and reports its pages', async () => {
    thread = new PdfInspectionThread(pdfWorkerFile());
    const pdf = makePdf({ pages: 4, text: 'worker check' });
    const asked: Array<[number, number]> = [];
    const verdict = await thread.inspect(pdf.length, async (start, end) => {
      asked.push([start, end]);
      return pdf.subarray(start, end + 1);
    });
    expect(verdict).toEqual({ ok: true, pageCount: 4 });
    expect(asked[0]).toEqual([0, pdf.length - 1]);
  });

  it('refuses what is not a PDF, and a PDF whose bytes cannot be read', async () => {
    thread = new PdfInspectionThread(pdfWorkerFile());
    const html = Buffer.from('<!doctype html><title>x</title>'.repeat(10));
    expect(await thread.inspect(html.length, fromBuffer(html))).toEqual({ ok: false, reason: 'not-pdf' });
    const pdf = makePdf({ pages: 2 });
    expect(await thread.inspect(pdf.length, async () => Promise.reject(new Error('disk gone')))).toMatchObject({ ok: false });
  });

  it('cuts off an inspection that hangs, then works again with a fresh worker', async () => {
    thread = new PdfInspectionThread(pdfWorkerFile(), 300);
    const pdf = makePdf({ pages: 2 });
    const hung = await thread.inspect(pdf.length, () => new Promise<Buffer>(() => undefined));
    expect(hung).toEqual({ ok: false, reason: 'unreadable' });
    expect(await thread.inspect(pdf.length, fromBuffer(pdf))).toEqual({ ok: true, pageCount: 2 });
  });
});

import PDFDocument from 'pdfkit';

/**
 * Real PDFs for layouts the demo generator does not draw (two columns, a question running over
 * a page break), typeset with pdfkit on A4 with no margin; positions are points from the top left.
 */

export type TypesetDoc = PDFKit.PDFDocument;

/** The PDF `draw` typesets, with a fixed creation date so the bytes are the same every run. */
export function typesetPdf(draw: (doc: TypesetDoc) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 0, autoFirstPage: true, info: { CreationDate: new Date(0) } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  draw(doc);
  doc.end();
  return done;
}

/** Lines of a column from `top` (points from the page's top), 14 pt apart. */
export function typesetColumn(doc: TypesetDoc, x: number, top: number, lines: readonly string[]): void {
  lines.forEach((line, i) => doc.text(line, x, top + i * 14, { lineBreak: false }));
}

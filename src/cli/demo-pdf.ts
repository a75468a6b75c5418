import type { Block, DemoDocument, QuestionPart } from './demo-pdf-model.js';
import { BODY, decorate, LEADING, LEFT, Layout, RIGHT, titleBlock, TYPE_LABELS, WIDTH } from './demo-pdf-frame.js';
import { ACCENT, CODE_FILL, FILL, INK, MUTED, renderPdf, wrapRuns, wrapText } from './pdf-canvas.js';

// The document model and labels, re-exported so callers need only this module.
export type { Block, DemoDocument, DemoResourceType, ExamPaper, QuestionPart, Shape } from './demo-pdf-model.js';
export { TYPE_LABELS } from './demo-pdf-frame.js';

/** Characters of Courier 8.5 pt that fit on a code line; longer lines wrap (and look it). */
export const CODE_COLUMNS = Math.floor((WIDTH - 16) / (8.5 * 0.6));

/**
 * Renders a demo document as a PDF 1.4 file (drawn with pdfkit): A4 pages with a running header (subject, branch,
 * semester, year), "Page n of N" footers and the blocks of each page in order. The output
 * depends only on `doc`, byte for byte, so duplicate detection by SHA-256 behaves. A block
 * that does not fit its page continues on an extra page rather than running off the paper.
 */
export function createDemoPdf(doc: DemoDocument): Buffer {
  const layout = new Layout();
  doc.pages.forEach((blocks, index) => {
    if (index > 0) layout.newPage();
    else titleBlock(layout, doc);
    for (const block of blocks) renderBlock(layout, block);
  });
  const total = layout.pages.length;
  layout.pages.forEach((page, index) => decorate(page, doc, index + 1, total));
  return renderPdf(
    layout.pages,
    {
      title: `${doc.subject}: ${doc.title}`,
      author: 'StudyShelf demo',
      subject: `${TYPE_LABELS[doc.resourceType]}, B.Tech ${doc.branchCode} semester ${doc.semester}, ${doc.academicYear}`,
      keywords: [doc.subject, doc.resourceType, doc.branchCode, `sem${doc.semester}`, doc.academicYear].join(', '),
      creationDate: doc.createdAt,
    },
  );
}

function renderBlock(layout: Layout, block: Block): void {
  switch (block.kind) {
    case 'heading': {
      const size = block.level === 2 ? 11.5 : 14;
      const lines = wrapRuns(block.text, 'F2', size, WIDTH);
      layout.gap(block.level === 2 ? 4 : 8);
      layout.ensure(lines.length * (size + 4) + 3 * LEADING); // keeps a heading with its first lines
      for (const line of lines) {
        layout.page.text(LEFT, layout.y - size, line, size, { color: block.level === 2 ? INK : ACCENT });
        layout.y -= size + 4;
      }
      if (block.level !== 2) layout.page.line(LEFT, layout.y + 1, RIGHT, layout.y + 1, 0.5, ACCENT);
      layout.y -= 6;
      return;
    }
    case 'paragraph':
      layout.lines(wrapRuns(block.text, 'F1', BODY, WIDTH), LEFT, BODY, LEADING);
      layout.y -= 6;
      return;
    case 'list':
      block.items.forEach((item, i) => {
        const lines = wrapRuns(item, 'F1', BODY, WIDTH - 22);
        layout.ensure(LEADING);
        const marker = block.ordered ? `${i + 1}.` : '•';
        layout.page.text(LEFT + (block.ordered ? 14 : 8), layout.y - BODY, marker, BODY, { align: block.ordered ? 'right' : 'left' });
        layout.lines(lines, LEFT + 20, BODY, LEADING);
        layout.y -= 2;
      });
      layout.y -= 5;
      return;
    case 'table':
      return table(layout, block);
    case 'code': {
      const size = 8.5;
      const lines = block.lines.flatMap((line) => chunk(line, CODE_COLUMNS));
      const height = lines.length * 10.5 + 12;
      layout.gap(2);
      layout.ensure(height + (block.caption ? 14 : 0));
      if (block.caption) {
        layout.page.text(LEFT, layout.y - 9, block.caption, 9, { font: 'F3', color: MUTED });
        layout.y -= 14;
      }
      layout.page.rect(LEFT, layout.y - height, WIDTH, height, { fill: CODE_FILL, stroke: [0.8, 0.8, 0.8], width: 0.5 });
      lines.forEach((line, i) => layout.page.text(LEFT + 8, layout.y - 6 - size - i * 10.5, line, size, { font: 'F4' }));
      layout.y -= height + 10;
      return;
    }
    case 'diagram': {
      layout.gap(2);
      layout.ensure(block.height + (block.caption ? 18 : 4));
      for (const shape of block.shapes) layout.page.shape(shape, LEFT, layout.y);
      layout.y -= block.height;
      if (block.caption) {
        layout.page.text(LEFT + WIDTH / 2, layout.y - 10, block.caption, 8.5, { font: 'F3', color: MUTED, align: 'center' });
        layout.y -= 14;
      }
      layout.y -= 8;
      return;
    }
    case 'box': {
      const lines = wrapRuns(block.text, 'F1', 9.5, WIDTH - 24);
      const height = lines.length * 13 + (block.title ? 16 : 0) + 12;
      layout.gap(2);
      layout.ensure(height);
      const top = layout.y;
      layout.page.rect(LEFT, top - height, WIDTH, height, { fill: FILL, stroke: ACCENT, width: 0.6 });
      if (block.title) layout.page.text(LEFT + 12, top - 16, block.title, 10, { font: 'F2', color: ACCENT });
      lines.forEach((line, i) => layout.page.text(LEFT + 12, top - (block.title ? 34 : 18) - i * 13 + 2, line, 9.5));
      layout.y = top - height - 10;
      return;
    }
    case 'section':
      layout.gap(6);
      layout.ensure(60);
      layout.page.text(LEFT + WIDTH / 2, layout.y - 12, block.title, 12, { font: 'F2', align: 'center' });
      layout.y -= 18;
      if (block.note) {
        layout.page.text(LEFT + WIDTH / 2, layout.y - 9, block.note, 9, { font: 'F3', align: 'center' });
        layout.y -= 14;
      }
      layout.y -= 4;
      return;
    case 'question':
      return question(layout, block.number, block.parts);
    case 'experiment': {
      const titleLines = wrapText(block.title, 'F2', 12, WIDTH - 20);
      const height = 30 + titleLines.length * 15;
      layout.ensure(height + 40);
      const top = layout.y;
      layout.page.rect(LEFT, top - height, WIDTH, height, { fill: FILL, stroke: ACCENT, width: 0.8 });
      layout.page.text(LEFT + 10, top - 16, `Experiment No. ${block.number}`, 10, { font: 'F2', color: ACCENT });
      layout.page.text(RIGHT - 10, top - 16, `Date: ${block.date}`, 9.5, { align: 'right' });
      titleLines.forEach((line, i) => layout.page.text(LEFT + 10, top - 33 - i * 15, line, 12, { font: 'F2' }));
      layout.y = top - height - 12;
      return;
    }
    case 'signature': {
      layout.gap(16);
      layout.ensure(34);
      const slot = WIDTH / block.labels.length;
      block.labels.forEach((label, i) => {
        const right = LEFT + slot * (i + 1);
        layout.page.line(right - 130, layout.y - 14, right, layout.y - 14, 0.6);
        layout.page.text(right - 65, layout.y - 26, label, 8.5, { color: MUTED, align: 'center' });
      });
      layout.y -= 36;
      return;
    }
    case 'space':
      layout.y -= block.height;
      return;
  }
}

function table(layout: Layout, block: Extract<Block, { kind: 'table' }>): void {
  const size = 9;
  const pad = 4;
  const weights = block.widths ?? block.header.map(() => 1);
  const sum = weights.reduce((a, b) => a + b, 0);
  const widths = weights.map((w) => (w / sum) * WIDTH);
  const cell = (text: string, col: number, font: 'F1' | 'F2') => wrapRuns(text, font, size, widths[col]! - 2 * pad, 'F2');
  const rows = [block.header.map((text, c) => cell(text, c, 'F2')), ...block.rows.map((row) => row.map((text, c) => cell(text, c, 'F1')))];
  const heights = rows.map((row) => Math.max(1, ...row.map((lines) => lines.length)) * 11.5 + 2 * pad - 1);
  layout.gap(2);
  layout.ensure(heights.reduce((a, b) => a + b, 0) + (block.caption ? 16 : 0));
  const page = layout.page;
  let y = layout.y;
  rows.forEach((row, r) => {
    const h = heights[r]!;
    if (r === 0) page.rect(LEFT, y - h, WIDTH, h, { fill: FILL });
    let x = LEFT;
    row.forEach((lines, c) => {
      lines.forEach((line, i) => page.text(x + pad, y - pad - size - i * 11.5 + 1, line, size));
      x += widths[c]!;
    });
    page.line(LEFT, y - h, RIGHT, y - h, r === 0 ? 0.8 : 0.5);
    y -= h;
  });
  page.rect(LEFT, y, WIDTH, layout.y - y, { stroke: INK, width: 0.8 });
  let x = LEFT;
  for (const w of widths.slice(0, -1)) page.line((x += w), layout.y, x, y, 0.5);
  layout.y = y - 6;
  if (block.caption) {
    page.text(LEFT + WIDTH / 2, layout.y - 9, block.caption, 8.5, { font: 'F3', color: MUTED, align: 'center' });
    layout.y -= 14;
  }
  layout.y -= 8;
}

function question(layout: Layout, number: number, parts: readonly QuestionPart[]): void {
  const textLeft = LEFT + 48;
  const marksWidth = 58;
  layout.gap(4);
  parts.forEach((part, i) => {
    const x = part.label ? textLeft : LEFT + 28;
    const lines = wrapRuns(part.text, 'F1', BODY, RIGHT - marksWidth - x);
    layout.ensure(lines.length * LEADING);
    const top = layout.y - BODY;
    if (i === 0) layout.page.text(LEFT, top, `Q${number}`, BODY, { font: 'F2' });
    if (part.label) layout.page.text(LEFT + 28, top, part.label, BODY);
    const marks = `[${part.marks} mark${part.marks === 1 ? '' : 's'}]`;
    layout.page.text(RIGHT, top, marks, 9, { font: 'F3', align: 'right' });
    layout.lines(lines, x, BODY, LEADING);
    layout.y -= 3;
  });
  layout.y -= 4;
}

/** Cuts a code line into pieces of at most `size` characters (Courier is fixed-width). */
function chunk(line: string, size: number): string[] {
  const pieces: string[] = [];
  for (let rest = line.replace(/\t/g, '    '); ; rest = '  ' + rest.slice(size)) {
    pieces.push(rest.slice(0, size));
    if (rest.length <= size) return pieces;
  }
}

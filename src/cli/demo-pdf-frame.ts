import type { DemoDocument, DemoResourceType } from './demo-pdf-model.js';
import { ACCENT, Canvas, FILL, MUTED, type Run, runsWidth, wrapRuns, wrapText } from './pdf-canvas.js';

/**
 * The frame of every demo page: A4 geometry, the page cursor, the title block of page 1 (or
 * the question-paper header of a PYQ) and the running header and footer.
 */

// A4 is 595 x 842 points; 2 cm side margins; content lives between TOP and BOTTOM.
const PAGE_W = 595;
const TOP = 774;
const BOTTOM = 66;
/** Left edge of the text column. */
export const LEFT = 56;
/** Right edge of the text column. */
export const RIGHT = PAGE_W - 56;
/** Width of the text column (483 points). */
export const WIDTH = RIGHT - LEFT;
/** Body text size in points. */
export const BODY = 10;
/** Baseline-to-baseline distance of body text. */
export const LEADING = 14;

/** How each resource type names itself in the title block and the running header. */
export const TYPE_LABELS: Readonly<Record<DemoResourceType, string>> = {
  NOTES: 'Lecture Notes',
  PYQ: 'Previous Year Question Paper',
  PRACTICAL: 'Practical File',
};

/** A cursor over pages: `y` is the top of the free space on the current page. */
export class Layout {
  readonly pages: Canvas[] = [new Canvas()];
  y = TOP;

  /** The page being filled. */
  get page(): Canvas {
    return this.pages[this.pages.length - 1]!;
  }

  /** Closes the current page and starts an empty one. */
  newPage(): void {
    this.pages.push(new Canvas());
    this.y = TOP;
  }

  /**
   * Starts a new page unless `height` more points fit on this one. A block taller than a whole
   * page would still overflow; the unit test's margin check keeps the demo content from that.
   */
  ensure(height: number): void {
    if (this.y - height < BOTTOM && this.y < TOP) this.newPage();
  }

  /** Vertical gap before a block, dropped at the top of a page. */
  gap(height: number): void {
    if (this.y < TOP) this.y -= height;
  }

  /** Wrapped lines at x, each moved to a fresh page if it would cross the bottom margin. */
  lines(lines: readonly Run[][], x: number, size: number, leading: number): void {
    for (const line of lines) {
      this.ensure(leading);
      this.page.text(x, this.y - size, line, size);
      this.y -= leading;
    }
  }
}

/** Page 1's title block: subject, resource type, branch, semester, year and author. */
export function titleBlock(layout: Layout, doc: DemoDocument): void {
  if (doc.resourceType === 'PYQ' && doc.exam) return paperHeader(layout, doc);
  const page = layout.page;
  const inner = WIDTH - 28;
  const titleLines = wrapText(`${TYPE_LABELS[doc.resourceType]}: ${doc.title}`, 'F1', 13, inner);
  // Branch and author get a whole row each: "Electronics and Communication Engineering" is long.
  const rows: [string, string][][] = [
    [['Branch', `${doc.branchName} (${doc.branchCode})`]],
    [['Semester', `${doc.semester}`], ['Academic year', doc.academicYear]],
    [['Prepared by', doc.preparedBy]],
  ];
  const height = 106 + titleLines.length * 17;
  const top = layout.y;
  page.rect(LEFT, top - height, WIDTH, height, { fill: FILL, stroke: ACCENT, width: 0.8 });
  page.rect(LEFT, top - height, 5, height, { fill: ACCENT });
  page.text(LEFT + 16, top - 20, doc.institution.toUpperCase(), 8, { color: MUTED });
  page.text(LEFT + 16, top - 44, doc.subject, 21, { font: 'F2', color: ACCENT });
  titleLines.forEach((line, i) => page.text(LEFT + 16, top - 64 - i * 17, line, 13));
  const metaTop = top - 70 - titleLines.length * 17;
  rows.forEach((row, r) =>
    row.forEach(([label, value], c) => {
      const runs: Run[] = [{ text: `${label}: `, font: 'F2' }];
      const room = inner / row.length - 8 - runsWidth(runs, 9);
      runs.push({ text: wrapText(value, 'F1', 9, room)[0] ?? '', font: 'F1' });
      page.text(LEFT + 16 + (c * inner) / row.length, metaTop - r * 13, runs, 9);
    }),
  );
  layout.y = top - height - 16;
}

function paperHeader(layout: Layout, doc: DemoDocument): void {
  const exam = doc.exam!;
  const page = layout.page;
  const mid = LEFT + WIDTH / 2;
  let y = layout.y;
  page.text(mid, y - 12, doc.institution.toUpperCase(), 12, { font: 'F2', align: 'center' });
  page.text(mid, y - 28, `B.Tech (${doc.branchCode}) Semester ${doc.semester}: ${exam.name}`, 10, { align: 'center' });
  page.text(mid, y - 46, `${doc.subject} (${exam.courseCode})`, 14, { font: 'F2', color: ACCENT, align: 'center' });
  const paperTitle = wrapText(doc.title, 'F3', 9.5, WIDTH);
  paperTitle.forEach((line, i) => page.text(mid, y - 61 - i * 12, line, 9.5, { font: 'F3', align: 'center' }));
  y -= 70 + (paperTitle.length - 1) * 12;
  page.line(LEFT, y, RIGHT, y, 1);
  page.text(LEFT, y - 14, `Time: ${exam.durationHours} Hours`, 10, { font: 'F2' });
  page.text(RIGHT, y - 14, `Maximum Marks: ${exam.maxMarks}`, 10, { font: 'F2', align: 'right' });
  page.line(LEFT, y - 21, RIGHT, y - 21, 1);
  const meta = `Branch: ${doc.branchName} | Academic year: ${doc.academicYear} | Prepared by ${doc.preparedBy}`;
  page.text(mid, y - 33, wrapText(meta, 'F3', 8, WIDTH)[0] ?? '', 8, { font: 'F3', color: MUTED, align: 'center' });
  layout.y = y - 46;
  page.text(LEFT, layout.y - 9.5, 'Instructions to candidates:', 9.5, { font: 'F2' });
  layout.y -= 14;
  exam.instructions.forEach((item, i) => {
    layout.page.text(LEFT + 14, layout.y - 9, `${i + 1}.`, 9, { align: 'right' });
    layout.lines(wrapRuns(item, 'F1', 9, WIDTH - 22), LEFT + 20, 9, 12);
  });
  layout.y -= 8;
}

/** The running header and footer, drawn once the page count is known. */
export function decorate(page: Canvas, doc: DemoDocument, n: number, total: number): void {
  const left = `${doc.subject} · ${TYPE_LABELS[doc.resourceType]}`;
  page.text(LEFT, 806, wrapText(left, 'F3', 8, WIDTH / 2)[0] ?? '', 8, { font: 'F3', color: MUTED });
  page.text(RIGHT, 806, `B.Tech ${doc.branchCode} · Semester ${doc.semester} · ${doc.academicYear}`, 8, { color: MUTED, align: 'right' });
  page.line(LEFT, 799, RIGHT, 799, 0.5, MUTED);
  page.line(LEFT, 50, RIGHT, 50, 0.5, MUTED);
  page.text(LEFT, 38, 'StudyShelf demo library', 7.5, { color: MUTED });
  page.text(RIGHT, 38, `Page ${n} of ${total}`, 8.5, { align: 'right' });
}

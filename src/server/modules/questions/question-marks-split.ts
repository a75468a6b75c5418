import { newNode, type Node } from './question-leaves.js';
import { trailingMarks } from './question-markers.js';
import type { ReadLine } from './reading-order.js';

/** The heading's last line ("Max Marks: 20", "Time: 3 hours"); a lead-in ending in ":" may be a question's own. */
const HEADING_END = /\b(?:marks|time|duration|date)\s*:/i;

/**
 * A paper whose numbers are lost (circled by hand, read as "®" and "oD)") but whose every question
 * ends in its marks ("... (4 marks)"): each question runs from the line after the previous marks to
 * its own, numbered in order. The first starts after the heading's last line (its marks, time or
 * date), or at the top; lines after the last marks are not a question. Worded marks only: a bare
 * "(5)" may be text. Empty when fewer than two are found.
 */
export function questionsByMarks(lines: readonly ReadLine[]): Node[] {
  const ends = lines.flatMap((line, i) => {
    const marks = trailingMarks(line.text);
    return marks && !marks.weak ? [i] : [];
  });
  if (ends.length < 2) return [];
  let start = 0;
  for (let i = ends[0]! - 1; i >= 0; i--) {
    if (HEADING_END.test(lines[i]!.text)) {
      start = i + 1;
      break;
    }
  }
  return ends.map((end, k) => {
    const pieces = lines.slice(k === 0 ? start : ends[k - 1]! + 1, end + 1).map((line) => ({ line, text: line.text }));
    return newNode('question', String(k + 1), null, null, { pieces, guessed: true });
  });
}

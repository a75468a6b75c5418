// The demo library's question papers with their questions known from the model they are drawn
// from (src/cli/demo-pdf-model.ts 'question' blocks), so the born-digital half of the split
// bench needs no hand labels. Imports TypeScript sources: runs bundled (question-split.mjs does).
import { demoLibrary } from '../../src/cli/demo-library.ts';
import { createDemoPdf } from '../../src/cli/demo-pdf.ts';

/**
 * @typedef {import('./question-score.mjs').TruthQuestion & { section: string | null }} DemoTruthQuestion
 * @typedef {{ file: string, kind: 'born-digital', bytes: Buffer, modelPages: number, questions: DemoTruthQuestion[] }} DemoPaper
 */

/** `**bold**` spans of the model print as plain words. */
const plain = (/** @type {string} */ text) => text.replace(/\*\*/g, '');

/**
 * Every demo resource holding question blocks, rendered, with one truth entry per printed part:
 * "Q3 (a) ... [5 marks]" is { number: "3", part: "a", marks: 5 }; a question without parts has
 * part null. `page` is the model's page; a block that overflows its page is drawn on the next
 * one, which question-split.mjs checks against the PDF's page count.
 * @returns {DemoPaper[]}
 */
export function demoQuestionPapers() {
  /** @type {DemoPaper[]} */
  const papers = [];
  for (const resource of demoLibrary()) {
    const doc = resource.document;
    /** @type {DemoTruthQuestion[]} */
    const questions = [];
    let section = null;
    doc.pages.forEach((blocks, index) => {
      for (const block of blocks) {
        if (block.kind === 'section') section = block.title;
        if (block.kind !== 'question') continue;
        for (const part of block.parts) {
          questions.push({
            number: String(block.number),
            part: part.label ? part.label.replace(/[()]/g, '') : null,
            page: index + 1,
            marks: part.marks,
            section,
            text: plain(part.text),
          });
        }
      }
    });
    if (!questions.length) continue;
    const file = `demo: ${doc.subject}, ${doc.title} (${doc.academicYear})`;
    papers.push({ file, kind: 'born-digital', bytes: createDemoPdf(doc), modelPages: doc.pages.length, questions });
  }
  return papers;
}

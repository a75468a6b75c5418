import { describe, expect, it } from 'vitest';
import { splitPagesOf } from '../../tests/support/split-pages.js';
import { demoLibrary } from './demo-library.js';
import { createDemoPdf, type DemoDocument } from './demo-pdf.js';
import { splitQuestions } from '../server/modules/questions/question-split.js';

/**
 * Real input: every question paper of the demo library, drawn by the project's own generator,
 * read back with pdf.js as processing reads it (text-lines.ts), splits into exactly the questions
 * its document model holds.
 */

/** The questions a demo document holds, leaf by leaf, with the page each is on (when nothing overflows). */
function knownQuestions(doc: DemoDocument) {
  let section: string | null = null;
  return doc.pages.flatMap((blocks, index) =>
    blocks.flatMap((block) => {
      if (block.kind === 'section') section = block.title;
      if (block.kind !== 'question') return [];
      return block.parts.map((part) => {
        const letter = part.label?.replace(/[()]/g, '') ?? null;
        return {
          label: `Q${block.number}${letter ? `(${letter})` : ''}`,
          number: String(block.number),
          part: letter,
          marks: part.marks,
          section,
          page: index + 1,
          text: part.text,
        };
      });
    }),
  );
}

const papers = demoLibrary().filter((resource) => resource.document.resourceType === 'PYQ');

describe('splitQuestions on the demo library\'s question papers', () => {
  it('has papers to read', () => {
    expect(papers.length).toBeGreaterThanOrEqual(5);
  });

  it.each(papers.map((p) => [p.originalName, p] as const))('splits %s into its questions', async (_name, resource) => {
    const known = knownQuestions(resource.document);
    const result = splitQuestions(await splitPagesOf(createDemoPdf(resource.document)));
    expect(result.splittable).toBe(true);
    const found = result.questions;
    expect(found.map((q) => q.label)).toEqual(known.map((q) => q.label));
    found.forEach((q, i) => {
      const truth = known[i]!;
      expect({ number: q.number, part: q.part, marks: q.marks, section: q.section }).toEqual({
        number: truth.number,
        part: truth.part,
        marks: truth.marks,
        section: truth.section,
      });
      // A diagram's caption after the last part may follow its text; the part's own words come first.
      expect(q.text.startsWith(truth.text), `${q.label}: ${q.text}`).toBe(true);
      expect(q.page).toBeGreaterThanOrEqual(truth.page);
      expect(q.regions[0]!.page).toBe(q.page);
      for (const { box } of q.regions) {
        expect(box[0]).toBeLessThan(box[2]);
        expect(box[1]).toBeLessThan(box[3]);
      }
    });
  });
});

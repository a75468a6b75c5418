import { randomUUID } from 'node:crypto';
import type { PageWordLine } from '../../../shared/page-words.js';
import { subjectKeyOf } from '../../../shared/questions.js';
import { groupPaper } from './question-groups.js';
import type { QuestionRepository, QuestionRow } from './question.repository.js';
import { splitQuestions, type SplitPage } from './question-split.js';

/** The kinds of resource made of numbered questions or tasks. */
const SPLIT_TYPES = new Set(['PYQ', 'PRACTICAL']);

/** A page of this processing pass: its lines, or read by OCR in an earlier pass (its words are stored). */
export interface PassPage {
  page: number;
  lines?: PageWordLine[];
  readEarlier?: boolean;
}

/**
 * Writes a paper's questions whenever processing writes its text (in the same transaction):
 * splits its pages, signs each question, and groups it with the subject's questions of other
 * papers. Resources of other kinds have none.
 */
export class QuestionBook {
  constructor(private readonly repository: QuestionRepository) {}

  async rebuild(resourceId: string, pass: readonly PassPage[]): Promise<void> {
    const paper = await this.repository.paperFacts(resourceId);
    if (!paper) return;
    if (!SPLIT_TYPES.has(paper.resource_type)) {
      await this.repository.replace(resourceId, [], null);
      return;
    }
    const pages = await this.pagesOf(resourceId, pass);
    const split = splitQuestions(pages);
    if (!split.splittable || !split.questions.length) {
      await this.repository.replace(resourceId, [], 'none');
      return;
    }
    const subjectKey = subjectKeyOf((await this.repository.aliasedSubject(paper.subject)) ?? paper.subject);
    const others = await this.repository.signedQuestions(subjectKey, resourceId);
    const choices = await this.repository.groupings(subjectKey);
    const groups = groupPaper(
      resourceId,
      split.questions,
      others.map((o) => ({ resourceId: o.resource_id, label: o.label, text: o.text, stem: o.stem, signature: o.signature, groupKey: o.group_key })),
      choices.map((c) => ({ resourceA: c.resource_a, labelA: c.label_a, resourceB: c.resource_b, labelB: c.label_b, same: Number(c.same) === 1 })),
    );
    const rows: QuestionRow[] = split.questions.map((q, i) => ({
      id: randomUUID(),
      resource_id: resourceId,
      position: i,
      number: q.number.slice(0, 16),
      part: q.part?.slice(0, 32) ?? null,
      label: q.label.slice(0, 64),
      text: q.text,
      stem: q.stem,
      marks: q.marks,
      section: q.section?.slice(0, 120) ?? null,
      page: q.page,
      // Search finds the pages a question covers by `"page":N,` in this JSON (questionCoversPage).
      regions: JSON.stringify(q.regions.map(({ page, box }) => ({ page, box }))),
      alternative_to: q.alternativeTo?.slice(0, 64) ?? null,
      subject_key: subjectKey,
      signature: JSON.stringify(groups[i]!.signature),
      group_key: groups[i]!.groupKey,
    }));
    await this.repository.replace(resourceId, rows, 'split');
  }

  /** This pass's lines, with those of pages OCR read in earlier passes from the stored words. */
  private async pagesOf(resourceId: string, pass: readonly PassPage[]): Promise<SplitPage[]> {
    const earlier = pass.filter((p) => p.readEarlier).map((p) => p.page);
    const stored = new Map((await this.repository.storedLines(resourceId, earlier)).map((r) => [r.page, JSON.parse(r.lines) as PageWordLine[]]));
    return pass.flatMap((p) => {
      const lines = p.readEarlier ? stored.get(p.page) : p.lines;
      return lines?.length ? [{ page: p.page, lines }] : [];
    });
  }
}

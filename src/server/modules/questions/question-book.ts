import { randomUUID } from 'node:crypto';
import type { PageWordLine } from '../../../shared/page-words.js';
import { subjectKeyOf } from '../../../shared/questions.js';
import { assignGroups, type Grouping } from './question-groups.js';
import type { QuestionRepository, QuestionRow } from './question.repository.js';
import { splitQuestions, type SplitPage } from './question-split.js';
import { bandKeys, REPEAT_PARAMETERS, signature, similarity } from './question-similarity.js';

/** The kinds of resource made of numbered questions or tasks. */
const SPLIT_TYPES = new Set(['PYQ', 'PRACTICAL']);

/** A page of this processing pass: its lines, or read by OCR in an earlier pass (its words are stored). */
export interface PassPage {
  page: number;
  lines?: PageWordLine[];
  readEarlier?: boolean;
}

const grouping: Grouping = { bandKeys: (sig) => bandKeys(sig), similarity: (a, b) => similarity(a, b), threshold: REPEAT_PARAMETERS.threshold, newKey: randomUUID };

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
    const signed = split.questions.map((q) => {
      const compared = comparedText(q.text, q.stem);
      return { ...q, compared, signature: signature(compared) };
    });
    const others = await this.repository.signedQuestions(subjectKey, resourceId);
    const choices = await this.repository.groupings(subjectKey);
    const groups = assignGroups(
      resourceId,
      signed.map((q) => ({ label: q.label, text: q.compared, signature: q.signature })),
      others.map((o) => ({
        resourceId: o.resource_id,
        label: o.label,
        text: comparedText(o.text, o.stem),
        signature: JSON.parse(o.signature) as number[],
        groupKey: o.group_key,
      })),
      choices.map((c) => ({ resourceA: c.resource_a, labelA: c.label_a, resourceB: c.resource_b, labelB: c.label_b, same: Number(c.same) === 1 })),
      grouping,
    );
    const rows: QuestionRow[] = signed.map((q, i) => ({
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
      signature: JSON.stringify(q.signature),
      group_key: groups[i]!,
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

/** A part too short to tell apart ("(b) Explain.") is compared with its question's lead-in. */
function comparedText(text: string, stem: string | null): string {
  return stem && text.split(/\s+/).length < 6 ? `${stem} ${text}` : text;
}

import { sql, type Selectable } from 'kysely';
import type { QuestionTable } from '../../db/schema.js';
import type { Executor } from '../../db/unit-of-work.js';
import { groupsFoundIn, groupsNeeded, latestExamOrder, questionCoversPage, type SoughtStems } from '../search/index.js';
import { resourcesWithUploader, type ResourceRow } from '../resources/resource.repository.js';

export type QuestionRow = Selectable<QuestionTable>;

/** A question of a subject as grouping compares it: its text and signature. */
export interface SignedQuestion {
  id: string;
  resource_id: string;
  label: string;
  text: string;
  stem: string | null;
  signature: string;
  group_key: string;
}

/** A question with the facts of its paper, for the subject page and "asked in": no text, signature or regions. */
export type QuestionOfPaper = Pick<QuestionRow, 'id' | 'resource_id' | 'position' | 'label' | 'marks' | 'section' | 'page' | 'group_key'> & {
  title: string;
  exam_year: number | null;
  academic_year: string;
};

/** A paper's facts that decide whether and how it is split. */
export interface PaperFacts {
  resource_type: string;
  subject: string;
}

/** A question standing on a search hit's page, with how many of the searched groups its text holds. */
export interface QuestionOnPage {
  id: string;
  resource_id: string;
  label: string;
  marks: number | null;
  group_key: string;
  position: number;
  found: number | string;
}

const ROWS_PER_INSERT = 100;

/** Queries on question and question_grouping: the question bank (migration 026). */
export class QuestionRepository {
  constructor(private readonly db: Executor) {}

  async paperFacts(resourceId: string): Promise<PaperFacts | undefined> {
    return this.db.selectFrom('resource').select(['resource_type', 'subject']).where('id', '=', resourceId).executeTakeFirst();
  }

  /** The subject an abbreviation stands for (search's aliases), if `subject` is one. */
  async aliasedSubject(subject: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('subject_alias')
      .select('subject')
      .where((eb) => eb(eb.fn('lower', ['alias']), '=', subject.toLowerCase()))
      .executeTakeFirst();
    return row?.subject;
  }

  /** Lines of the pages OCR read in earlier passes (JSON of PageWordLine[]). */
  async storedLines(resourceId: string, pages: readonly number[]): Promise<Array<{ page: number; lines: string }>> {
    if (!pages.length) return [];
    const rows = await this.db
      .selectFrom('resource_page_words')
      .select(['page', 'lines'])
      .where('resource_id', '=', resourceId)
      .where('page', 'in', pages)
      .execute();
    return rows.map((r) => ({ page: Number(r.page), lines: r.lines }));
  }

  /** The subject's questions of other papers, to group a paper's new questions with. */
  async signedQuestions(subjectKey: string, exceptResourceId: string): Promise<SignedQuestion[]> {
    return this.db
      .selectFrom('question')
      .select(['id', 'resource_id', 'label', 'text', 'stem', 'signature', 'group_key'])
      .where('subject_key', '=', subjectKey)
      .where('resource_id', '!=', exceptResourceId)
      .execute();
  }

  /** Choices made by hand about pairs of this subject's questions. */
  async groupings(subjectKey: string): Promise<Array<{ resource_a: string; label_a: string; resource_b: string; label_b: string; same: number }>> {
    return this.db
      .selectFrom('question_grouping')
      .select(['resource_a', 'label_a', 'resource_b', 'label_b', 'same'])
      .where('subject_key', '=', subjectKey)
      .execute();
  }

  async replace(resourceId: string, rows: readonly QuestionRow[], split: 'split' | 'none' | null): Promise<void> {
    await this.db.deleteFrom('question').where('resource_id', '=', resourceId).execute();
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      await this.db.insertInto('question').values(rows.slice(i, i + ROWS_PER_INSERT)).execute();
    }
    await this.db.updateTable('resource').set({ question_split: split }).where('id', '=', resourceId).execute();
  }

  /** Moves questions into a group (a merge by hand). */
  async regroup(ids: readonly string[], groupKey: string): Promise<void> {
    if (!ids.length) return;
    await this.db.updateTable('question').set({ group_key: groupKey }).where('id', 'in', ids).execute();
  }

  async saveGrouping(row: { subject_key: string; resource_a: string; label_a: string; resource_b: string; label_b: string; same: number; made_by: string | null; made_at: string }): Promise<void> {
    await this.db
      .deleteFrom('question_grouping')
      .where('resource_a', '=', row.resource_a)
      .where('label_a', '=', row.label_a)
      .where('resource_b', '=', row.resource_b)
      .where('label_b', '=', row.label_b)
      .execute();
    await this.db.insertInto('question_grouping').values(row).execute();
  }

  /**
   * The questions on these pages (a page of search results, one page a resource), starting there
   * or running onto them from the page before, whose text holds most of the sought groups
   * (question-match.ts of search), in one statement.
   */
  async onPages(pages: ReadonlyArray<{ resourceId: string; page: number }>, sought: SoughtStems): Promise<QuestionOnPage[]> {
    if (!pages.length || !sought.length) return [];
    const found = groupsFoundIn(sql.ref('text'), sought);
    return this.db
      .selectFrom('question')
      .select(['id', 'resource_id', 'label', 'marks', 'group_key', 'position'])
      .select(found.as('found'))
      .where((eb) => eb.or(pages.map((p) => eb.and([eb('resource_id', '=', p.resourceId), questionCoversPage('question', p.page)]))))
      .where(found, '>=', groupsNeeded(sought))
      .execute();
  }

  /** The papers asking any of these groups, with the dates their years come from. */
  async papersAsking(groupKeys: readonly string[]): Promise<Array<{ group_key: string; resource_id: string; exam_year: number | null; academic_year: string }>> {
    if (!groupKeys.length) return [];
    return this.db
      .selectFrom('question')
      .innerJoin('resource', 'resource.id', 'question.resource_id')
      .select(['question.group_key', 'question.resource_id', 'resource.exam_year', 'resource.academic_year'])
      .where('question.group_key', 'in', groupKeys)
      .execute();
  }

  /** A paper's split state, or undefined when the resource does not exist. */
  async splitOf(resourceId: string): Promise<{ question_split: string | null; subject: string } | undefined> {
    return this.db.selectFrom('resource').select(['question_split', 'subject']).where('id', '=', resourceId).executeTakeFirst();
  }

  async byId(id: string): Promise<QuestionRow | undefined> {
    return this.db.selectFrom('question').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async ofResource(resourceId: string): Promise<QuestionRow[]> {
    return this.db.selectFrom('question').selectAll().where('resource_id', '=', resourceId).orderBy('position').execute();
  }

  /** Every question of a subject with its paper's title and dates, in no order; texts are read for the few shown (textsOf). */
  async ofSubject(subjectKey: string, groupKeys?: readonly string[]): Promise<QuestionOfPaper[]> {
    let query = this.db
      .selectFrom('question')
      .innerJoin('resource', 'resource.id', 'question.resource_id')
      .select(['question.id', 'question.resource_id', 'question.position', 'question.label', 'question.marks', 'question.section', 'question.page', 'question.group_key'])
      .select(['resource.title', 'resource.exam_year', 'resource.academic_year'])
      .where('question.subject_key', '=', subjectKey);
    if (groupKeys) {
      if (!groupKeys.length) return [];
      query = query.where('question.group_key', 'in', groupKeys);
    }
    return query.execute();
  }

  async textsOf(ids: readonly string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await this.db.selectFrom('question').select(['id', 'text']).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, r.text]));
  }

  /** The facts of a paper its related papers are found by; undefined when it does not exist. */
  async relatedFacts(resourceId: string): Promise<{ subject: string; exam: string | null } | undefined> {
    return this.db.selectFrom('resource').select(['subject', 'exam']).where('id', '=', resourceId).executeTakeFirst();
  }

  /**
   * The subject's past papers (their subject folds to the key, or their questions were grouped
   * under it), latest exam first, with the columns a card needs; the uploader's name only for admins.
   */
  async papersOfSubject(subjectKey: string, subjects: readonly string[], withUploaderName: boolean): Promise<ResourceRow[]> {
    return this.subjectPapers(subjectKey, subjects, withUploaderName).limit(500).execute();
  }

  /** The subject's other papers of one exam (End-sem of other years), latest exam first. */
  async otherYears(paper: { id: string; exam: string }, subjectKey: string, subjects: readonly string[], withUploaderName: boolean, limit: number): Promise<ResourceRow[]> {
    return this.subjectPapers(subjectKey, subjects, withUploaderName)
      .where('resource.exam', '=', paper.exam)
      .where('resource.id', '!=', paper.id)
      .limit(limit)
      .execute();
  }

  /**
   * Papers whose questions share groups with this paper's (at least `minShared` groups), most
   * shared first, then latest exam first; `shared` counts the distinct groups they have in common.
   * Groups never cross subjects: the subject key keeps the lookup on its index.
   */
  async sharingQuestions(
    resourceId: string,
    subjectKey: string,
    options: { except: readonly string[]; minShared: number; limit: number; withUploaderName: boolean },
  ): Promise<Array<ResourceRow & { shared: number | string | bigint }>> {
    const shared = this.db
      .selectFrom('question')
      .select((eb) => ['question.resource_id', eb.fn.count<number>('question.group_key').distinct().as('shared')])
      .where('question.subject_key', '=', subjectKey)
      .where('question.group_key', 'in', (eb) => eb.selectFrom('question as mine').select('mine.group_key').where('mine.resource_id', '=', resourceId))
      .where('question.resource_id', 'not in', [resourceId, ...options.except])
      .groupBy('question.resource_id')
      .having((eb) => eb.fn.count('question.group_key').distinct(), '>=', options.minShared)
      .as('shared');
    return resourcesWithUploader(this.db, options.withUploaderName)
      .innerJoin(shared, 'shared.resource_id', 'resource.id')
      .select('shared.shared')
      .orderBy('shared.shared', 'desc')
      .orderBy(latestExamOrder('resource'))
      .orderBy('resource.created_at', 'desc')
      .limit(options.limit)
      .execute();
  }

  private subjectPapers(subjectKey: string, subjects: readonly string[], withUploaderName: boolean) {
    return resourcesWithUploader(this.db, withUploaderName)
      .where('resource.resource_type', '=', 'PYQ')
      .where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['resource.subject']), 'in', subjects.map((s) => s.toLowerCase())),
          eb('resource.id', 'in', eb.selectFrom('question').select('question.resource_id').where('question.subject_key', '=', subjectKey)),
        ]),
      )
      .orderBy(latestExamOrder('resource'))
      .orderBy('resource.created_at', 'desc');
  }
}

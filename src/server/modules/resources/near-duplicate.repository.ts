import type { Executor } from '../../db/unit-of-work.js';
import { NEAR_DUPLICATE, type LibraryPaper } from './near-duplicate.js';

/** Papers of one subject compared with an upload: its newest, so the check stays bounded (decision 047). */
export const CANDIDATES_PER_SUBJECT = 300;

/** The library's papers as the near-duplicate check reads them: the text of their first pages. */
export class NearDuplicateRepository {
  constructor(private readonly db: Executor) {}

  /**
   * The newest papers of a subject (its name, or the subject an alias stands for, either way any
   * case), with the text of their first pages; `except` leaves one out (the paper itself).
   */
  async papersOfSubject(subject: string, except?: string): Promise<LibraryPaper[]> {
    const alias = await this.db
      .selectFrom('subject_alias')
      .select('subject')
      .where((eb) => eb(eb.fn('lower', ['alias']), '=', subject.toLowerCase()))
      .executeTakeFirst();
    const names = [...new Set([subject.toLowerCase(), ...(alias ? [alias.subject.toLowerCase()] : [])])];
    let query = this.db
      .selectFrom('resource')
      .select(['id', 'title'])
      .where((eb) => eb(eb.fn('lower', ['subject']), 'in', names))
      .orderBy('created_at', 'desc')
      .limit(CANDIDATES_PER_SUBJECT);
    if (except) query = query.where('id', '!=', except);
    const papers = await query.execute();
    if (papers.length === 0) return [];
    const pages = await this.db
      .selectFrom('resource_page')
      .select(['resource_id', 'body'])
      .where('resource_id', 'in', papers.map((p) => p.id))
      .where('page', '>=', 1)
      .where('page', '<=', NEAR_DUPLICATE.pages)
      .orderBy('resource_id')
      .orderBy('page')
      .execute();
    const texts = new Map<string, string>();
    for (const page of pages) texts.set(page.resource_id, `${texts.get(page.resource_id) ?? ''}\n${page.body}`);
    return papers.filter((p) => texts.has(p.id)).map((p) => ({ id: p.id, title: p.title, text: texts.get(p.id)! }));
  }
}

/** A flagged pair with both papers, as the admin list reads it. */
export interface PairRow {
  resource_a: string;
  resource_b: string;
  percent: number;
  flagged_at: string;
}

/** The pairs of near-duplicate papers (migration 027): resource_a < resource_b. */
export class NearDuplicatePairRepository {
  constructor(private readonly db: Executor) {}

  /** The resource rows of the papers of listed pairs. */
  async papers(ids: readonly string[]) {
    if (!ids.length) return [];
    return this.db.selectFrom('resource').selectAll().where('id', 'in', ids).execute();
  }

  /** Flags a pair unless it is known already (flagged, or dismissed: an admin said they differ). */
  async flag(one: string, other: string, percent: number, at: string): Promise<void> {
    const [a, b] = ordered(one, other);
    await this.db
      .insertInto('near_duplicate_pair')
      .values({ resource_a: a, resource_b: b, percent, status: 'flagged', flagged_at: at })
      .onConflict((oc) => oc.columns(['resource_a', 'resource_b']).doNothing())
      .execute();
  }

  flagged(limit: number): Promise<PairRow[]> {
    return this.db
      .selectFrom('near_duplicate_pair')
      .select(['resource_a', 'resource_b', 'percent', 'flagged_at'])
      .where('status', '=', 'flagged')
      .orderBy('flagged_at', 'desc')
      .orderBy('resource_a')
      .limit(limit)
      .execute();
  }

  /** True when the two papers are a flagged pair. */
  async isFlagged(one: string, other: string): Promise<boolean> {
    const [a, b] = ordered(one, other);
    const row = await this.db
      .selectFrom('near_duplicate_pair')
      .select('status')
      .where('resource_a', '=', a)
      .where('resource_b', '=', b)
      .executeTakeFirst();
    return row?.status === 'flagged';
  }

  /** Marks a flagged pair dismissed; false when it was not flagged. */
  async dismiss(one: string, other: string): Promise<boolean> {
    const [a, b] = ordered(one, other);
    const result = await this.db
      .updateTable('near_duplicate_pair')
      .set({ status: 'dismissed' })
      .where('resource_a', '=', a)
      .where('resource_b', '=', b)
      .where('status', '=', 'flagged')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}

export const ordered = (one: string, other: string): [string, string] => (one < other ? [one, other] : [other, one]);

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

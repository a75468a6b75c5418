import { pageZeroText } from '../../../shared/search.js';
import type { Executor } from '../../db/unit-of-work.js';
import { distinctTerms, indexableText } from './search-terms.js';

/** What page 0 of a resource is made of: the words it is found by before its text is read. */
export interface PageZeroSource {
  id: string;
  subject: string;
  original_name: string;
  title?: string | null;
}

/**
 * Page 0 of each resource (subject, file name and title) in the search index, and its words for
 * typo correction. Written in the caller's unit of work, with the resource row.
 */
export class PageZeroRepository {
  constructor(private readonly db: Executor) {}

  async insert(row: PageZeroSource): Promise<void> {
    const body = pageZeroBody(row);
    await this.db.insertInto('resource_page').values({ resource_id: row.id, page: 0, body }).execute();
    await this.addTerms(body);
  }

  /** Rewrites page 0 (after a title change) and adds its new words. */
  async update(row: PageZeroSource): Promise<void> {
    const body = pageZeroBody(row);
    await this.db.updateTable('resource_page').set({ body }).where('resource_id', '=', row.id).where('page', '=', 0).execute();
    await this.addTerms(body);
  }

  private async addTerms(body: string): Promise<void> {
    const terms = distinctTerms(body);
    if (!terms.length) return;
    await this.db
      .insertInto('search_term')
      .values(terms.map((term) => ({ term })))
      .onConflict((oc) => oc.column('term').doNothing())
      .execute();
  }
}

function pageZeroBody(row: PageZeroSource): string {
  return indexableText(pageZeroText(row.subject, row.original_name, row.title ?? ''));
}

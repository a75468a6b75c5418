import type { PageWordLine } from '../../../shared/page-words.js';
import type { Executor } from '../../db/unit-of-work.js';

/** One page's OCR words as stored: `lines` is the JSON of PageWordLine[]. */
export interface PageWordsRow {
  page: number;
  lines: string;
}

/** Pages of words written in one statement, so a long scan's words go in bounded pieces. */
const PAGES_PER_INSERT = 50;

/** Queries on resource_page_words: the words OCR read on a scan's pages, with their boxes. */
export class PageWordsRepository {
  constructor(private readonly db: Executor) {}

  /**
   * Replaces the words of the pages from `fromPage` on with `pages` (those before were read by
   * earlier OCR passes and keep theirs). Several statements: the caller runs them in the unit of
   * work that replaces the page text, so a reader sees the old words or the new, never half.
   */
  async replaceFrom(resourceId: string, fromPage: number, pages: ReadonlyArray<{ page: number; lines: PageWordLine[] }>): Promise<void> {
    await this.db.deleteFrom('resource_page_words').where('resource_id', '=', resourceId).where('page', '>=', fromPage).execute();
    const rows = pages
      .filter((p) => p.page >= fromPage && p.lines.length > 0)
      .map((p) => ({ resource_id: resourceId, page: p.page, lines: JSON.stringify(p.lines) }));
    for (let i = 0; i < rows.length; i += PAGES_PER_INSERT) {
      await this.db.insertInto('resource_page_words').values(rows.slice(i, i + PAGES_PER_INSERT)).execute();
    }
  }

  /**
   * A resource's pages of words in page order, or undefined when the resource does not exist
   * (one query: the resource joined to its words).
   */
  async pagesOf(resourceId: string): Promise<PageWordsRow[] | undefined> {
    const rows = await this.db
      .selectFrom('resource')
      .leftJoin('resource_page_words', 'resource_page_words.resource_id', 'resource.id')
      .select(['resource.id', 'resource_page_words.page', 'resource_page_words.lines'])
      .where('resource.id', '=', resourceId)
      .orderBy('resource_page_words.page')
      .execute();
    if (rows.length === 0) return undefined;
    return rows.filter((r) => r.page !== null && r.lines !== null).map((r) => ({ page: Number(r.page), lines: r.lines! }));
  }
}

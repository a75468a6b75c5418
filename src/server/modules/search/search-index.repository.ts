import type { Dialect } from '../../db/database.js';
import { keepingRows } from '../../db/row-locks.js';
import type { Executor } from '../../db/unit-of-work.js';
import { distinctTerms, indexableText } from './search-terms.js';

export interface PageText {
  /** 1-based page number (page 0, the subject and file name, is written with the resource). */
  page: number;
  body: string;
  /** True when the text came from OCR. */
  ocr: boolean;
}

/**
 * Writes a resource's extracted text into the search index. The dialect-specific index
 * (FTS5 via triggers, or the generated tsvector) follows `resource_page` by itself.
 */
export class SearchIndexRepository {
  constructor(
    private readonly db: Executor,
    private readonly dialect: Dialect,
  ) {}

  /**
   * Replaces pages 1..N of a resource with `pages` and records their words for typo
   * correction; false when the resource is gone (deleted while it was processed). Several statements: the caller runs them in a unit of work (db/unit-of-work.ts),
   * so a reader sees the old text or the new, never half.
   */
  async replacePages(resourceId: string, pages: PageText[]): Promise<boolean> {
    const rows = pages.map((p) => ({
      resource_id: resourceId,
      page: p.page,
      body: indexableText(p.body),
      ocr: p.ocr ? 1 : 0,
    }));
    const terms = distinctTerms(rows.map((r) => r.body).join('\n'));
    // The resource first, then the pages (and the search index version their triggers move), in
    // the order a delete takes them: otherwise a delete of this resource meanwhile and this
    // transaction each wait for a lock the other holds (PostgreSQL ends one as a deadlock).
    const resource = await keepingRows(this.db.selectFrom('resource').select('id').where('id', '=', resourceId), this.dialect).executeTakeFirst();
    if (!resource) return false;
    await this.db.deleteFrom('resource_page').where('resource_id', '=', resourceId).where('page', '>', 0).execute();
    for (let i = 0; i < rows.length; i += 200) {
      await this.db.insertInto('resource_page').values(rows.slice(i, i + 200)).execute();
    }
    for (let i = 0; i < terms.length; i += 500) {
      await this.db
        .insertInto('search_term')
        .values(terms.slice(i, i + 500).map((term) => ({ term })))
        .onConflict((oc) => oc.column('term').doNothing())
        .execute();
    }
    return true;
  }

  /** The indexed text and OCR flag of some pages (1-based) of a resource. */
  async pageTexts(resourceId: string, pages: number[]): Promise<Array<{ page: number; body: string; ocr: number }>> {
    const rows: Array<{ page: number; body: string; ocr: number }> = [];
    for (let i = 0; i < pages.length; i += 500) {
      rows.push(
        ...(await this.db
          .selectFrom('resource_page')
          .select(['page', 'body', 'ocr'])
          .where('resource_id', '=', resourceId)
          .where('page', 'in', pages.slice(i, i + 500))
          .execute()),
      );
    }
    return rows.map((r) => ({ page: Number(r.page), body: r.body, ocr: Number(r.ocr) }));
  }
}

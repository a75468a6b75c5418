import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { distinctTerms } from './search-terms.js';

export interface PageText {
  /** 1-based page number (page 0, the subject and file name, is written with the resource). */
  page: number;
  body: string;
  /** True when the text came from OCR. */
  ocr: boolean;
}

/**
 * Control characters that PostgreSQL refuses in text (NUL) or that only confuse snippets, and
 * the two private-use characters that mark matches in snippets (search.repository.ts).
 */
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ue000\ue001]/g;

/**
 * Writes a resource's extracted text into the search index. The dialect-specific index
 * (FTS5 via triggers, or the generated tsvector) follows `resource_page` by itself.
 */
export class SearchIndexRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Replaces pages 1..N of a resource with `pages` and records their words for typo
   * correction, in one transaction: a reader sees the old text or the new, never half.
   */
  async replacePages(resourceId: string, pages: PageText[]): Promise<void> {
    const rows = pages.map((p) => ({
      resource_id: resourceId,
      page: p.page,
      body: p.body.replace(CONTROL_CHARACTERS, ' '),
      ocr: p.ocr ? 1 : 0,
    }));
    const terms = distinctTerms(rows.map((r) => r.body).join('\n'));
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('resource_page').where('resource_id', '=', resourceId).where('page', '>', 0).execute();
      for (let i = 0; i < rows.length; i += 200) {
        await trx.insertInto('resource_page').values(rows.slice(i, i + 200)).execute();
      }
      for (let i = 0; i < terms.length; i += 500) {
        await trx
          .insertInto('search_term')
          .values(terms.slice(i, i + 500).map((term) => ({ term })))
          .onConflict((oc) => oc.column('term').doNothing())
          .execute();
      }
    });
  }

  /** Rewrites page 0 (after the subject or title changes). */
  async replacePageZero(resourceId: string, body: string): Promise<void> {
    await this.db
      .updateTable('resource_page')
      .set({ body: body.replace(CONTROL_CHARACTERS, ' ') })
      .where('resource_id', '=', resourceId)
      .where('page', '=', 0)
      .execute();
  }
}

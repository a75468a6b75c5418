import { sql } from 'kysely';
import { SearchIndexRepository } from '../../../src/server/modules/search/search-index.repository.js';
import { upload } from './resources.js';
import type { TestApp } from './test-app.js';

/**
 * Writes pages 1..N of a resource's text in one transaction, as processing does once it has read
 * the PDF (processing-outcome.ts): the only place the search tests reach past the HTTP API to
 * write, so a change to how processing writes text is one change here.
 */
export async function writePageText(t: TestApp, resourceId: string, pages: string[]): Promise<void> {
  const written = await t.db.kysely
    .transaction()
    .execute((tx) => new SearchIndexRepository(tx, t.db.dialect).replacePages(resourceId, pages.map((body, i) => ({ page: i + 1, body, ocr: false }))));
  if (!written) throw new Error(`resource ${resourceId} is gone`);
}

/** One resource of a test corpus: its facets, the text of pages 1..N and its download count. */
export interface CorpusDoc {
  key: string;
  branch: string;
  semester: number;
  resourceType: 'NOTES' | 'PYQ';
  pages: string[];
  downloads: number;
}

/**
 * Uploads each document as `cookie` (subject and file name hold none of the corpus's query
 * words, so page 0 matches nothing), writes its page text and sets its download count. Returns
 * the resource id of each key.
 */
export async function uploadCorpus(t: TestApp, cookie: string, docs: CorpusDoc[], subject = 'Corpus Studies'): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const [i, doc] of docs.entries()) {
    const res = await upload(t, cookie, {
      file: { name: `paper-${i + 1}.pdf` },
      fields: { subject, branch: doc.branch, semester: String(doc.semester), resourceType: doc.resourceType },
    });
    if (res.statusCode !== 201) throw new Error(`upload of ${doc.key} failed: ${res.statusCode} ${res.body}`);
    const id = res.json().resource.id as string;
    ids.set(doc.key, id);
    await writePageText(t, id, doc.pages);
    await t.db.kysely.updateTable('resource').set({ downloads: doc.downloads }).where('id', '=', id).execute();
  }
  return ids;
}

/**
 * Resource ids (all, or those of `among`) as the database orders them newest first (created_at
 * desc, then id desc): the order of ties. Asked, not assumed from the upload order, since two
 * uploads may share a millisecond.
 */
export async function newestFirst(t: TestApp, among?: string[]): Promise<string[]> {
  let query = t.db.kysely.selectFrom('resource').select('id');
  if (among) query = query.where('id', 'in', among);
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map((r) => r.id);
}

/** Every indexed page (page 0, the subject and file name, included) with its stored text. */
export async function indexedPages(t: TestApp): Promise<Array<{ id: number; resourceId: string; page: number; body: string }>> {
  const rows = await t.db.kysely.selectFrom('resource_page').select(['id', 'resource_id', 'page', 'body']).orderBy('id').execute();
  return rows.map((r) => ({ id: Number(r.id), resourceId: r.resource_id, page: Number(r.page), body: r.body }));
}

/**
 * The full-text engine's own verdict on one page for one query, asked of that page alone: whether
 * it matches, and its rank. SQLite: bm25 of the FTS5 MATCH text (lower is better). PostgreSQL:
 * ts_rank_cd of the to_tsquery text (higher is better; proximity counts).
 */
export async function engineScore(t: TestApp, pageId: number, match: { sqlite: string; postgres: string }): Promise<number | undefined> {
  if (t.db.dialect === 'sqlite') {
    // An id bound as a JavaScript number is a REAL, which FTS5 ignores as a rowid: an integer.
    const { rows } = await sql<{ score: number }>`select bm25(resource_page_fts) as score from resource_page_fts
      where resource_page_fts match ${match.sqlite} and rowid = cast(${pageId} as integer)`.execute(t.db.kysely);
    return rows[0]?.score;
  }
  const { rows } = await sql<{ score: number; hit: boolean }>`
    select ts_rank_cd(tsv, q)::float8 as score, tsv @@ q as hit
    from resource_page, to_tsquery('english', ${match.postgres}) q where id = ${pageId}`.execute(t.db.kysely);
  return rows[0]?.hit ? Number(rows[0].score) : undefined;
}

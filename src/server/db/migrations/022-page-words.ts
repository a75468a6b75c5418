import type { Kysely } from 'kysely';

/**
 * The words OCR read on a scan's pages, with their boxes (issue 34,
 * docs/decisions/036-ocr-text-layer.md): one row per page read by OCR, `lines` a JSON array of
 * lines of { text, box: [left, top, right, bottom] }. Apart from resource_page, whose rows the search
 * index owns and reads on every query: the words are read only when a scan is previewed. Rows go
 * with their resource (cascade), and processing replaces a resource's rows in the transaction
 * that replaces its page text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('resource_page_words')
    .addColumn('resource_id', 'varchar(36)', (c) => c.notNull().references('resource.id').onDelete('cascade'))
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('lines', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('resource_page_words_pk', ['resource_id', 'page'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('resource_page_words').execute();
}

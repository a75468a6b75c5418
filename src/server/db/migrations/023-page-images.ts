import type { Kysely } from 'kysely';

/**
 * Page images (issue 34): processing renders the first pages of each resource as WebP at the
 * widths in PAGE_IMAGE_WIDTHS (shared/resource.ts), so the preview draws page 1 before pdf.js has
 * loaded. `page_image_key` names the set (its images are `<key>/<page>-<width>.webp`),
 * `page_image_count` how many pages it holds (1..count; 0 = none), and width and height are page
 * 1's at the largest width, so the preview sizes it before the image arrives. Existing rows get
 * none: they show pdf.js as before until they are processed again (reindex).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('resource').addColumn('page_image_key', 'varchar(200)').execute();
  await db.schema.alterTable('resource').addColumn('page_image_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('resource').addColumn('page_image_width', 'integer').execute();
  await db.schema.alterTable('resource').addColumn('page_image_height', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['page_image_height', 'page_image_width', 'page_image_count', 'page_image_key']) {
    await db.schema.alterTable('resource').dropColumn(column).execute();
  }
}

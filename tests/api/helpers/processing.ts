import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { unitOfWorkOn } from '../../../src/server/db/unit-of-work.js';
import { insertResource } from '../../../src/server/modules/resources/resource-transactions.js';
import { newStorageKey } from '../../../src/server/storage/file-store.js';
import type { TestApp } from './test-app.js';

/**
 * Stores `bytes` and records a resource with its pending job directly, skipping the upload's
 * PDF check: for files the check refuses (a bomb, a file pdf.js cannot open) that processing
 * must still survive, as if stored before the check existed or by a restore.
 */
export async function insertStoredResource(t: TestApp, bytes: Buffer, originalName: string, pageCount = 1): Promise<string> {
  const key = newStorageKey('resources', '.pdf');
  await t.fileStore.put(key, Readable.from([bytes]));
  const id = randomUUID();
  const now = new Date().toISOString();
  const inserted = await insertResource(
    unitOfWorkOn(t.db.kysely),
    {
      id,
      file_key: key,
      file_name: `stored-${id}.pdf`,
      original_name: originalName,
      subject: 'Data Structures',
      semester: 3,
      resource_type: 'NOTES',
      course: 'btech',
      branch: 'cse',
      academic_year: '2024-25',
      downloads: 0,
      file_size_mb: 1,
      size_bytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      page_count: pageCount,
      uploaded_by: null,
      created_at: now,
      updated_at: now,
      scanned: 0,
      thumbnail_key: null,
      thumbnail_type: null,
    },
  );
  if (!inserted) throw new Error(`${originalName} is already stored`);
  return id;
}

export function jobOf(t: TestApp, resourceId: string) {
  return t.db.kysely.selectFrom('processing_job').selectAll().where('resource_id', '=', resourceId).executeTakeFirst();
}

/** Pages 1..N of a resource's indexed text, in order. */
export function pagesOf(t: TestApp, resourceId: string) {
  return t.db.kysely
    .selectFrom('resource_page')
    .select(['page', 'body', 'ocr'])
    .where('resource_id', '=', resourceId)
    .where('page', '>', 0)
    .orderBy('page')
    .execute();
}

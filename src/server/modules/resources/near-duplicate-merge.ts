import type { UnitOfWork, UnitOfWorkTx } from '../../db/unit-of-work.js';
import { AuditLogRepository, type NewAuditEntry } from '../audit/audit-log.repository.js';
import type { ExtractedPage } from '../processing/processing.protocol.js';
import { NEAR_DUPLICATE, similarPapers } from './near-duplicate.js';
import { NearDuplicatePairRepository, NearDuplicateRepository } from './near-duplicate.repository.js';
import type { PageImageSet } from './page-image-keys.js';
import { ResourceRepository, type ResourceRow } from './resource.repository.js';

/**
 * After processing wrote a paper's text (scans included: OCR's text), flags every paper of the
 * subject it matches, in the same transaction (processing-outcome.ts, wired in app.ts): a third
 * scan of a paper pairs with both earlier ones, so whichever an admin keeps, none is missed.
 */
export class NearDuplicateFlagger {
  constructor(
    private readonly tx: UnitOfWorkTx,
    private readonly now: () => Date,
  ) {}

  async flag(resourceId: string, pages: readonly ExtractedPage[]): Promise<void> {
    const text = pages
      .filter((p) => p.page >= 1 && p.page <= NEAR_DUPLICATE.pages)
      .map((p) => p.body)
      .join('\n');
    if (!text.trim()) return;
    const paper = await new ResourceRepository(this.tx).findById(resourceId);
    if (!paper) return;
    const pairs = new NearDuplicatePairRepository(this.tx);
    const at = this.now().toISOString();
    for (const match of similarPapers(text, await new NearDuplicateRepository(this.tx).papersOfSubject(paper.subject, resourceId))) {
      await pairs.flag(resourceId, match.id, match.percent, at);
    }
  }
}

export type MergeOutcome = { ok: true; dropped: ResourceRow; files: { fileKey: string; thumbnailKey: string | null; pageImages: PageImageSet | null } } | { ok: false };

/**
 * Merges a flagged pair in one transaction: `keep` gets the downloads of both, the users and days
 * counted for `drop`, its shelf entries (a user who saved both keeps one) and the requests it
 * fulfilled; then `drop` is deleted (its pages, questions and pairs go by cascade), audited.
 * Its stored files are the caller's to delete once this has committed.
 */
export function mergePair(unitOfWork: UnitOfWork, keep: string, drop: string, audit: (kept: ResourceRow, dropped: ResourceRow) => NewAuditEntry): Promise<MergeOutcome> {
  return unitOfWork(async (tx) => {
    if (!(await new NearDuplicatePairRepository(tx).isFlagged(keep, drop))) return { ok: false };
    const resources = new ResourceRepository(tx);
    const [kept, dropped] = [await resources.findById(keep), await resources.findById(drop)];
    if (!kept || !dropped) return { ok: false };
    await tx
      .updateTable('resource')
      .set({ downloads: Number(kept.downloads) + Number(dropped.downloads) })
      .where('id', '=', keep)
      .execute();
    const counted = await tx.selectFrom('resource_download').select(['user_id', 'day']).where('resource_id', '=', drop).execute();
    for (let i = 0; i < counted.length; i += 500) {
      await tx
        .insertInto('resource_download')
        .values(counted.slice(i, i + 500).map((row) => ({ ...row, resource_id: keep })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    const shelved = await tx.selectFrom('shelf_item').select(['user_id', 'saved_at']).where('resource_id', '=', drop).execute();
    for (let i = 0; i < shelved.length; i += 500) {
      await tx
        .insertInto('shelf_item')
        .values(shelved.slice(i, i + 500).map((row) => ({ ...row, resource_id: keep })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    await tx.updateTable('resource_request').set({ resource_id: keep }).where('resource_id', '=', drop).execute();
    await resources.delete(drop);
    await new AuditLogRepository(tx).insert(audit(kept, dropped));
    const pageImages = dropped.page_image_key ? { key: dropped.page_image_key, count: Number(dropped.page_image_count) } : null;
    return { ok: true, dropped, files: { fileKey: dropped.file_key, thumbnailKey: dropped.thumbnail_key, pageImages } };
  });
}

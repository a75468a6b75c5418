import type { SessionUser } from '../../../shared/account.js';
import { NEAR_DUPLICATE_MESSAGES, type NearDuplicatePair, type PairPaper } from '../../../shared/near-duplicates.js';
import { conflict } from '../../http/http-error.js';
import type { Executor, UnitOfWork } from '../../db/unit-of-work.js';
import { AuditLogRepository } from '../audit/audit-log.repository.js';
import type { FileStore } from '../../storage/file-store.js';
import { mergePair } from './near-duplicate-merge.js';
import { NearDuplicatePairRepository } from './near-duplicate.repository.js';
import { deletePageImages } from './page-image-keys.js';
import { describeResource, presentResource } from './resource.presenter.js';
import type { ResourceRow } from './resource.repository.js';

/** Pairs an admin sees at once: the newest flagged. */
const LISTED_PAIRS = 100;

const notFlagged = () => conflict(NEAR_DUPLICATE_MESSAGES.notFlagged, { code: 'NOT_FLAGGED' });

/** The admins' side of near-duplicate papers (decision 047): list the flagged pairs, merge or dismiss one. */
export class NearDuplicateService {
  constructor(
    private readonly db: Executor,
    private readonly unitOfWork: UnitOfWork,
    private readonly files: FileStore,
  ) {}

  async list(): Promise<NearDuplicatePair[]> {
    const pairs = new NearDuplicatePairRepository(this.db);
    const rows = await pairs.flagged(LISTED_PAIRS);
    const ids = [...new Set(rows.flatMap((row) => [row.resource_a, row.resource_b]))];
    const papers = new Map<string, ResourceRow>((await pairs.papers(ids)).map((row) => [row.id, row]));
    return rows.map((row) => {
      const pair = [papers.get(row.resource_a)!, papers.get(row.resource_b)!].sort((x, y) => x.created_at.localeCompare(y.created_at));
      return { papers: [present(pair[0]!), present(pair[1]!)], percent: Number(row.percent), flaggedAt: row.flagged_at };
    });
  }

  /** Keeps `keep`, moves what pointed at `drop` onto it and deletes `drop` with its files. */
  async merge(user: SessionUser, keep: string, drop: string): Promise<void> {
    const outcome = await mergePair(this.unitOfWork, keep, drop, (kept, dropped) => ({
      actor: { id: user.id, name: user.name },
      action: 'resource.merge',
      targetType: 'resource',
      targetId: dropped.id,
      summary: `Merged ${describeResource(dropped)} into ${describeResource(kept)} (near duplicate)`,
      before: presentResource(dropped),
      after: { keptId: kept.id, downloads: Number(kept.downloads) + Number(dropped.downloads) },
    }));
    if (!outcome.ok) throw notFlagged();
    // After the commit: a crash here leaves unreferenced files for the start-up sweep, never a record without its file.
    await this.files.delete(outcome.files.fileKey);
    if (outcome.files.thumbnailKey) await this.files.delete(outcome.files.thumbnailKey);
    if (outcome.files.pageImages) await deletePageImages(this.files, outcome.files.pageImages);
  }

  async dismiss(user: SessionUser, a: string, b: string): Promise<void> {
    const dismissed = await this.unitOfWork(async (tx) => {
      if (!(await new NearDuplicatePairRepository(tx).dismiss(a, b))) return false;
      await new AuditLogRepository(tx).insert({
        actor: { id: user.id, name: user.name },
        action: 'near_duplicate.dismiss',
        targetType: 'resource',
        targetId: a,
        summary: `Dismissed a near-duplicate pair: ${a} and ${b} are different papers`,
        after: { a, b },
      });
      return true;
    });
    if (!dismissed) throw notFlagged();
  }
}

function present(row: ResourceRow): PairPaper {
  return {
    id: row.id,
    title: row.title,
    subject: row.subject,
    academicYear: row.academic_year,
    downloads: Number(row.downloads),
    pageCount: Number(row.page_count),
    scanned: Number(row.scanned) === 1,
    createdAt: row.created_at,
  };
}

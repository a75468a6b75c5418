import type { Readable } from 'node:stream';
import type { SessionUser } from '../../../shared/account.js';
import { RESOURCE_MESSAGES } from '../../../shared/resource.js';
import {
  MAX_SHELF_ITEMS,
  MAX_ZIP_FILES,
  SHELF_MESSAGES,
  type ShelfChangeResponse,
} from '../../../shared/shelf.js';
import type { ShelfListResponse } from '../../../shared/shelf-api.js';
import { badRequest, notFound } from '../../http/http-error.js';
import type { FileStore } from '../../storage/file-store.js';
import { presentResource } from '../resources/resource.presenter.js';
import { viewerOf } from '../resources/viewer.js';
import type { ShelfRepository, ShelfRow } from './shelf.repository.js';
import { zipEntryNames } from './zip-entry-names.js';
import { systemClock, type Clock } from '../../system/clock.js';
import { streamZip } from './zip-stream.js';

/** Counts one download of a resource for a user (ResourceService.recordDownload's rule). */
export type RecordDownload = (user: SessionUser, resourceId: string) => Promise<unknown>;

/**
 * "My shelf": each signed-in user's own saved resources (nobody sees another's shelf: every
 * query is by the caller's id), and a zip of several of them streamed from storage.
 */
export class ShelfService {
  constructor(
    private readonly repository: ShelfRepository,
    private readonly files: FileStore,
    private readonly recordDownload: RecordDownload,
    private readonly clock: Clock = systemClock,
  ) {}

  async list(user: SessionUser): Promise<ShelfListResponse> {
    const viewer = viewerOf(user);
    const rows = await this.repository.list(user.id, { withUploaderName: viewer.seesUploaderNames });
    return { items: rows.map((row) => ({ savedAt: row.saved_at, resource: presentResource(row, viewer) })) };
  }

  ids(user: SessionUser): Promise<string[]> {
    return this.repository.ids(user.id);
  }

  /** Saves a resource; saving it again changes nothing (not even when it was saved). */
  async save(user: SessionUser, resourceId: string): Promise<ShelfChangeResponse> {
    if (!(await this.repository.has(user.id, resourceId))) {
      // Checked before the insert: two saves at once may pass it together, and the shelf then
      // holds one more than the limit, which only bounds the list's size.
      if ((await this.repository.count(user.id)) >= MAX_SHELF_ITEMS) throw badRequest(SHELF_MESSAGES.shelfFull, { code: 'SHELF_FULL' });
      const exists = await this.repository.save(user.id, resourceId, this.clock().toISOString());
      if (!exists) throw notFound(RESOURCE_MESSAGES.notFound);
    }
    return { saved: true, count: await this.repository.count(user.id) };
  }

  /** Removes a resource; removing one that is not there (or no longer exists) is not an error. */
  async remove(user: SessionUser, resourceId: string): Promise<ShelfChangeResponse> {
    await this.repository.remove(user.id, resourceId);
    return { saved: false, count: await this.repository.count(user.id) };
  }

  /**
   * Counts a download of every file the zip of `ids` (or of the whole shelf) will hold, by the
   * same once-per-user-resource-and-day rule as a single download; returns how many files.
   */
  async recordZipDownload(user: SessionUser, ids?: readonly string[]): Promise<string[]> {
    const rows = await this.zipRows(user, ids);
    for (const row of rows) await this.recordDownload(user, row.id);
    return rows.map((row) => row.id);
  }

  /** The zip of `ids` (or of the whole shelf), streamed from storage; see zip-stream.ts. */
  async zip(user: SessionUser, ids?: readonly string[]): Promise<{ stream: Readable; size: number; files: number }> {
    const rows = await this.zipRows(user, ids);
    const names = zipEntryNames(rows);
    const { stream, size } = streamZip(
      rows.map((row, i) => ({
        name: names[i]!,
        size: Number(row.size_bytes),
        mtime: new Date(row.created_at),
        open: () => this.files.read(row.file_key),
      })),
    );
    return { stream, size, files: rows.length };
  }

  /** The shelf's rows the zip holds, in shelf order; refuses too many, or none. */
  private async zipRows(user: SessionUser, ids?: readonly string[]): Promise<ShelfRow[]> {
    if (ids && ids.length > MAX_ZIP_FILES) throw tooMany(ids.length);
    const rows = await this.repository.list(user.id, { ids, withUploaderName: false });
    if (rows.length > MAX_ZIP_FILES) throw tooMany(rows.length);
    if (!rows.length) throw badRequest(ids ? SHELF_MESSAGES.nothingToZip : SHELF_MESSAGES.shelfEmpty, { code: 'NOTHING_TO_ZIP' });
    return rows;
  }
}

const tooMany = (count: number) => badRequest(SHELF_MESSAGES.tooManyFiles(count), { code: 'TOO_MANY_FILES' });

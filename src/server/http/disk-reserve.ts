import type { FastifyInstance, FastifyRequest } from 'fastify';
import { storageFull } from './http-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Throws 507 "Storage is full" while free disk space is under the reserve; readMultipartForm
     * asks before it hands over a file. Unset in apps built without a reserve.
     */
    roomForFile?: () => Promise<void>;
  }
}

/**
 * Keeps `minFreeBytes` of disk (MIN_FREE_DISK_MB) for the small writes everyone depends on:
 * sessions, download counters, audit rows. A form's file (an upload, a report's screenshot) is
 * refused while less is free; the form's fields are checked first and nothing else depends on
 * it, so signing in, downloading and reading go on while the disk fills.
 */
export function registerDiskReserve(app: FastifyInstance, reserve: { minFreeBytes: number; freeBytes: () => Promise<number | undefined> }): void {
  async function roomForFile(this: FastifyRequest): Promise<void> {
    let free: number | undefined;
    try {
      free = await reserve.freeBytes();
    } catch (error) {
      // Free space unknown: the write goes ahead, and a disk that is truly full still answers 507.
      this.log.warn({ err: error }, 'disk reserve: free space unknown');
      return;
    }
    if (free !== undefined && free < reserve.minFreeBytes) {
      this.log.warn({ freeBytes: free, minFreeBytes: reserve.minFreeBytes }, 'disk reserve reached: file refused');
      throw storageFull();
    }
  }
  app.decorateRequest('roomForFile', roomForFile);
}

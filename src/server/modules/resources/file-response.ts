import contentDisposition from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import type { ByteRange } from '../../storage/file-store.js';
import type { ResourceFile } from './resource.service.js';

export type RangeDecision = { kind: 'full' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' };

/**
 * Reads the Range header: one range gets a 206; several ranges are answered in full (allowed by
 * RFC 9110), which pdf.js never asks for anyway. An If-Range that no longer matches means full.
 */
export function decideRange(request: FastifyRequest, file: ResourceFile): RangeDecision {
  const header = request.headers.range;
  if (!header || file.size === 0) return { kind: 'full' };
  const ifRange = request.headers['if-range'];
  if (ifRange && ifRange !== etagOf(file)) return { kind: 'full' };
  const ranges = parseRange(file.size, header, { combine: true });
  if (ranges === -1) return { kind: 'unsatisfiable' };
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return { kind: 'full' };
  return { kind: 'partial', range: { start: ranges[0]!.start, end: ranges[0]!.end } };
}

export const etagOf = (file: ResourceFile) => `"${file.sha256}"`;

/**
 * Headers for a stored PDF. Always an attachment: opened in a tab it downloads under its
 * original name (RFC 6266 filename and filename*), and an uploaded file never renders as a page
 * of our origin. The viewer reads the same address with fetch, which ignores the disposition.
 */
export function setFileHeaders(reply: FastifyReply, file: ResourceFile): void {
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition(file.originalName, { type: 'attachment' }))
    .header('accept-ranges', 'bytes')
    .header('etag', etagOf(file))
    // A stored file never changes under its id; only signed-in users may read it.
    .header('cache-control', 'private, max-age=86400')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox");
}

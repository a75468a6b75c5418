import { shelfDownloadResponseSchema } from '@shared/shelf-api';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/shelf/download: counts each file's download (as a single download does) and names
 * the zip's address; the browser then fetches the zip itself, straight to disk.
 */
export function prepareZipDownload(ids: readonly string[]) {
  return apiRequest('/api/shelf/download', shelfDownloadResponseSchema, { method: 'POST', body: { ids } });
}

import { downloadResponseSchema } from '@shared/resource';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/resources/:id/download: counts the download and returns the file address. */
export function recordDownload(id: string) {
  return apiRequest(`/api/resources/${encodeURIComponent(id)}/download`, downloadResponseSchema, { method: 'POST' });
}

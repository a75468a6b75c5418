import { uploadGuessResponseSchema, type UploadGuessRequest } from '@shared/upload-guess';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/resources/guess: what a file's name and first page suggest for its fields, and why a scan's header was not read. */
export function guessUpload(request: UploadGuessRequest, signal?: AbortSignal) {
  return apiRequest('/api/resources/guess', uploadGuessResponseSchema, { method: 'POST', body: request, signal });
}

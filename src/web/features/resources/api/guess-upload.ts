import { uploadGuessResponseSchema, type UploadGuessRequest } from '@shared/upload-guess';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/resources/guess: what a file's name and first page suggest for its fields. */
export async function guessUpload(request: UploadGuessRequest, signal?: AbortSignal) {
  return (await apiRequest('/api/resources/guess', uploadGuessResponseSchema, { method: 'POST', body: request, signal })).guess;
}

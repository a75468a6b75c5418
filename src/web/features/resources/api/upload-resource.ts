import type { z } from '@shared/zod';
import { apiErrorSchema } from '@shared/api/error.schema';
import { requestDecisionResponseSchema } from '@shared/request';
import { RESOURCE_MESSAGES, resourceResponseSchema, type Resource } from '@shared/resource';
import type { UploadFields } from '@shared/upload-fields';
import { ApiRequestError } from '../../../lib/api-client';

/**
 * A multipart/form-data POST through XMLHttpRequest, because fetch cannot report upload
 * progress. The fields go before the file: the server validates them before storing a byte.
 */
function postWithProgress<T extends z.ZodMiniType>(
  url: string,
  fields: Record<string, string | number>,
  file: File,
  responseSchema: T,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<z.infer<T>> {
  const form = new FormData();
  // A field left unset (an exam not known) is not sent at all.
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, String(value));
  form.append('file', file, file.name);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.responseType = 'json';
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = responseSchema.safeParse(xhr.response);
        if (parsed.success) resolve(parsed.data);
        else reject(new ApiRequestError(RESOURCE_MESSAGES.uploadFailed, xhr.status));
        return;
      }
      const error = apiErrorSchema.safeParse(xhr.response);
      reject(
        new ApiRequestError(
          error.success ? error.data.message : RESOURCE_MESSAGES.uploadFailed,
          xhr.status,
          error.success ? error.data.code : undefined,
          error.success ? error.data.field : undefined,
          xhr.response as unknown,
        ),
      );
    };
    xhr.onerror = () => reject(new ApiRequestError('Cannot reach the server. Check your connection and try again.', 0));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** POST /api/resources: a new resource. */
export async function uploadResource(fields: UploadFields, file: File, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<Resource> {
  const answer = await postWithProgress('/api/resources', fields, file, resourceResponseSchema, onProgress, signal);
  return answer.resource;
}

/**
 * POST /api/requests/:id/upload: a new resource that fulfils a request. Only the type and the
 * file are sent; the class, subject and year are the request's.
 */
export function uploadForRequest(
  requestId: string,
  fields: Pick<UploadFields, 'resourceType' | 'confirmNearDuplicate'>,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
) {
  return postWithProgress(`/api/requests/${encodeURIComponent(requestId)}/upload`, fields, file, requestDecisionResponseSchema, onProgress, signal);
}

import { apiErrorSchema } from '@shared/api/error.schema';
import { RESOURCE_MESSAGES, resourceResponseSchema, type Resource, type UploadFields } from '@shared/resource';
import { ApiRequestError } from '../../../lib/api-client';

/**
 * POST /api/resources as multipart/form-data, through XMLHttpRequest because fetch cannot report
 * upload progress. The fields go before the file: the server validates them before storing a byte.
 */
export function uploadResource(
  fields: UploadFields,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<Resource> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  form.append('file', file, file.name);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/resources');
    xhr.responseType = 'json';
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = resourceResponseSchema.safeParse(xhr.response);
        if (parsed.success) resolve(parsed.data.resource);
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
        ),
      );
    };
    xhr.onerror = () => reject(new ApiRequestError('Cannot reach the server. Check your connection and try again.', 0));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

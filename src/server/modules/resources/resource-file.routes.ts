import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../shared/api/error.schema.js';
import { uploadConflictSchema } from '../../../shared/api/upload-conflict.schema.js';
import { RESOURCE_MESSAGES, resourceIdParamsSchema, resourceResponseSchema, type Resource } from '../../../shared/resource.js';
import { replaceFileFieldsSchema } from '../../../shared/resource-edit.js';
import type { SessionUser } from '../../../shared/account.js';
import { requirePermission } from '../../auth/session.js';
import { unsupportedMediaType } from '../../http/http-error.js';
import { multipartBodySchema, streamedBodyValidator } from '../../http/multipart-form.js';
import { PDF_PART, readUpload, registerUploadParser } from './read-upload.js';
import type { ResourceFileReplaceService } from './resource-file-replace.service.js';

/** PUT /api/resources/:id/file: the uploader or an admin replaces the PDF; the resource keeps its id (decision 054). */
export function resourceFileRoutes(
  service: ResourceFileReplaceService,
  present: (user: SessionUser, id: string) => Promise<Resource>,
  limits: { maxUploadMb: number },
): FastifyPluginAsyncZod {
  return async (app) => {
    await registerUploadParser(app, limits.maxUploadMb);
    app.put(
      '/resources/:id/file',
      {
        preHandler: requirePermission('browseResources', RESOURCE_MESSAGES.editForbidden),
        validatorCompiler: streamedBodyValidator,
        schema: {
          tags: ['resources'],
          summary: 'Replace the PDF (multipart/form-data: file); checked as an upload, processed again',
          consumes: ['multipart/form-data'],
          params: resourceIdParamsSchema,
          body: multipartBodySchema(replaceFileFieldsSchema, PDF_PART),
          response: { 200: resourceResponseSchema, 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: uploadConflictSchema, 413: apiErrorSchema, 422: apiErrorSchema },
        },
      },
      async (request) => {
        if (!request.isMultipart()) throw unsupportedMediaType(RESOURCE_MESSAGES.fieldsMissing);
        const { file } = await readUpload(request, replaceFileFieldsSchema);
        await service.replaceAs(request.user!, request.params.id, file!);
        return { resource: await present(request.user!, request.params.id) };
      },
    );
  };
}

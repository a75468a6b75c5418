import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '../../../shared/account.js';
import {
  RESOURCE_MESSAGES,
  downloadResponseSchema,
  resourceFileUrl,
  resourceIdParamsSchema,
  resourceListQuerySchema,
  resourceListResponseSchema,
  resourceResponseSchema,
} from '../../../shared/resource.js';
import { resourceEditSchemaFor } from '../../../shared/resource-edit.js';
import { uploadConflictSchema } from '../../../shared/api/upload-conflict.schema.js';
import { uploadAcademicYears, uploadFieldsSchemaFor } from '../../../shared/upload-fields.js';
import { resourceTeaserResponseSchema } from '../../../shared/resource-teaser.js';
import { pageImageParamsSchema, pageImageQuerySchema } from '../../../shared/page-images.js';
import type { PublicConfig } from '../../../shared/public-config.js';
import { requirePermission } from '../../auth/session.js';
import { unsupportedMediaType } from '../../http/http-error.js';
import { multipartBodySchema, streamedBodyValidator } from '../../http/multipart-form.js';
import { decideRange, setFileHeaders } from './file-response.js';
import { rangeOutsideFile } from './resource-errors.js';
import { PDF_PART, readUpload, registerUploadParser } from './read-upload.js';
import type { ResourceEditService } from './resource-edit.service.js';
import type { ResourceService } from './resource.service.js';

const browse = requirePermission('browseResources');

/** The resource library API: list, upload, one resource, download, file bytes, thumbnail, page images, delete. */
export function resourceRoutes(
  service: ResourceService,
  edits: ResourceEditService,
  limits: { maxUploadMb: number; public: PublicConfig },
): FastifyPluginAsyncZod {
  return async (app) => {
    await registerUploadParser(app, limits.maxUploadMb);

    app.get(
      '/resources',
      {
        preHandler: browse,
        schema: {
          tags: ['resources'],
          summary: 'Filter, search and page through resources',
          querystring: resourceListQuerySchema,
          response: { 200: resourceListResponseSchema },
        },
      },
      async (request) => service.list(request.user!, request.query),
    );

    // The form's fields, checked as they are read; the years offered move in July.
    const { academicYearsShown, firstAcademicYear, exams } = limits.public;
    const offeredYears = () => uploadAcademicYears(academicYearsShown, firstAcademicYear);
    const uploadFields = uploadFieldsSchemaFor(offeredYears, { exams, firstYear: firstAcademicYear });
    // An edit checks each field it changes as the upload form does (issue 36).
    const editFields = resourceEditSchemaFor(offeredYears, { exams, firstYear: firstAcademicYear });
    app.post(
      '/resources',
      {
        preHandler: requirePermission('uploadResources', RESOURCE_MESSAGES.uploadForbidden, RESOURCE_MESSAGES.loginFirst),
        validatorCompiler: streamedBodyValidator,
        schema: {
          tags: ['resources'],
          summary: 'Upload a PDF (multipart/form-data: course, branch, semester, subject, resourceType, academicYear, title, exam, examMonth, examYear, confirmNearDuplicate, then file)',
          consumes: ['multipart/form-data'],
          body: multipartBodySchema(uploadFields, PDF_PART),
          response: { 201: resourceResponseSchema, 409: uploadConflictSchema },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw unsupportedMediaType(RESOURCE_MESSAGES.fieldsMissing);
        const resource = await service.upload(request.user!, await readUpload(request, uploadFields));
        return reply.code(201).send({ resource });
      },
    );

    app.get(
      '/resources/:id',
      {
        preHandler: browse,
        schema: { tags: ['resources'], summary: 'One resource', params: resourceIdParamsSchema, response: { 200: resourceResponseSchema } },
      },
      async (request) => ({ resource: await service.get(request.user!, request.params.id) }),
    );

    // Signed out on purpose: a shared link's login page names the paper it leads to.
    app.get(
      '/resources/:id/teaser',
      {
        schema: {
          tags: ['resources'],
          summary: 'A resource\'s title and type, for the login page of a shared link',
          params: resourceIdParamsSchema,
          response: { 200: resourceTeaserResponseSchema },
        },
      },
      async (request) => ({ resource: await service.teaser(request.params.id) }),
    );

    app.patch(
      '/resources/:id',
      {
        preHandler: browse,
        schema: {
          tags: ['resources'],
          summary: 'Change any of a resource\'s fields: title, branch, semester, subject, type, year, exam (its uploader or an admin)',
          params: resourceIdParamsSchema,
          body: editFields,
          response: { 200: resourceResponseSchema },
        },
      },
      async (request) => ({ resource: await edits.edit(request.user!, request.params.id, request.body) }),
    );

    app.post(
      '/resources/:id/download',
      {
        preHandler: requirePermission('browseResources', RESOURCE_MESSAGES.loginToDownload, RESOURCE_MESSAGES.loginToDownload),
        schema: {
          tags: ['resources'],
          summary: 'Count a download and get the file address',
          params: resourceIdParamsSchema,
          response: { 200: downloadResponseSchema },
        },
      },
      async (request) => {
        const downloads = await service.recordDownload(request.user!, request.params.id);
        return { url: resourceFileUrl(request.params.id), downloads };
      },
    );

    app.get(
      '/resources/:id/file',
      {
        preHandler: requirePermission('browseResources', RESOURCE_MESSAGES.loginToDownload, RESOURCE_MESSAGES.loginToDownload),
        // Compressing would break byte ranges, and PDFs are compressed already.
        compress: false,
        schema: {
          tags: ['resources'],
          summary: 'The PDF bytes; answers Range requests with 206',
          params: resourceIdParamsSchema,
        },
      },
      async (request, reply) => {
        const file = await service.fileOf(request.params.id);
        // The proxy sends the bytes (sendfile, ranges included); this answer only names the file.
        const handOff = service.handOffLocation(file);
        const decision = handOff ? ({ kind: 'full' } as const) : decideRange(request, file);
        // Refused before the file's headers are set: the 416 is an error body, not a cacheable PDF.
        if (decision.kind === 'unsatisfiable') throw rangeOutsideFile(file.size);
        setFileHeaders(reply, file);
        if (handOff) return reply.header('x-accel-redirect', handOff).send();
        if (decision.kind === 'partial') {
          const { start, end } = decision.range;
          reply.code(206).header('content-range', `bytes ${start}-${end}/${file.size}`).header('content-length', end - start + 1);
          return reply.send(await service.readFile(file, decision.range));
        }
        reply.header('content-length', file.size);
        return reply.send(await service.readFile(file));
      },
    );

    app.get(
      '/resources/:id/thumbnail',
      {
        // The same rule as the file: the image shows the file's first page.
        preHandler: requirePermission('browseResources', RESOURCE_MESSAGES.loginToDownload, RESOURCE_MESSAGES.loginToDownload),
        compress: false,
        schema: {
          tags: ['resources'],
          summary: 'First-page image (WebP or PNG); 404 until processing has made it',
          params: resourceIdParamsSchema,
        },
      },
      async (request, reply) => {
        const thumbnail = await service.thumbnailOf(request.params.id);
        const body = await service.readThumbnail(thumbnail.key);
        // The URL carries the key's version (?v=), so a new image gets a new address.
        return reply
          .header('content-type', thumbnail.contentType)
          .header('cache-control', 'private, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(body);
      },
    );

    app.get(
      '/resources/:id/pages/:page',
      {
        // The same rule as the file: the image shows one of its pages.
        preHandler: requirePermission('browseResources', RESOURCE_MESSAGES.loginToDownload, RESOURCE_MESSAGES.loginToDownload),
        compress: false,
        schema: {
          tags: ['resources'],
          summary: 'One page as a WebP image, ?w= one of the page image widths; 404 for a page without one (resource.pageImages.count)',
          params: pageImageParamsSchema,
          querystring: pageImageQuerySchema,
        },
      },
      async (request, reply) => {
        const key = await service.pageImageOf(request.params.id, request.params.page, request.query.w);
        const body = await service.readThumbnail(key);
        // The URL carries the set's version (?v=), so new images get new addresses.
        return reply
          .header('content-type', 'image/webp')
          .header('cache-control', 'private, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(body);
      },
    );

    app.delete(
      '/resources/:id',
      {
        preHandler: requirePermission('deleteResources', RESOURCE_MESSAGES.adminRequired),
        schema: {
          tags: ['resources'],
          summary: 'Delete a resource and its file (admins)',
          params: resourceIdParamsSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        await service.delete(request.user!, request.params.id);
        return { message: RESOURCE_MESSAGES.deleted };
      },
    );
  };
}


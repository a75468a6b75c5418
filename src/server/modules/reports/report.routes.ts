import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../shared/api/error.schema.js';
import {
  REPORT_MESSAGES,
  SCREENSHOT_EXTENSIONS,
  SCREENSHOT_FIELD,
  SCREENSHOT_MAX_BYTES,
  createReportResponseSchema,
  myReportsQuerySchema,
  reportFieldsSchema,
  reportIdParamsSchema,
  reportListQuerySchema,
  reportPageSchema,
  reportResponseSchema,
  reportStatusRequestSchema,
  statusChangedMessage,
} from '../../../shared/report.js';
import { requirePermission } from '../../auth/session.js';
import { badRequest, unsupportedMediaType } from '../../http/http-error.js';
import { multipartBodySchema, readMultipartForm, registerMultipartParser, streamedBodyValidator } from '../../http/multipart-form.js';
import type { ReportService } from './report.service.js';

const reporters = requirePermission('reportIssues');
const adminsOnly = requirePermission('manageReports', REPORT_MESSAGES.adminOnly);
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const tags = ['reports'];
/** The text fields come first, then an optional screenshot under its own name. */
const screenshotPart = { field: { name: SCREENSHOT_FIELD, wrongName: () => badRequest(REPORT_MESSAGES.screenshotField, { field: SCREENSHOT_FIELD }) } };

/** /api/reports: report an issue, see one's own reports, and the admins' inbox. */
export function reportRoutes(service: ReportService): FastifyPluginAsyncZod {
  return async (app) => {
    // A description of 2000 characters is at most 8000 bytes of UTF-8; a longer value is cut
    // here and then refused by the schema's length rule. The file limit cuts the stream at
    // 5 MiB while it arrives; a cut file is refused by the service.
    await registerMultipartParser(app, { fileSize: SCREENSHOT_MAX_BYTES, files: 1, fields: 10, fieldSize: 16 * 1024, parts: 11 });
    // Reports carry e-mail addresses and are per user: never kept by a shared cache.
    app.addHook('onSend', async (_request, reply) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    });

    app.post(
      '/reports',
      {
        preHandler: reporters,
        validatorCompiler: streamedBodyValidator,
        schema: {
          tags,
          summary:
            'Report an issue (multipart/form-data: issueType, title, description, priority, email, then an optional "screenshot" file: PNG, JPEG or WebP up to 5 MiB)',
          consumes: ['multipart/form-data'],
          body: multipartBodySchema(reportFieldsSchema, {
            name: SCREENSHOT_FIELD,
            description: 'Optional; PNG, JPEG or WebP up to 5 MiB, sent after the fields',
            optional: true,
          }),
          response: { 201: createReportResponseSchema, ...errors, 413: apiErrorSchema, 415: apiErrorSchema, 429: apiErrorSchema },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw unsupportedMediaType(REPORT_MESSAGES.notMultipart);
        const report = await service.create(request.user!, await readMultipartForm(request, reportFieldsSchema, screenshotPart));
        return reply.code(201).send({ message: REPORT_MESSAGES.submitted, report });
      },
    );

    app.get(
      '/reports/mine',
      {
        preHandler: reporters,
        schema: {
          tags,
          summary: "The signed-in user's reports, newest first (20 a page)",
          querystring: myReportsQuerySchema,
          response: { 200: reportPageSchema, ...errors },
        },
      },
      async (request) => service.mine(request.user!, request.query.page),
    );

    app.get(
      '/reports',
      {
        preHandler: adminsOnly,
        schema: {
          tags,
          summary: 'Every report, filtered by status, type and priority, newest first (20 a page; admins)',
          querystring: reportListQuerySchema,
          response: { 200: reportPageSchema, ...errors },
        },
      },
      async (request) => service.list(request.user!, request.query),
    );

    app.get(
      '/reports/:id',
      {
        preHandler: reporters,
        schema: {
          tags,
          summary: 'One report (its reporter or an admin; 404 for anyone else)',
          params: reportIdParamsSchema,
          response: { 200: reportResponseSchema, ...errors },
        },
      },
      async (request) => ({ report: await service.get(request.user!, request.params.id) }),
    );

    app.get(
      '/reports/:id/screenshot',
      {
        preHandler: reporters,
        // Images are compressed already.
        compress: false,
        schema: {
          tags,
          summary: "A report's screenshot, with the type recognised from its bytes (its reporter or an admin)",
          params: reportIdParamsSchema,
        },
      },
      async (request, reply) => {
        const file = await service.screenshotOf(request.user!, request.params.id);
        const stream = await service.readScreenshot(file);
        return reply
          .header('content-type', file.type)
          .header('content-length', file.size)
          .header('content-disposition', `inline; filename="screenshot-${request.params.id}${SCREENSHOT_EXTENSIONS[file.type]}"`)
          .header('x-content-type-options', 'nosniff')
          // Private to the reporter and admins, and it may contain personal data: not stored.
          .header('cache-control', 'private, no-store')
          // Opened in a tab, an uploaded file never runs as a page of our origin.
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(stream);
      },
    );

    app.patch(
      '/reports/:id/status',
      {
        preHandler: adminsOnly,
        schema: {
          tags,
          summary: 'Move a report to open, in_progress or resolved (admins)',
          params: reportIdParamsSchema,
          body: reportStatusRequestSchema,
          response: { 200: createReportResponseSchema, ...errors },
        },
      },
      async (request) => {
        const report = await service.setStatus(request.user!, request.params.id, request.body.status);
        return { message: statusChangedMessage(report.status), report };
      },
    );
  };
}

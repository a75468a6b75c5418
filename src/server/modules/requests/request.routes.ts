import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../shared/api/error.schema.js';
import {
  REQUEST_MESSAGES,
  createRequestResponseSchema,
  createRequestSchemaFor,
  declineRequestSchema,
  linkResourceSchema,
  requestDecisionResponseSchema,
  requestIdParamsSchema,
  requestListResponseSchema,
  requestQueueQuerySchema,
  requestQueueResponseSchema,
  requestResponseSchema,
} from '../../../shared/request.js';
import { requirePermission } from '../../auth/session.js';
import { unsupportedMediaType } from '../../http/http-error.js';
import { noStore } from '../../http/no-store.js';
import { multipartBodySchema, streamedBodyValidator } from '../../http/multipart-form.js';
import { PDF_PART, readUpload, registerUploadParser } from '../resources/read-upload.js';
import { requestUploadFormSchema } from '../../../shared/upload-fields.js';
import type { Outcome, RequestService } from './request.service.js';

const tags = ['requests'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const signedIn = requirePermission('requestResources');
const handler = requirePermission('handleRequests', REQUEST_MESSAGES.notYourClass);

const decided = (message: string, outcome: Outcome) => ({
  message: outcome.mailed ? message : `${message}. ${REQUEST_MESSAGES.mailFailed}`,
  ...outcome,
});

/** /api/requests: ask for a missing resource, follow one's requests, and the CR/admin queue. */
export function requestRoutes(service: RequestService, limits: { maxUploadMb: number; exams: () => readonly string[] }): FastifyPluginAsyncZod {
  return async (app) => {
    await registerUploadParser(app, limits.maxUploadMb);
    app.addHook('onSend', noStore);

    app.post(
      '/requests',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'Request a missing resource; an identical open request gains you as a supporter instead',
          // Checked in SPEC.md's order, each field with its message; the years offered move in July.
          body: createRequestSchemaFor(() => service.offeredAcademicYears(), { exams: limits.exams }),
          response: { 200: createRequestResponseSchema, 201: createRequestResponseSchema, ...errors, 429: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const created = await service.create(request.user!, request.body);
        const message = created.alreadySupported
          ? 'You have already asked for this resource.'
          : created.merged
            ? `Others asked for this too: you were added as a supporter (${created.request.supporters} students want it).`
            : REQUEST_MESSAGES.submitted;
        return reply.code(created.merged ? 200 : 201).send({ message, request: created.request, merged: created.merged });
      },
    );

    app.get(
      '/requests/mine',
      { preHandler: signedIn, schema: { tags, summary: 'Requests you made or support, newest first', response: { 200: requestListResponseSchema, ...errors } } },
      async (request) => ({ requests: await service.mine(request.user!) }),
    );

    app.get(
      '/requests/queue',
      {
        preHandler: handler,
        schema: {
          tags,
          summary: "Requests to handle: a CR's own class, every class for admins; most wanted first",
          querystring: requestQueueQuerySchema,
          response: { 200: requestQueueResponseSchema, ...errors },
        },
      },
      async (request) => service.queue(request.user!, request.query),
    );

    app.get(
      '/requests/:id',
      {
        preHandler: signedIn,
        schema: { tags, summary: 'One request (its supporters, its class CRs and admins)', params: requestIdParamsSchema, response: { 200: requestResponseSchema, ...errors } },
      },
      async (request) => ({ request: await service.get(request.user!, request.params.id) }),
    );

    app.post(
      '/requests/:id/upload',
      {
        preHandler: handler,
        validatorCompiler: streamedBodyValidator,
        schema: {
          tags,
          summary: 'Fulfil a request by uploading a PDF (multipart: resourceType, then file); the rest comes from the request',
          consumes: ['multipart/form-data'],
          params: requestIdParamsSchema,
          body: multipartBodySchema(requestUploadFormSchema, PDF_PART),
          response: { 201: requestDecisionResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw unsupportedMediaType('Please select a PDF file to upload');
        const outcome = await service.fulfilWithUpload(request.user!, request.params.id, await readUpload(request, requestUploadFormSchema));
        return reply.code(201).send(decided(REQUEST_MESSAGES.fulfilled, outcome));
      },
    );

    app.post(
      '/requests/:id/fulfil',
      {
        preHandler: handler,
        schema: {
          tags,
          summary: 'Fulfil a request with a resource already in the library (same branch and semester)',
          params: requestIdParamsSchema,
          body: linkResourceSchema,
          response: { 200: requestDecisionResponseSchema, ...errors },
        },
      },
      async (request) =>
        decided(REQUEST_MESSAGES.fulfilled, await service.fulfilWithResource(request.user!, request.params.id, request.body.resourceId)),
    );

    app.post(
      '/requests/:id/decline',
      {
        preHandler: handler,
        schema: {
          tags,
          summary: 'Decline a request with a reason the students are told',
          params: requestIdParamsSchema,
          body: declineRequestSchema,
          response: { 200: requestDecisionResponseSchema, ...errors },
        },
      },
      async (request) => decided(REQUEST_MESSAGES.declined, await service.decline(request.user!, request.params.id, request.body.reason)),
    );
  };
}

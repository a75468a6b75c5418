import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { $ZodType, output } from 'zod/v4/core';
import { RESOURCE_MESSAGES, maxUploadBytes } from '../../../shared/resource.js';
import { badRequest } from '../../http/http-error.js';
import { readMultipartForm, registerMultipartParser, type FilePart } from '../../http/multipart-form.js';
import type { IncomingUpload } from './resource.service.js';

/**
 * Multipart parsing for PDF upload forms (a new resource, a request's upload), in the calling
 * plugin's scope: one file of at most MAX_UPLOAD_MB, and a handful of short fields.
 */
export async function registerUploadParser(app: FastifyInstance, maxUploadMb: number): Promise<void> {
  await registerMultipartParser(app, { fileSize: maxUploadBytes(maxUploadMb), files: 1, fields: 12, fieldSize: 1024, parts: 13 });
}

/** The PDF part of an upload form, after its fields (the web client names it "file"). */
export const PDF_PART: FilePart = { name: 'file', description: 'The PDF, sent after the fields' };

/**
 * Reads a PDF upload form up to its file part, its fields checked with `schema` (the route's
 * body schema) before a byte of the file is stored. The file may come under any field name;
 * without one the fields cannot be told either, so the answer asks for the file.
 */
export function readUpload<S extends $ZodType>(request: FastifyRequest, schema: S): Promise<IncomingUpload<output<S>>> {
  return readMultipartForm(request, schema, { missing: () => badRequest(RESOURCE_MESSAGES.fieldsMissing, { field: 'file' }) });
}

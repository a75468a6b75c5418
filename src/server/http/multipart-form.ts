import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyRouteSchemaDef, FastifyValidationResult } from 'fastify/types/schema.js';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import type { $ZodType, output } from 'zod/v4/core';
import { describe, z } from '../../shared/zod.js';
import type { HttpError } from './http-error.js';
import { containsNul, refuseNul } from './invalid-characters.js';
import { drain } from './drain.js';
import { parseInput } from './validation.js';

/** The file part of a multipart form; `truncated` turns true when the parser's size limit cut it. */
export interface IncomingFile {
  stream: Readable & { truncated?: boolean };
  filename: string;
}

/** A form whose fields passed their schema, and its file still arriving. */
export interface MultipartForm<Fields> {
  fields: Fields;
  file?: IncomingFile;
}

/** What a form's file part must be; the refusals are the feature's own messages. */
export interface FileRules {
  /**
   * The file part's field name: a file under another name is refused with `wrongName()`, and an
   * empty file input under it (what a plain HTML form sends when nothing was chosen) is no file.
   * Left out: a file under any name is taken.
   */
  field?: { name: string; wrongName: () => HttpError };
  /** The refusal for a form without a file. Left out, the file is optional. */
  missing?: () => HttpError;
}

/**
 * Multipart parsing in the calling plugin's scope. The file limit cuts the stream while it
 * arrives; a cut file is flagged `truncated` (instead of the parser's error) and refused by the
 * service that stores it, with its own message.
 */
export async function registerMultipartParser(
  app: FastifyInstance,
  limits: { fileSize: number; files: number; fields: number; fieldSize: number; parts: number },
): Promise<void> {
  await app.register(fastifyMultipart, { limits, throwFileSizeLimit: false });
}

/** A form's file part as the OpenAPI document shows it. */
export interface FilePart {
  name: string;
  description: string;
  optional?: boolean;
}

/**
 * A multipart route's body schema, for the OpenAPI document: the form's fields (the shared schema
 * readMultipartForm checks them with, so the rules are written once) and its file part as binary.
 * Fastify does not validate it (see `streamedBodyValidator`).
 */
export function multipartBodySchema<F extends z.ZodMiniObject>(fields: F, file: FilePart) {
  const part = describe(z.file(), file.description);
  return z.extend(fields, { [file.name]: file.optional ? z.optional(part) : part });
}

/**
 * The validator compiler of a multipart route: params and query are checked as on any route, the
 * body is not. The multipart parser hands Fastify no body: readMultipartForm reads the stream and
 * checks the fields before the file arrives; a body of another type is the handler's 415.
 */
export function streamedBodyValidator<T>(route: FastifyRouteSchemaDef<T>): FastifyValidationResult {
  // The route's other schemas are zod, as everywhere (app.ts sets the same compiler globally).
  return route.httpPart === 'body' ? () => true : validatorCompiler(route as FastifyRouteSchemaDef<never>);
}

/**
 * Reads a multipart form up to its file part and checks the fields before it with `schema`, the
 * route's body schema for the form: the fields come first (our clients send them first), so they
 * are checked before a byte of the file is stored. Fields sent after the file are not read, and
 * the schema asks for them as missing; the first value of a repeated field counts. Without a file
 * part every field is read. A refused form's file is drained first, so the client reads our answer.
 */
export async function readMultipartForm<S extends $ZodType>(
  request: FastifyRequest,
  schema: S,
  rules: FileRules & { missing: () => HttpError },
): Promise<MultipartForm<output<S>> & { file: IncomingFile }>;
export async function readMultipartForm<S extends $ZodType>(request: FastifyRequest, schema: S, rules?: FileRules): Promise<MultipartForm<output<S>>>;
export async function readMultipartForm<S extends $ZodType>(
  request: FastifyRequest,
  schema: S,
  rules: FileRules = {},
): Promise<MultipartForm<output<S>>> {
  const fields: Record<string, unknown> = {};
  for await (const part of request.parts()) {
    if (part.type !== 'file') {
      if (!(part.fieldname in fields)) fields[part.fieldname] = part.value;
      continue;
    }
    const { field } = rules;
    if (field && part.filename === '' && part.fieldname === field.name) {
      part.file.resume();
      continue;
    }
    if (containsNul(fields)) {
      // Answer the 400 after the body, not over it: the client is still sending the file.
      part.file.resume();
      refuseNul(fields);
    }
    const checked = await checkBeforeFile(request, schema, fields, part.file, () => {
      if (field && part.fieldname !== field.name) throw field.wrongName();
    });
    return { fields: checked, file: { stream: part.file, filename: decodeFormFilename(part.filename) } };
  }
  // Without a file part the fields may be incomplete too: ask for the file first.
  if (rules.missing) throw rules.missing();
  refuseNul(fields);
  return { fields: parseInput(schema, fields) };
}

async function checkBeforeFile<S extends $ZodType>(
  request: FastifyRequest,
  schema: S,
  fields: Record<string, unknown>,
  file: Readable,
  checkFileField: () => void,
): Promise<output<S>> {
  try {
    checkFileField();
    const checked = parseInput(schema, fields);
    // After the fields, so a form's mistakes are still named while the disk is short of room.
    await request.roomForFile?.();
    return checked;
  } catch (error) {
    await drain(file);
    throw error;
  }
}

/**
 * Browsers send `"`, CR and LF in a multipart filename as %22, %0D and %0A (WHATWG HTML);
 * busboy hands them over encoded. The feature sanitises the name afterwards.
 */
function decodeFormFilename(name: string): string {
  return name.replace(/%22/gi, '"').replace(/%0D/gi, '\r').replace(/%0A/gi, '\n');
}

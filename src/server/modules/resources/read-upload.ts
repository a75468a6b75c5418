import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { RESOURCE_MESSAGES } from '../../../shared/resource.js';
import { badRequest } from '../../http/http-error.js';
import { containsNul, refuseNul } from '../../http/invalid-characters.js';
import { parseInput } from '../../http/validation.js';
import type { IncomingUpload } from './resource.service.js';
import { drain } from './streams.js';

/**
 * Reads a multipart upload up to its file part and checks its fields with `schema`, the route's
 * body schema for a multipart form: the form's fields come first (our client sends them first),
 * so they are known and checked before a byte of the file is stored. Fields sent after the file
 * are not read, and the schema asks for them as missing. A refused form's file is drained first.
 */
export async function readUpload<S extends z.ZodType>(request: FastifyRequest, schema: S): Promise<IncomingUpload<z.output<S>>> {
  const part = await request.file();
  // Without a file part the multipart reader cannot tell the fields either: ask for the file.
  if (!part) throw badRequest(RESOURCE_MESSAGES.fieldsMissing, { field: 'file' });
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(part.fields)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first && first.type === 'field') fields[name] = first.value;
  }
  if (containsNul(fields)) {
    // Answer the 400 after the body, not over it: the client is still sending the file.
    part.file.resume();
    refuseNul(fields);
  }
  let checked: z.output<S>;
  try {
    checked = parseInput(schema, fields);
  } catch (error) {
    await drain(part.file);
    throw error;
  }
  return { fields: checked, file: { stream: part.file, filename: decodeFormFilename(part.filename) } };
}

/**
 * Browsers send `"`, CR and LF in a multipart filename as %22, %0D and %0A (WHATWG HTML);
 * busboy hands them over encoded. The name is sanitised afterwards.
 */
function decodeFormFilename(name: string): string {
  return name.replace(/%22/gi, '"').replace(/%0D/gi, '\r').replace(/%0A/gi, '\n');
}

import type { FastifyRequest } from 'fastify';
import { containsNul, refuseNul } from '../../http/invalid-characters.js';
import type { IncomingUpload } from './resource.service.js';

/**
 * Reads a multipart upload up to its file part: the form's fields come first (our client sends
 * them first), so they are known before a byte of the file is stored. Fields sent after the
 * file are not read, and the service asks for them as missing.
 */
export async function readUpload(request: FastifyRequest): Promise<IncomingUpload> {
  const part = await request.file();
  if (!part) return { fields: {} };
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
  return { fields, file: { stream: part.file, filename: decodeFormFilename(part.filename) } };
}

/**
 * Browsers send `"`, CR and LF in a multipart filename as %22, %0D and %0A (WHATWG HTML);
 * busboy hands them over encoded. The name is sanitised afterwards.
 */
function decodeFormFilename(name: string): string {
  return name.replace(/%22/gi, '"').replace(/%0D/gi, '\r').replace(/%0A/gi, '\n');
}

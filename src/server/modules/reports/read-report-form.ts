import type { FastifyRequest } from 'fastify';
import { SCREENSHOT_FIELD } from '../../../shared/report.js';
import { containsNul, refuseNul } from '../../http/invalid-characters.js';
import type { IncomingReport } from './report.service.js';

/**
 * Reads a report's multipart body up to its file part. The text fields come first (our client
 * sends them first), so they are checked before a byte of the screenshot is stored; fields sent
 * after the file are not read. Without a file part every field is read.
 */
export async function readReportForm(request: FastifyRequest): Promise<IncomingReport> {
  const fields: Record<string, unknown> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      // An empty file input submitted by a plain HTML form: no screenshot.
      if (part.filename === '' && part.fieldname === SCREENSHOT_FIELD) {
        part.file.resume();
        continue;
      }
      if (containsNul(fields)) {
        // Answer the 400 after the body, not over it: the client is still sending the file.
        part.file.resume();
        refuseNul(fields);
      }
      return { fields, file: { stream: part.file, fieldName: part.fieldname } };
    }
    // The first value of a repeated field counts, as in readUpload() of the resources module.
    if (!(part.fieldname in fields)) fields[part.fieldname] = part.value;
  }
  refuseNul(fields);
  return { fields };
}

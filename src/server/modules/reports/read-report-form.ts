import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { REPORT_MESSAGES, SCREENSHOT_FIELD, reportFieldsSchema, type ReportFields } from '../../../shared/report.js';
import { badRequest } from '../../http/http-error.js';
import { containsNul, refuseNul } from '../../http/invalid-characters.js';
import { parseInput } from '../../http/validation.js';
import { drain } from '../resources/streams.js';
import type { IncomingReport } from './report.service.js';

/**
 * Reads a report's multipart body up to its file part and checks it, as a route's body schema
 * would: the text fields come first (our client sends them first), so they are checked before a
 * byte of the screenshot is stored; fields sent after the file are not read. Without a file part
 * every field is read. A refused form's file is drained first.
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
      return { fields: await checkBeforeFile(fields, part.fieldname, part.file), file: { stream: part.file } };
    }
    // The first value of a repeated field counts, as in readUpload() of the resources module.
    if (!(part.fieldname in fields)) fields[part.fieldname] = part.value;
  }
  refuseNul(fields);
  return { fields: parseInput(reportFieldsSchema, fields) };
}

/** The file part must be the screenshot, and the fields before it a valid report. */
async function checkBeforeFile(fields: Record<string, unknown>, fieldName: string, file: Readable): Promise<ReportFields> {
  try {
    if (fieldName !== SCREENSHOT_FIELD) throw badRequest(REPORT_MESSAGES.screenshotField, { field: SCREENSHOT_FIELD });
    return parseInput(reportFieldsSchema, fields);
  } catch (error) {
    await drain(file);
    throw error;
  }
}

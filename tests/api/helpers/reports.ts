import { randomBytes } from 'node:crypto';
import type { Body } from './api-client.js';
import type { TestApp } from './test-app.js';

export const VALID_REPORT = {
  issueType: 'bug',
  title: 'Preview does not open',
  description: 'The preview of the DBMS notes stays on Loading PDF... forever.',
  priority: 'high',
  email: 'someone@example.org',
} as const;

export interface ScreenshotPart {
  name?: string;
  type?: string;
  bytes: Buffer;
  /** The multipart field name (default "screenshot"). */
  field?: string;
}

/** A multipart body: the text fields in order, then the file part, as the web client sends them. */
export function reportBody(fields: Record<string, string | undefined>, file?: ScreenshotPart) {
  const boundary = `----report${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'screenshot'}"; filename="${file.name ?? 'screen.png'}"\r\n` +
          `Content-Type: ${file.type ?? 'image/png'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST /api/reports as the given cookie (none = a visitor). */
export function postReport(
  t: TestApp,
  cookie: string | undefined,
  options: { fields?: Record<string, string | undefined>; screenshot?: ScreenshotPart } = {},
) {
  const { payload, headers } = reportBody({ ...VALID_REPORT, ...options.fields }, options.screenshot);
  return t.api.post('/api/reports', payload, { as: cookie, headers });
}

/** GET/PATCH under /api/reports as the given cookie. */
export function reportCall(t: TestApp, cookie: string | undefined, method: 'GET' | 'PATCH', url: string, payload?: object) {
  return t.api.request(method, `/api/reports${url}`, payload as Body, { as: cookie });
}

export async function reportRows(t: TestApp) {
  return t.db.kysely.selectFrom('issue_report').selectAll().execute();
}

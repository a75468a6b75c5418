import { randomBytes } from 'node:crypto';

export interface PdfFixtureOptions {
  /** Pages, each showing "Page n" and `text` (default 1). */
  pages?: number;
  /** Text on every page; also makes files with the same page count differ. */
  text?: string;
  /** Extra text for each page, by index (page 1 first), after `text`. */
  pageTexts?: string[];
  /** Pad with an unused binary stream so the file is exactly this many bytes. */
  exactBytes?: number;
}

/**
 * A small, valid PDF for tests: real xref offsets, so pdf.js opens it without repairs. Padding
 * goes into an unreferenced stream object, which keeps the document valid at any size.
 */
export function makePdf(options: PdfFixtureOptions = {}): Buffer {
  const build = (padding: number) =>
    assemble(options.pages ?? options.pageTexts?.length ?? 1, options.text ?? 'StudyShelf test document', padding, options.pageTexts);
  if (options.exactBytes === undefined) return build(0);
  let padding = Math.max(0, options.exactBytes - build(0).length);
  for (let i = 0; i < 4; i++) {
    const size = build(padding).length;
    if (size === options.exactBytes) return build(padding);
    padding += options.exactBytes - size;
    if (padding < 0) throw new Error(`A PDF of ${options.exactBytes} bytes is too small to make`);
  }
  throw new Error('Could not reach the exact size');
}

function assemble(pageCount: number, text: string, padding: number, pageTexts: string[] = []): Buffer {
  const objects: Buffer[] = [];
  const pageIds = Array.from({ length: pageCount }, (_, i) => 4 + i * 2);
  objects[1] = Buffer.from('<< /Type /Catalog /Pages 2 0 R >>');
  objects[2] = Buffer.from(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageCount} >>`);
  objects[3] = Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  pageIds.forEach((id, i) => {
    const safe = (line: string) => line.replace(/[()\\]/g, '');
    const extra = pageTexts[i] ? ` 0 -40 Td (${safe(pageTexts[i])}) Tj` : '';
    const content = `BT /F1 24 Tf 72 720 Td (${safe(`${text} - Page ${i + 1}`)}) Tj${extra} ET`;
    objects[id] = Buffer.from(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${id + 1} 0 R >>`,
    );
    objects[id + 1] = Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`), Buffer.from(content), Buffer.from('\nendstream')]);
  });
  if (padding > 0) {
    const bytes = randomBytes(padding);
    objects.push(Buffer.concat([Buffer.from(`<< /Length ${padding} >>\nstream\n`), bytes, Buffer.from('\nendstream')]));
  }
  return serializePdf(objects);
}

/**
 * Writes numbered objects (index = object number, from 1; object 1 is the catalog) as a PDF
 * with a correct xref table.
 */
export function serializePdf(objects: Buffer[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    const body = Buffer.concat([Buffer.from(`${id} 0 obj\n`), objects[id]!, Buffer.from('\nendobj\n')]);
    offsets[id] = offset;
    parts.push(body);
    offset += body.length;
  }
  const xref = [`xref\n0 ${objects.length}\n`, '0000000000 65535 f \n'];
  for (let id = 1; id < objects.length; id++) xref.push(`${String(offsets[id]).padStart(10, '0')} 00000 n \n`);
  parts.push(Buffer.from(`${xref.join('')}trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`));
  return Buffer.concat(parts);
}

/** A multipart/form-data body: fields in order, then the file part (as our web client sends). */
export function multipartBody(
  fields: Record<string, string | number | undefined>,
  file?: { name: string; type?: string; bytes: Buffer },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----studyshelf${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    const filename = file.name.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22');
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${file.type ?? 'application/pdf'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

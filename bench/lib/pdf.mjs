// Port of tests/support/pdf-fixture.ts (makePdf with exactBytes, multipart body) for the bench,
// which runs as plain .mjs. Keep in step with that file.
import { randomBytes } from 'node:crypto';

/**
 * A small valid PDF (real xref offsets); `exactBytes` pads an unreferenced stream to that size.
 * @param {{ pages?: number, text?: string, exactBytes?: number }} [options]
 */
export function makePdf({ pages = 1, text = 'StudyShelf bench document', exactBytes } = {}) {
  const build = (padding) => assemble(pages, text, padding);
  if (exactBytes === undefined) return build(0);
  let padding = Math.max(0, exactBytes - build(0).length);
  for (let i = 0; i < 4; i++) {
    const pdf = build(padding);
    if (pdf.length === exactBytes) return pdf;
    padding += exactBytes - pdf.length;
    if (padding < 0) throw new Error(`A PDF of ${exactBytes} bytes is too small to make`);
  }
  throw new Error('Could not reach the exact size');
}

function assemble(pageCount, text, padding) {
  const objects = [];
  const pageIds = Array.from({ length: pageCount }, (_, i) => 4 + i * 2);
  objects[1] = Buffer.from('<< /Type /Catalog /Pages 2 0 R >>');
  objects[2] = Buffer.from(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageCount} >>`);
  objects[3] = Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  pageIds.forEach((id, i) => {
    const safe = `${text} - Page ${i + 1}`.replace(/[()\\]/g, '');
    const content = `BT /F1 24 Tf 72 720 Td (${safe}) Tj ET`;
    objects[id] = Buffer.from(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${id + 1} 0 R >>`,
    );
    objects[id + 1] = Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`), Buffer.from(content), Buffer.from('\nendstream')]);
  });
  if (padding > 0) {
    objects.push(Buffer.concat([Buffer.from(`<< /Length ${padding} >>\nstream\n`), randomBytes(padding), Buffer.from('\nendstream')]));
  }
  const parts = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0].length;
  const offsets = [];
  for (let id = 1; id < objects.length; id++) {
    const body = Buffer.concat([Buffer.from(`${id} 0 obj\n`), objects[id], Buffer.from('\nendobj\n')]);
    offsets[id] = offset;
    parts.push(body);
    offset += body.length;
  }
  const xref = [`xref\n0 ${objects.length}\n`, '0000000000 65535 f \n'];
  for (let id = 1; id < objects.length; id++) xref.push(`${String(offsets[id]).padStart(10, '0')} 00000 n \n`);
  parts.push(Buffer.from(`${xref.join('')}trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`));
  return Buffer.concat(parts);
}

/**
 * A multipart/form-data body as the web client sends it (fields first, then the file), split
 * into [head, file bytes, tail] so the caller can stream it without copying the file.
 */
export function multipartParts(fields, file) {
  const boundary = `----studyshelf${randomBytes(8).toString('hex')}`;
  let head = '';
  for (const [name, value] of Object.entries(fields)) {
    head += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  }
  head += `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`;
  const parts = [Buffer.from(head), file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`)];
  return {
    parts,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(parts.reduce((n, p) => n + p.length, 0)),
    },
  };
}

import { createDeflate } from 'node:zlib';

/**
 * A one-page PDF whose content stream is a Flate stream inflating to `inflatedMb` MB of spaces:
 * well under 1 MB on disk. Built chunk by chunk, so the test process never holds the inflated bytes.
 */
export function makeDecompressionBomb(inflatedMb: number): Promise<Buffer> {
  return pdfWithDeflatedContent(Buffer.alloc(1024 * 1024, 0x20), inflatedMb);
}

/**
 * A one-page PDF whose page tree also lists `refs` pages that do not exist: pdf.js turns each
 * into an object of its heap while counting pages (about 11 bytes of file per reference).
 */
export function makePageTreeFlood(refs: number): Buffer {
  const kids = Array.from({ length: refs }, (_, i) => `${i + 10} 0 R`).join(' ');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [3 0 R ${kids}] /Count 1 >>`,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
  ];
  return assemble(objects.map((body) => Buffer.from(body)));
}

/** The content stream is `block` repeated `times` times, deflated chunk by chunk. */
async function pdfWithDeflatedContent(block: Buffer, times: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  for (let i = 0; i < times; i++) {
    if (!deflate.write(block)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await finished;
  const stream = Buffer.concat(chunks);
  return assemble([
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>'),
    Buffer.concat([Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`), stream, Buffer.from('\nendstream')]),
  ]);
}

/** Numbers the objects from 1 and writes a correct xref table and trailer. */
function assemble(objects: Buffer[]): Buffer {
  const parts = [Buffer.from('%PDF-1.4\n')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    const object = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    offsets.push(offset);
    parts.push(object);
    offset += object.length;
  });
  const xref = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(Buffer.from(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`));
  return Buffer.concat(parts);
}

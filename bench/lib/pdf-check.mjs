// The upload-time PDF check (docs/decisions/010-pdf-acceptance-and-isolation.md), over real HTTP:
// how long a normal upload takes with a warm inspection worker, how long the slowest real file of
// the corpus takes, and how far a decompression bomb moves the server's memory.
import { existsSync, readFileSync } from 'node:fs';
import { createDeflate } from 'node:zlib';
import { makePdf } from './pdf.mjs';
import { sleep } from './server.mjs';
import { idleRss, resetPeak, sampleRss, upload } from './upload.mjs';

const MiB = 1024 * 1024;
const SLOW_FILE = '../shared/corpus/pdfjs/bug1978317.pdf';
const fields = (subject) => ({ course: 'btech', branch: 'cse', semester: 3, subject, resourceType: 'NOTES', academicYear: '2024-25' });

/** Port of tests/support/pdf-bomb.ts: one page whose content stream inflates to `inflatedMb` MB. */
async function makeBomb(inflatedMb) {
  const deflate = createDeflate({ level: 9 });
  const chunks = [];
  deflate.on('data', (c) => chunks.push(c));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const spaces = Buffer.alloc(MiB, 0x20);
  for (let i = 0; i < inflatedMb; i++) if (!deflate.write(spaces)) await new Promise((r) => deflate.once('drain', r));
  deflate.end();
  await done;
  const stream = Buffer.concat(chunks);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    Buffer.concat([Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`), stream, Buffer.from('\nendstream')]),
  ];
  const parts = [Buffer.from('%PDF-1.4\n')];
  let offset = parts[0].length;
  const offsets = [];
  objects.forEach((body, i) => {
    const object = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.from(body), Buffer.from('\nendobj\n')]);
    offsets.push(offset);
    parts.push(object);
    offset += object.length;
  });
  const xref = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(Buffer.from(`xref\n0 5\n0000000000 65535 f \n${xref}trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`));
  return Buffer.concat(parts);
}

async function timedUpload(server, cookie, subject, name, bytes) {
  const started = performance.now();
  const res = await upload(server, cookie, fields(subject), { name, bytes });
  return { status: res.status, body: res.body, ms: performance.now() - started };
}

/** On a fresh server whose `client` is a signed-in CR; adds its rows through `record`. */
export async function benchPdfCheck(server, client, record) {
  const times = [];
  for (let i = 0; i < 11; i++) {
    // A pause as between real uploads, so the spare worker is loaded again (the first is a warm-up).
    await sleep(1000);
    const pdf = makePdf({ pages: 20, text: `PDF check bench ${Date.now()} ${i}` });
    const res = await timedUpload(server, client.cookie, `Check ${i}`, 'twenty.pdf', pdf);
    if (res.status !== 201) throw new Error(`20-page upload answered ${res.status}: ${res.body.slice(0, 200)}`);
    if (i > 0) times.push(res.ms);
  }
  times.sort((a, b) => a - b);
  record('upload of a 20-page PDF, warm check worker: median / max', `${times[5].toFixed(0)} / ${times.at(-1).toFixed(0)} ms`, 'info', null);

  if (existsSync(SLOW_FILE)) {
    await sleep(1000);
    const res = await timedUpload(server, client.cookie, 'Slow file', 'bug1978317.pdf', readFileSync(SLOW_FILE));
    record('upload of bug1978317.pdf (1.5 MB, slowest corpus file)', `${(res.ms / 1000).toFixed(1)} s, status ${res.status}`, 'info', null);
  }

  const bomb = await makeBomb(600);
  await sleep(1000);
  const peakReset = resetPeak(server.pid);
  const idle = await idleRss(server.pid);
  const sampler = sampleRss(server.pid);
  const res = await timedUpload(server, client.cookie, 'Bomb', 'bomb.pdf', bomb);
  const { peak: sampled, hwm } = sampler.stop();
  const peak = peakReset ? Math.max(sampled, hwm) : sampled;
  const growth = peak - idle;
  record(
    `decompression bomb (${(bomb.length / 1024).toFixed(0)} KB -> 600 MB): server RSS growth`,
    `+${(growth / MiB).toFixed(0)} MB, status ${res.status} in ${(res.ms / 1000).toFixed(1)} s`,
    '< 600 MB, 422',
    growth < 600 * MiB && res.status === 422,
  );
}

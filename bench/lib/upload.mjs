// Upload memory (DESIGN.md §5: "a 20 MB upload raises server memory by under 15 MB"): the
// server's RSS, read from /proc/<pid>/status, while a CR uploads 20 MB PDFs over real HTTP.
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { Readable } from 'node:stream';
import { makePdf, multipartParts } from './pdf.mjs';
import { sleep } from './server.mjs';

const MiB = 1024 * 1024;
const UPLOAD_BYTES = 20 * MiB; // MAX_UPLOAD_MB=20 (the default): exactly the limit is accepted

/** VmRSS and VmHWM of a process, in bytes. */
export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** Resets VmHWM to the current RSS (Linux >= 4.0); false when the kernel refuses. */
export function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** Samples VmRSS every `everyMs` until stop(); stop() resolves { peak, samples, hwm }. */
export function sampleRss(pid, everyMs = 20) {
  let peak = 0;
  let samples = 0;
  const take = () => {
    peak = Math.max(peak, memoryOf(pid).rss);
    samples++;
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return { peak, samples, hwm: memoryOf(pid).hwm };
    },
  };
}

/** Idle RSS: the median of 25 samples over half a second. */
export async function idleRss(pid) {
  const values = [];
  for (let i = 0; i < 25; i++) {
    values.push(memoryOf(pid).rss);
    await sleep(20);
  }
  values.sort((a, b) => a - b);
  return values[12];
}

const FIELDS = (i) => ({
  course: 'btech',
  branch: 'cse',
  semester: 3,
  subject: `Bench Upload ${i}`,
  resourceType: 'NOTES',
  academicYear: '2024-25',
});

/** One multipart POST /api/resources over a fresh connection, streamed from memory. */
export function upload(server, cookie, fields, file) {
  const { parts, headers } = multipartParts(fields, file);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path: '/api/resources',
        agent: false,
        headers: { ...headers, cookie, origin: server.origin },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    Readable.from(parts, { objectMode: false }).pipe(req);
  });
}

function expect201(res, bytes) {
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${res.body.slice(0, 300)}`);
  const { resource } = JSON.parse(res.body);
  if (resource.sizeBytes !== bytes) throw new Error(`upload stored ${resource.sizeBytes} bytes, sent ${bytes}`);
}

const mb = (bytes) => (bytes / MiB).toFixed(1);

/**
 * On a freshly started server whose `client` is signed in as a CR: one small warm-up upload (so
 * one-time work of the upload path is not counted), a second of idle, then `count` distinct
 * 20 MB PDFs uploaded in parallel while the server's RSS is sampled every 20 ms. The peak is
 * the larger of the samples and VmHWM (reset just before the idle baseline).
 */
export async function measureUploadMemory(server, client, count, bytes = UPLOAD_BYTES) {
  const warmUp = makePdf({ text: `warm-up ${Date.now()} ${Math.random()}` }); // distinct: same bytes twice is a 409
  expect201(await upload(server, client.cookie, FIELDS(0), { name: 'warm-up.pdf', bytes: warmUp }), warmUp.length);
  const files = Array.from({ length: count }, (_, i) => makePdf({ exactBytes: bytes, text: `StudyShelf bench upload ${count}-${i + 1}` }));

  await sleep(1000);
  const peakReset = resetPeak(server.pid);
  const idle = await idleRss(server.pid);
  const sampler = sampleRss(server.pid);
  const started = Date.now();
  const answers = await Promise.all(files.map((bytes, i) => upload(server, client.cookie, FIELDS(i + 1), { name: `bench-${i + 1}.pdf`, bytes })));
  const seconds = (Date.now() - started) / 1000;
  await sleep(200);
  const { peak: sampledPeak, samples, hwm } = sampler.stop();
  answers.forEach((res) => expect201(res, bytes));
  const peak = peakReset ? Math.max(sampledPeak, hwm) : sampledPeak;
  const growth = peak - idle;
  const detail = `idle ${mb(idle)} MB -> peak ${mb(peak)} MB, ${seconds.toFixed(1)} s, ${samples} samples${peakReset ? ' + VmHWM' : ', VmHWM not resettable'}`;
  return { count, idle, peak, growth, seconds, detail };
}

/** Table rows for one measurement; the verdict is on the whole process's growth. */
export function recordUploadMemory(record, m) {
  const what = m.count === 1 ? 'upload 1 x 20 MB PDF' : `upload ${m.count} x 20 MB PDFs in parallel`;
  record(`${what}: server RSS growth`, `+${mb(m.growth)} MB (${m.detail})`, '< 15 MB', m.growth < 15 * MiB);
  if (m.count > 1) record(`${what}: growth per upload`, `+${mb(m.growth / m.count)} MB (total / ${m.count})`, 'info', null);
}

/**
 * What processing one 20 MB upload costs the server process (with processing on, its worker
 * thread's memory is part of the server's RSS): the peak over idle from the upload until the
 * resource has its thumbnail (processing done), at most `timeoutMs`.
 */
export async function measureProcessingMemory(server, client, bytes = UPLOAD_BYTES, timeoutMs = 120_000) {
  const file = makePdf({ exactBytes: bytes, text: `StudyShelf bench processing ${Date.now()}` });
  await sleep(1000);
  const peakReset = resetPeak(server.pid);
  const idle = await idleRss(server.pid);
  const sampler = sampleRss(server.pid);
  const started = Date.now();
  const res = await upload(server, client.cookie, FIELDS(9), { name: 'bench-processing.pdf', bytes: file });
  expect201(res, file.length);
  const { id } = JSON.parse(res.body).resource;
  let processed = false;
  while (!processed && Date.now() - started < timeoutMs) {
    await sleep(100);
    const got = await client.request({ path: `/api/resources/${id}` });
    processed = got.status === 200 && JSON.parse(got.body.toString()).resource.thumbnailUrl !== null;
  }
  const seconds = (Date.now() - started) / 1000;
  const { peak: sampledPeak, hwm } = sampler.stop();
  const peak = peakReset ? Math.max(sampledPeak, hwm) : sampledPeak;
  return { growth: peak - idle, seconds, processed, detail: `idle ${mb(idle)} MB -> peak ${mb(peak)} MB` };
}

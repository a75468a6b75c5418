import { createPageOcr } from '../processing/ocr.js';
import type { HeaderOcrJob, HeaderOcrReply } from './header-ocr-pool.js';

/**
 * Reads scans' header strips for batch upload's autofill (decision 056), one at a time, in a
 * process of its own: tesseract's WebAssembly heap and its worker thread are never the web
 * process's, and the pool kills this process when it overruns its time or memory.
 */
const send = (message: HeaderOcrReply) => process.send!(message);
// The server died: nothing would read the outcome, and nothing would watch this process.
process.on('disconnect', () => process.exit(0));

// A strip is read in well under a second; a stuck one is killed by the pool, not timed out here.
// No Hindi reading: the fields guessed (course code, year) are Latin, and a second model would
// cost seconds of a 15 s budget and ~150 MB of a 384 MB process.
const ocr = createPageOcr({ pageTimeoutMs: 10 * 60_000, hindi: false });

process.on('message', (message: HeaderOcrJob) => {
  ocr.recognizeImage(Buffer.from(message.image.buffer, message.image.byteOffset, message.image.byteLength), message.dpi).then(
    (result) => send({ kind: 'done', text: result.text }),
    (error: unknown) => send({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
  );
});
send({ kind: 'ready' });

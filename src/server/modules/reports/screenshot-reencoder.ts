import { spawn } from 'node:child_process';
import type { ScreenshotType } from '../../../shared/report.js';

export class ImageNotDecodedError extends Error {
  constructor(reason: string) {
    super(`The image could not be decoded: ${reason}`);
    this.name = 'ImageNotDecodedError';
  }
}

const FORMAT: Record<ScreenshotType, string> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' };

/**
 * Decodes an uploaded image and encodes its pixels again, in a child process (the decoder can
 * crash on a malformed file, which must not take the server with it). What comes back is an image
 * and nothing else: bytes hidden after or inside the original (HTML, script, metadata) are gone.
 */
export class ScreenshotReencoder {
  constructor(
    private readonly childFile: string,
    private readonly options: { timeoutMs: number; maxOutputBytes: number },
  ) {}

  reencode(bytes: Buffer, type: ScreenshotType): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [this.childFile, FORMAT[type]], { stdio: ['pipe', 'pipe', 'pipe'] });
      const output: Buffer[] = [];
      let outputBytes = 0;
      let stderr = '';
      let failure: string | undefined;
      const fail = (reason: string) => {
        failure ??= reason;
        child.kill('SIGKILL');
      };
      const timer = setTimeout(() => fail(`took longer than ${this.options.timeoutMs} ms`), this.options.timeoutMs);
      child.stdout.on('data', (chunk: Buffer) => {
        outputBytes += chunk.length;
        if (outputBytes > this.options.maxOutputBytes) fail('the re-encoded image is too large');
        else output.push(chunk);
      });
      child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-500)));
      // A child that dies before reading all of stdin must not fail the server with EPIPE.
      child.stdin.on('error', () => undefined);
      child.on('error', (error) => fail(error.message));
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        if (failure === undefined && code === 0 && outputBytes > 0) return resolve(Buffer.concat(output));
        reject(new ImageNotDecodedError(failure ?? (stderr.trim() || `exit ${code ?? signal}`)));
      });
      child.stdin.end(bytes);
    });
  }
}

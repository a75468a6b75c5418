import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forkLimited } from './limited-child.js';

const MB = 1024 * 1024;

/** A child that says hello, then fills native memory (Buffers live outside the JS heap) 16 MB at a time, or exits. */
const SCRIPT = `
process.send({ kind: 'hello' });
process.on('message', (m) => {
  if (m.kind === 'exit') process.exit(m.code);
  if (m.kind === 'echo') process.send({ kind: 'echo', bytes: m.bytes });
  if (m.kind === 'grow') {
    const kept = [];
    const timer = setInterval(() => kept.push(Buffer.alloc(16 * 1024 * 1024, 1)), 5);
    timer.ref();
  }
});
`;

describe('forkLimited', () => {
  let dir: string;
  let script: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'limited-child-'));
    script = path.join(dir, 'child.mjs');
    await writeFile(script, SCRIPT);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('kills a child whose native memory passes the limit, and says so; this process does not grow', async () => {
    const child = forkLimited(script, [], { memoryMb: 128 });
    const messages: unknown[] = [];
    child.onMessage((m) => messages.push(m));
    const baseline = process.memoryUsage.rss();
    child.send({ kind: 'grow' });
    const end = await child.ended;
    expect(end).toEqual({ outOfMemory: true });
    // Sent before the kill: delivered before `ended` settles.
    expect(messages).toEqual([{ kind: 'hello' }]);
    expect((process.memoryUsage.rss() - baseline) / MB).toBeLessThan(32);
  }, 20_000);

  it('passes Buffers both ways and reports an exit with its code', async () => {
    const child = forkLimited(script, [], { memoryMb: 128 });
    const echoed = new Promise<unknown>((resolve) => child.onMessage((m) => (m as { kind: string }).kind === 'echo' && resolve(m)));
    child.send({ kind: 'echo', bytes: Buffer.from('%PDF-1.7') });
    const { bytes } = (await echoed) as { bytes: Uint8Array };
    expect(Buffer.from(bytes).toString()).toBe('%PDF-1.7');
    child.send({ kind: 'exit', code: 3 });
    expect(await child.ended).toEqual({ outOfMemory: false, code: 3, signal: null, detail: '' });
  });

  it('kill() ends it at once', async () => {
    const child = forkLimited(script, [], { memoryMb: 128 });
    child.kill();
    expect(await child.ended).toEqual({ outOfMemory: false, code: null, signal: 'SIGKILL', detail: '' });
  });
});

import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalFileStore } from './local-file-store.js';
import { startFileSweeps } from './file-sweeps.js';

const HOUR = 60 * 60_000;

function fakeLog() {
  const lines: { level: string; fields: Record<string, unknown>; msg: string }[] = [];
  const at = (level: string) => (fields: Record<string, unknown>, msg: string) => lines.push({ level, fields, msg });
  return { log: { info: at('info'), error: at('error') } as unknown as FastifyBaseLogger, lines };
}

/** Lets the sweeps' file operations finish (setTimeout is not faked). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('stored-file sweeps', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'studyshelf-sweeps-'));
  });
  afterEach(() => {
    vi.useRealTimers();
    rmSync(root, { recursive: true, force: true });
  });

  it('removes a temporary file left by a killed upload while the server keeps running, not only at start-up', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const store = new LocalFileStore(root);
    const incoming = path.join(root, '.incoming');
    mkdirSync(incoming, { recursive: true });
    // Killed mid-upload ten minutes before this start: too young for the start-up sweep.
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    writeFileSync(path.join(incoming, 'killed-mid-upload'), 'half a file');
    utimesSync(path.join(incoming, 'killed-mid-upload'), tenMinutesAgo, tenMinutesAgo);

    const { log } = fakeLog();
    const stop = startFileSweeps([['temporary upload files', () => store.sweepTemporaries()]], log);
    await settle();
    expect(readdirSync(incoming)).toEqual(['killed-mid-upload']);

    vi.advanceTimersByTime(HOUR);
    await settle();
    expect(readdirSync(incoming)).toEqual([]);
    stop();
  });

  it('runs every sweep once at start and once an hour; a failing sweep is logged and the others still run', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const calls: string[] = [];
    const { log, lines } = fakeLog();
    const stop = startFileSweeps(
      [
        ['resource files without a record', async () => (calls.push('resources'), 2)],
        ['screenshots without a record', async () => (calls.push('screenshots'), Promise.reject(new Error('disk unreadable')))],
        ['temporary upload files', async () => (calls.push('temporaries'), 0)],
        ['write-claim markers of ended processes', async () => (calls.push('claims'), 318)],
      ],
      log,
    );
    await settle();
    expect(calls).toEqual(['resources', 'screenshots', 'temporaries', 'claims']);
    // Each says what it removed: 318 markers after a restart are not 318 files gone.
    expect(lines.map((l) => [l.level, l.fields.what, l.fields.removed, l.msg])).toEqual([
      ['info', 'resource files without a record', 2, 'file sweep removed entries'],
      ['error', 'screenshots without a record', undefined, 'orphan sweep failed'],
      ['info', 'write-claim markers of ended processes', 318, 'file sweep removed entries'],
    ]);

    vi.advanceTimersByTime(HOUR);
    await settle();
    expect(calls).toHaveLength(8);

    stop();
    vi.advanceTimersByTime(3 * HOUR);
    await settle();
    expect(calls).toHaveLength(8);
  });
});

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChildPool, type ChildJob, type ChildPoolOptions } from './child-pool.js';

/** Logs its pid as it starts (or dies, if told); says when a job begins, then answers `echo`, crashes on `crash`, never answers `hang`. */
const SCRIPT = `
import { appendFileSync } from 'node:fs';
const [log, mode] = process.argv.slice(2);
appendFileSync(log, process.pid + '\\n');
if (mode === 'die') process.exit(7);
process.send({ kind: 'ready' });
process.on('message', (m) => {
  process.send({ kind: 'began' });
  if (m.op === 'echo') setTimeout(() => process.send({ kind: 'done', pid: process.pid, label: m.label }), m.ms);
  if (m.op === 'crash') process.exit(1);
});
`;

type Reply = { kind: 'ready' } | { kind: 'began' } | { kind: 'done'; pid: number; label: string };
/** A job's answer: the process that ran it, or why it did not run to its end. */
type Answer = { pid: number; label: string } | string;

interface JobPlan {
  op?: 'echo' | 'hang' | 'crash';
  label?: string;
  ms?: number;
  reusable?: boolean;
  onBegin?: () => void;
}

const job = ({ op = 'echo', label = op, ms = 0, reusable = true, onBegin }: JobPlan = {}): ChildJob<Reply, Answer> => ({
  message: { op, label, ms },
  onMessage: (reply, run) => {
    if (reply.kind === 'began') onBegin?.();
    if (reply.kind === 'done') run.finish({ pid: reply.pid, label: reply.label }, reusable);
  },
  stopped: (stop) => (stop.why === 'not-ready' ? stop.error.message : stop.why),
});

const pidOf = (answer: Answer) => (typeof answer === 'string' ? Number.NaN : answer.pid);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check: () => boolean | Promise<boolean>, ms = 3000): Promise<void> {
  for (const end = Date.now() + ms; !(await check()); await sleep(20)) if (Date.now() > end) throw new Error('timed out waiting');
}

describe('ChildPool', () => {
  let dir: string;
  let script: string;
  let log: string;
  let pool: ChildPool<Reply> | undefined;
  let pools = 0;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'child-pool-'));
    script = path.join(dir, 'child.mjs');
    await writeFile(script, SCRIPT);
  });
  afterEach(async () => {
    await pool?.close();
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const open = (options: Partial<ChildPoolOptions> = {}, mode = 'serve') => {
    log = path.join(dir, `spawned-${++pools}.log`);
    const defaults = { name: 'test', file: script, memoryMb: 128, concurrency: 1, timeoutMs: 10_000, keepIdle: 1, jobsPerProcess: 100 };
    return (pool = new ChildPool<Reply>({ ...defaults, args: [log, mode], ...options }));
  };
  /** The pids of the processes the pool started, in order. */
  const spawned = async () =>
    (await readFile(log, 'utf8').catch(() => ''))
      .split('\n')
      .filter(Boolean)
      .map(Number);

  it('runs at most `concurrency` jobs at once; the others take their turns in order', async () => {
    open({ concurrency: 2, keepIdle: 2 });
    let running = 0;
    let most = 0;
    const began: string[] = [];
    const jobs = ['a', 'b', 'c', 'd', 'e'].map((label) =>
      pool!
        .run(job({ label, ms: 300, onBegin: () => (began.push(label), (most = Math.max(most, ++running))) }))
        .finally(() => running--),
    );
    expect((await Promise.all(jobs)).map((answer) => typeof answer !== 'string' && answer.label)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(most).toBe(2);
    expect(began.sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    // Two processes served all five.
    expect(await spawned()).toHaveLength(2);
    await pool!.close();
    // One slot, one process: the order it is asked in is the order of the turns.
    open();
    began.length = 0;
    await Promise.all(['a', 'b', 'c', 'd'].map((label) => pool!.run(job({ label, onBegin: () => began.push(label) }))));
    expect(began).toEqual(['a', 'b', 'c', 'd']);
  });

  it('refuses a job at once when its bounded line is full', async () => {
    open({ queue: 1 });
    const first = pool!.run(job({ label: 'first', ms: 300 }));
    const second = pool!.run(job({ label: 'second' }));
    const third = await pool!.run(job({ label: 'third' }));
    expect(third).toBe('busy');
    expect(await first).toMatchObject({ label: 'first' });
    expect(await second).toMatchObject({ label: 'second' });
  });

  it('counts the wait in a job\'s deadline when told: the job behind a hung one is answered busy, never begun', async () => {
    open({ queue: 2, timeoutMs: 500, timeIncludesWait: true });
    let waiterBegan = false;
    const called = Date.now();
    const hung = pool!.run(job({ op: 'hang' }));
    const waiter = pool!.run(job({ onBegin: () => (waiterBegan = true) }));
    expect([await hung, waiterBegan]).toEqual(['late', false]);
    // Both deadlines fall in the same moment: the waiter's time runs out in line, or its turn comes
    // with no time left; either way it never reached a process.
    expect(await waiter).toBe('busy');
    // Counted from the ready process instead, the waiter would have had 500 ms of its own.
    expect(Date.now() - called).toBeLessThan(800);
    // The hung job's process was ended; the next job gets a new one.
    const [hungPid] = await spawned();
    expect(pidOf(await pool!.run(job()))).not.toBe(hungPid);
    await until(() => !alive(hungPid!));
  });

  it('answers busy a job whose turn comes with almost no time left, and keeps the ready process', async () => {
    open({ queue: 1, timeoutMs: 500, timeIncludesWait: true });
    // A process ready beforehand, so the first job's 470 ms are all the waiter waits.
    await pool!.run(job());
    let waiterBegan = false;
    const first = pool!.run(job({ ms: 470 }));
    const waiter = pool!.run(job({ ms: 100, onBegin: () => (waiterBegan = true) }));
    const firstAnswer = await first;
    expect([await waiter, waiterBegan]).toEqual(['busy', false]);
    // Its process is kept for the next job (unless a slow machine made the first job late too).
    if (firstAnswer !== 'late') expect(pidOf(await pool!.run(job()))).toBe(pidOf(firstAnswer));
  });

  it('stops a job past its time limit, counted from the ready process taking it', async () => {
    open({ timeoutMs: 200 });
    expect(await pool!.run(job({ op: 'hang' }))).toBe('late');
    expect(await pool!.run(job({ ms: 50 }))).toMatchObject({ label: 'echo' });
  });

  it('reuses a process after a clean job; replaces it after `jobsPerProcess` jobs or when not reusable', async () => {
    open({ jobsPerProcess: 3 });
    const pids: number[] = [];
    for (let i = 0; i < 4; i++) pids.push(pidOf(await pool!.run(job())));
    pids.push(pidOf(await pool!.run(job({ reusable: false }))));
    pids.push(pidOf(await pool!.run(job())));
    const [a, b, c] = await spawned();
    expect(pids).toEqual([a, a, a, b, b, c]);
    await until(() => !alive(a!) && !alive(b!));
  });

  it('ends a kept process after `idleMs` without a job', async () => {
    open({ idleMs: 200 });
    const first = pidOf(await pool!.run(job()));
    await until(() => !alive(first));
    expect(pidOf(await pool!.run(job()))).not.toBe(first);
  });

  it('keeps a spare ready once started, and readies another when one is replaced', async () => {
    open({ keepSpare: true });
    pool!.start();
    await until(async () => (await spawned()).length === 1);
    const [spare] = await spawned();
    expect(pidOf(await pool!.run(job({ reusable: false })))).toBe(spare);
    await until(async () => (await spawned()).length === 2);
    expect(pidOf(await pool!.run(job()))).toBe((await spawned())[1]);
  });

  it('a process that crashes fails only its own job; one that dies starting says why', async () => {
    open({ concurrency: 2, keepIdle: 2 });
    const [crashed, served] = await Promise.all([pool!.run(job({ op: 'crash' })), pool!.run(job({ ms: 200 }))]);
    expect(crashed).toBe('ended');
    expect(served).toMatchObject({ label: 'echo' });
    expect(await pool!.run(job())).toMatchObject({ label: 'echo' });
    await pool!.close();
    open({}, 'die');
    expect(await pool!.run(job())).toBe('test process stopped before it was ready (exit code 7)');
  });

  it('close() ends every process, busy or kept, stops the jobs under way and in line, and refuses later ones', async () => {
    open({ concurrency: 2, keepIdle: 2 });
    await Promise.all([pool!.run(job()), pool!.run(job())]);
    let began = false;
    const hung = pool!.run(job({ op: 'hang', onBegin: () => (began = true) }));
    await until(() => began);
    await pool!.close();
    expect([await hung, await pool!.run(job())]).toEqual(['ended', 'closed']);
    const pids = await spawned();
    expect(pids).toHaveLength(2);
    expect(pids.filter(alive)).toEqual([]);
    open();
    began = false;
    const hungAlone = pool!.run(job({ op: 'hang', onBegin: () => (began = true) }));
    const inLine = pool!.run(job());
    await until(() => began);
    await pool!.close();
    expect([await hungAlone, await inLine]).toEqual(['ended', 'closed']);
  });
});

import { forkLimited, type ChildEnd, type ChildLimits, type LimitedChild } from './limited-child.js';

export interface ChildPoolOptions extends ChildLimits {
  /** Named in errors: "<name> process stopped before it was ready". */
  name: string;
  /** The bundled script each process runs; it sends `{ kind: 'ready' }` once it can take a job. */
  file: string;
  args?: string[];
  /** Jobs at once, each in a process of its own. */
  concurrency: number;
  /** Jobs that may wait for a slot; one more is refused at once (`busy`). Unbounded when absent. */
  queue?: number;
  /** Per job, from the moment a ready process takes it; or, with `timeIncludesWait`, from the call. */
  timeoutMs: number;
  timeIncludesWait?: boolean;
  /** Ready processes kept between jobs; `concurrency` when absent. */
  keepIdle?: number;
  /** A process is replaced after this many jobs, so slow leaks cannot add up. */
  jobsPerProcess: number;
  /** A kept process is ended after this long without a job. */
  idleMs?: number;
  /** Once started, one ready process is kept at all times, so a job rarely waits for one to start. */
  keepSpare?: boolean;
}

/**
 * Why a job ended without its process's answer: `busy`, it never reached a process (its line was
 * full, or its time ran out in line); `late`, it ran out of time in its process.
 */
export type JobStop = { why: 'busy' | 'late' | 'closed' } | { why: 'not-ready'; error: Error } | { why: 'ended'; end: ChildEnd };

/** A job under way in its process. */
export interface JobRun<T> {
  readonly child: LimitedChild;
  /** Ends the job with its answer; a reusable process is kept for a later job. */
  finish(value: T, reusable: boolean): void;
  /** True once the job has ended: answered, out of time or its process gone. */
  readonly settled: boolean;
}

/** One job's protocol: what it sends, how it reads the replies, what it answers when stopped (or throws). */
export interface ChildJob<M, T> {
  /** Sent once the job has a ready process. */
  message: unknown;
  onMessage(message: M, run: JobRun<T>): void;
  stopped(stop: JobStop): T;
}

interface Worker<M> {
  child: LimitedChild;
  /** Rejects if the process could not start. */
  ready: Promise<void>;
  jobs: number;
  /** Where the process's messages go: its start, then the job under way. */
  route?: (message: M) => void;
  idleTimer?: NodeJS.Timeout;
}

/** A job whose deadline counts its wait needs at least this long left when its turn comes. */
const MIN_TURN_MS = 50;

type Outcome<T> = { value: T; reusable: boolean } | { stop: JobStop; reusable: false };

/**
 * Child processes (limited-child.ts, decision 030) for jobs of one kind: one job per process at a
 * time, at most `concurrency` at once. A process whose job ended cleanly is kept for a later job;
 * any other is killed, and only its own job is stopped.
 */
export class ChildPool<M> {
  private running = 0;
  /** Jobs waiting for a slot, oldest first. */
  private readonly line: Array<() => void> = [];
  private readonly idle: Array<Worker<M>> = [];
  private readonly all = new Set<Worker<M>>();
  private closed = false;

  constructor(private readonly options: ChildPoolOptions) {}

  /** Gets a process ready ahead of the first job, when the pool keeps a spare. */
  start(): void {
    if (this.options.keepSpare && !this.closed && this.idle.length === 0) this.idle.push(this.spawn());
  }

  async run<T>(job: ChildJob<M, T>): Promise<T> {
    const deadline = this.options.timeIncludesWait ? Date.now() + this.options.timeoutMs : undefined;
    const turn = this.closed ? 'closed' : await this.takeSlot(deadline);
    if (turn !== 'turn') return job.stopped({ why: turn });
    // A turn with (almost) no time left would only kill a ready process: the job never began.
    const why = this.closed ? 'closed' : deadline !== undefined && deadline - Date.now() < MIN_TURN_MS ? 'busy' : undefined;
    if (why) {
      this.releaseSlot();
      return job.stopped({ why });
    }
    const worker = this.idle.pop() ?? this.spawn();
    clearTimeout(worker.idleTimer);
    const outcome = await this.attempt(worker, job, deadline);
    this.release(worker, outcome.reusable);
    this.releaseSlot();
    return 'stop' in outcome ? job.stopped(outcome.stop) : outcome.value;
  }

  async close(): Promise<void> {
    this.closed = true;
    const children = [...this.all].map((worker) => worker.child);
    for (const child of children) child.kill();
    // The children are unref'd: without this the caller could exit before they are reaped.
    const keepAlive = setInterval(() => undefined, 1000);
    await Promise.all(children.map((child) => child.ended)).finally(() => clearInterval(keepAlive));
    // Each then finds the pool closed.
    for (const turn of this.line.splice(0)) turn();
  }

  /** Settles, never rejects, at the first of: the job's answer, its time limit, its process's end. */
  private attempt<T>(worker: Worker<M>, job: ChildJob<M, T>, deadline: number | undefined): Promise<Outcome<T>> {
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const settle = (outcome: Outcome<T>) => {
        if (run.settled) return;
        run.settled = true;
        clearTimeout(timer);
        worker.route = undefined;
        resolve(outcome);
      };
      const run = { child: worker.child, settled: false, finish: (value: T, reusable: boolean) => settle({ value, reusable }) };
      const stop = (why: JobStop) => settle({ stop: why, reusable: false });
      const limit = (ms: number) => (timer = setTimeout(() => stop({ why: 'late' }), ms));
      if (deadline !== undefined) limit(Math.max(0, deadline - Date.now()));
      worker.ready.then(
        () => {
          if (run.settled) return;
          if (deadline === undefined) limit(this.options.timeoutMs);
          // Watched only from here: a process that dies while starting is `not-ready`, with its reason.
          void worker.child.ended.then((end) => stop({ why: 'ended', end }));
          worker.route = (message) => job.onMessage(message, run);
          worker.child.send(job.message);
        },
        (error: Error) => stop({ why: 'not-ready', error }),
      );
    });
  }

  /** Keeps a process whose job ended cleanly, if there is room; ends any other. */
  private release(worker: Worker<M>, reusable: boolean): void {
    const { keepIdle = this.options.concurrency, jobsPerProcess, idleMs } = this.options;
    worker.jobs++;
    worker.route = undefined;
    if (reusable && !this.closed && this.idle.length < keepIdle && worker.jobs < jobsPerProcess) {
      if (idleMs !== undefined) worker.idleTimer = setTimeout(() => worker.child.kill(), idleMs).unref();
      this.idle.push(worker);
      return;
    }
    worker.child.kill();
    this.start();
  }

  private spawn(): Worker<M> {
    const { name, file, args = [] } = this.options;
    const child = forkLimited(file, args, this.options);
    // An idle process must not keep the server (or a test run) alive.
    child.unref();
    const worker: Worker<M> = { child, ready: Promise.resolve(), jobs: 0 };
    worker.ready = new Promise<void>((resolve, reject) => {
      worker.route = (message) => {
        worker.route = undefined;
        if ((message as { kind?: unknown }).kind === 'ready') resolve();
        else reject(new Error(`Unexpected message from a ${name} process`));
      };
      void child.ended.then((end) =>
        reject(new Error(`${name} process stopped before it was ready (${end.outOfMemory ? 'out of memory' : `exit code ${end.code}`})`)),
      );
    });
    // A kept process that dies while idle is replaced by a later job; its start must not go unhandled.
    worker.ready.catch(() => undefined);
    child.onMessage((message) => worker.route?.(message as M));
    this.all.add(worker);
    void child.ended.then(() => {
      this.all.delete(worker);
      clearTimeout(worker.idleTimer);
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
    });
    return worker;
  }

  /**
   * A slot now, or in turn: a freed slot is handed to the next in line, never put back, so no
   * newcomer overtakes the line. `busy` when the line is full or `deadline` passes in it.
   */
  private async takeSlot(deadline: number | undefined): Promise<'turn' | 'busy'> {
    if (this.running < this.options.concurrency) {
      this.running++;
      return 'turn';
    }
    if (this.line.length >= (this.options.queue ?? Infinity)) return 'busy';
    return new Promise((resolve) => {
      const turn = () => {
        clearTimeout(timer);
        resolve('turn');
      };
      const late = () => {
        this.line.splice(this.line.indexOf(turn), 1);
        resolve('busy');
      };
      const timer = deadline === undefined ? undefined : setTimeout(late, deadline - Date.now()).unref();
      this.line.push(turn);
    });
  }

  private releaseSlot(): void {
    const next = this.line.shift();
    if (next) next();
    else this.running--;
  }
}

import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { processingJobs, processingJobsInProgress } from '../../observability/metrics.js';
import type { FileStore } from '../../storage/file-store.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { readAll } from '../../storage/read-all.js';
import type { ClaimedJob, ProcessingJobRepository } from './processing-job.repository.js';
import { afterError, messageOf, TransientError, writeResults, type JobOutcome, type OutcomeContext, type PageTextStores } from './processing-outcome.js';
import { writeWhileDatabaseAway } from './write-while-database-away.js';
import { runInWorker, type RunningWorker, type WorkerLimits, type WorkerOutcome } from './processing-worker-run.js';
import { processAlive } from '../../system/process-alive.js';
import { JobPoller, silentLog, type JobLog } from '../../jobs/job-poller.js';
import { systemClock, type Clock } from '../../system/clock.js';

export interface ProcessingRunnerOptions extends WorkerLimits {
  workerFile: string;
  /** Resources processed at once in this process. */
  concurrency: number;
  /** How often the queue is checked when idle. */
  pollMs: number;
  /** Attempts for transient failures (storage, database) before the job is marked failed. */
  maxAttempts: number;
  /** Wait before the 2nd attempt; doubled for each further one. */
  retryBaseMs: number;
  /** Added to the time limit for a claim's lease (PROCESSING_LEASE_GRACE_S). */
  leaseGraceMs: number;
  /** Pages OCR reads of one resource per pass (OCR_PAGES_PER_PASS); the rest wait behind new uploads. */
  ocrPagesPerPass: number;
}

/** Pages of a resource rendered as preview images when the options name none (PAGE_IMAGE_PAGES's default). */
export const DEFAULT_PAGE_IMAGE_PAGES = 50;

export const DEFAULT_RUNNER: Omit<ProcessingRunnerOptions, 'workerFile' | keyof WorkerLimits | 'concurrency'> = {
  pollMs: 1_000,
  maxAttempts: 3,
  retryBaseMs: 10_000,
  leaseGraceMs: 60_000,
  ocrPagesPerPass: 10,
};

/** Progress is written at most this often per job (the admin page shows it). */
const PROGRESS_EVERY_MS = 1_000;

/**
 * Processes resources after upload: claims one due job at a time per slot (with a lease, so a
 * process killed mid-job leaves the job to whoever comes next), runs it in a limited worker
 * thread, and writes the results. Several processes may share a PostgreSQL database: claims
 * skip each other's rows, and only the claim's holder may finish a job.
 */
export class ProcessingRunner {
  private readonly options: ProcessingRunnerOptions;
  private readonly owner = `${hostname()}:${process.pid}`;
  private log: JobLog = silentLog;
  private stopped = false;
  private readonly poller: JobPoller;
  /** Jobs of stopped processes are looked for once, at the first check after start. */
  private deadClaimsToCheck = true;
  /** The slots working through jobs. */
  private readonly slots = new Set<Promise<void>>();
  private readonly running = new Map<string, { job: ClaimedJob; leaseEnds: number; worker?: RunningWorker }>();
  /** Tokens of claims being made: a claim made but not yet answered is this runner's too. */
  private readonly claiming = new Set<string>();
  /** A queue read or claim failed: a claim may have been made that no slot holds (see tick). */
  private claimsToCheck = false;

  constructor(
    private readonly jobs: ProcessingJobRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly files: FileStore,
    private readonly stores: PageTextStores,
    options: Partial<ProcessingRunnerOptions> & Pick<ProcessingRunnerOptions, 'workerFile' | keyof WorkerLimits | 'concurrency'>,
    /** Stamps claims, leases, retries and outcomes; a test moves it instead of waiting out a pause. */
    private readonly clock: Clock = systemClock,
  ) {
    this.options = { ...DEFAULT_RUNNER, ...options };
    this.poller = new JobPoller(this.options.pollMs, () => this.check(), (error) => this.log.error({ err: error }, 'processing queue could not be read'));
  }

  /** The lease outlives the worker's time limit, so a live job is never taken over. */
  private get leaseMs(): number {
    return this.options.timeoutMs + this.options.leaseGraceMs;
  }

  start(log?: JobLog): void {
    if (log) this.log = log;
    if (!this.stopped) this.poller.start();
  }

  /**
   * Jobs claimed on this host by a process that no longer runs (killed, crashed, or this
   * process's previous life under the same pid, as in a container) need not wait for their
   * lease to lapse. Claims of other hosts wait for their lease: they may still be running.
   * (One runner per process is assumed: its own pid's claims it does not hold are a past life's.)
   */
  async releaseDeadClaims(): Promise<number> {
    let released = 0;
    for (const claim of await this.jobs.queue.claims()) {
      const parts = claim.token.split(':');
      if (parts.length < 3 || parts.slice(0, -2).join(':') !== hostname()) continue;
      const pid = Number(parts.at(-2));
      const mine = this.running.has(claim.token) || this.claiming.has(claim.token);
      if (mine || !Number.isInteger(pid) || (pid !== process.pid && processAlive(pid))) continue;
      const values = { last_error: 'Interrupted: the server stopped while processing it' };
      if (await this.jobs.queue.release(claim, this.clock(), { counted: true, values })) released++;
    }
    return released;
  }

  /** Claims of this process that no slot holds or is making: back in line, their attempt not counted. */
  private async releaseUnansweredClaims(): Promise<number> {
    let released = 0;
    for (const claim of await this.jobs.queue.claims()) {
      if (!claim.token.startsWith(`${this.owner}:`) || this.running.has(claim.token) || this.claiming.has(claim.token)) continue;
      if (await this.jobs.queue.release(claim, this.clock(), { counted: false })) released++;
    }
    return released;
  }

  /** Stops claiming; jobs under way end now and go back to pending for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    const checking = this.poller.stop();
    await Promise.all([...this.running.values()].map(({ worker }) => worker?.stop()));
    await Promise.all([checking, ...this.slots]);
  }

  /**
   * Processes due jobs with `concurrency` slots until none is due; for tests and the reindex
   * command. `onJob` hears each job's outcome.
   */
  async runUntilIdle(onJob?: (outcome: JobOutcome) => void): Promise<JobOutcome[]> {
    const outcomes: JobOutcome[] = [];
    const slot = async () => {
      for (;;) {
        const outcome = await this.runOne();
        if (!outcome) return;
        outcomes.push(outcome);
        onJob?.(outcome);
      }
    };
    // Every slot ends before this returns, even when one fails (the database is away), so the
    // next poll never runs more jobs at once than `concurrency`.
    const settled = await Promise.allSettled(Array.from({ length: this.options.concurrency }, slot));
    const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failure) throw failure.reason;
    return outcomes;
  }

  /** A job was queued in this process (an upload): look now rather than at the next poll. */
  wake(): void {
    this.poller.wake();
  }

  /** Fills the free slots when jobs are due; a slot works until none is left, then ends. */
  private async check(): Promise<void> {
    if (this.deadClaimsToCheck) {
      this.deadClaimsToCheck = false;
      const released = await this.releaseDeadClaims().catch((error: unknown) => {
        this.log.error({ err: error }, 'could not look for jobs of stopped processes');
        return 0;
      });
      if (released) this.log.info({ released }, 'jobs of a stopped server process put back in line');
    }
    if (this.claimsToCheck) {
      // A claim whose statement committed while its answer was lost (the connection dropped)
      // is held by no slot: put it back in line now rather than when its lease lapses.
      this.claimsToCheck = false;
      const released = await this.releaseUnansweredClaims().catch((error: unknown) => {
        this.claimsToCheck = true;
        throw error;
      });
      if (released) this.log.info({ released }, 'jobs claimed while the database was failing put back in line');
    }
    if (this.slots.size >= this.options.concurrency) return;
    if (!(await this.jobs.queue.hasDue(this.clock()))) return;
    while (this.poller.started && this.slots.size < this.options.concurrency) this.startSlot();
  }

  private startSlot(): void {
    const slot = (async () => {
      for (;;) if (!(await this.runOne())) return;
    })()
      .catch((error: unknown) => {
        this.claimsToCheck = true;
        this.log.error({ err: error }, 'processing queue could not be read');
      })
      .finally(() => this.slots.delete(slot));
    this.slots.add(slot);
  }

  /** Claims and processes one job; undefined when none is due (or this runner is stopping). */
  async runOne(): Promise<JobOutcome | undefined> {
    if (this.stopped) return undefined;
    const token = `${this.owner}:${randomUUID()}`;
    const claimedAt = this.clock().getTime();
    this.claiming.add(token);
    let job: ClaimedJob | undefined;
    try {
      job = await this.jobs.claimOne(new Date(claimedAt), this.leaseMs, token);
    } finally {
      this.claiming.delete(token);
    }
    if (!job) return undefined;
    this.running.set(token, { job, leaseEnds: claimedAt + this.leaseMs });
    processingJobsInProgress.inc({ kind: 'pdf_processing' });
    try {
      const outcome = await this.process(job);
      processingJobs.inc({ kind: 'pdf_processing', outcome: outcome.outcome });
      return outcome;
    } finally {
      processingJobsInProgress.dec({ kind: 'pdf_processing' });
      this.running.delete(token);
    }
  }

  private async process(job: ClaimedJob): Promise<JobOutcome> {
    const { resourceId } = job;
    // Claimed again and again from lapsed leases: something about this file ends the whole
    // process (a native crash can), so it must not run once more on every restart.
    if (job.attempt > this.options.maxAttempts) {
      const reason = `Interrupted ${job.attempt - 1} times (the server stopped while processing it)`;
      const held = await this.jobs.markFailed(job, reason, this.clock());
      return held ? { resourceId, outcome: 'failed', reason } : { resourceId, outcome: 'lost' };
    }
    try {
      let bytes: Buffer;
      try {
        bytes = await readAll(await this.files.read(job.fileKey));
      } catch (error) {
        throw new TransientError(`Could not read the stored file: ${messageOf(error)}`);
      }
      const worker = this.stopped ? undefined : this.startWorker(job, bytes);
      const result: WorkerOutcome | undefined = await worker?.result;
      if (!result || this.stopping(job)) {
        await this.jobs.queue.release(job, this.clock(), { counted: false });
        return { resourceId, outcome: 'stopped' };
      }
      if (!result.ok) {
        const held = await this.whileDatabaseAway(job, () => this.jobs.markFailed(job, result.reason, this.clock()));
        if (held) this.log.warn({ resourceId, reason: result.reason }, 'processing failed');
        return held ? { resourceId, outcome: 'failed', reason: result.reason } : { resourceId, outcome: 'lost' };
      }
      return await this.whileDatabaseAway(job, () => writeResults(this.outcomeContext, job, result));
    } catch (error) {
      return afterError(this.outcomeContext, job, error, this.options);
    }
  }


  private startWorker(job: ClaimedJob, bytes: Buffer): RunningWorker {
    let lastWrite = 0;
    // Page images are made by a job's first pass; later OCR passes keep them (the pages look the same).
    const pageImagePages = job.ocrFromPage > 1 ? 0 : (this.options.pageImagePages ?? DEFAULT_PAGE_IMAGE_PAGES);
    const limits = { ...this.options, ocrFromPage: job.ocrFromPage, ocrPageLimit: this.options.ocrPagesPerPass, pageImagePages };
    const worker = runInWorker(this.options.workerFile, bytes, limits, (pagesDone) => {
      // A cap on writes, so it goes by the real time, not the injected clock.
      if (Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
      lastWrite = Date.now();
      this.jobs.setProgress(job, pagesDone, this.clock()).catch(() => undefined);
    });
    const entry = this.running.get(job.token);
    if (entry) entry.worker = worker;
    return worker;
  }

  private stopping(_job: ClaimedJob): boolean {
    return this.stopped;
  }

  /** For writeResults and afterError (processing-outcome.ts): this runner's stores and current log. */
  private get outcomeContext(): OutcomeContext {
    return {
      jobs: this.jobs,
      stores: this.stores,
      unitOfWork: this.unitOfWork,
      files: this.files,
      log: this.log,
      clock: this.clock,
      whileDatabaseAway: (job, write) => this.whileDatabaseAway(job, write),
    };
  }

  /** `write` again while the database is unreachable, as long as this claim's lease holds. */
  private whileDatabaseAway<T>(job: ClaimedJob, write: () => Promise<T>): Promise<T> {
    const leaseEnds = this.running.get(job.token)?.leaseEnds ?? 0;
    return writeWhileDatabaseAway(write, {
      until: leaseEnds,
      clock: this.clock,
      stopping: () => this.stopped,
      onWait: (retryInMs) => this.log.warn({ resourceId: job.resourceId, retryInMs }, 'database unreachable; the job outcome will be written when it answers'),
    });
  }
}

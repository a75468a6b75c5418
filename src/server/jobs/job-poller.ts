type LogFn = (obj: object, msg: string) => void;

/** Where a queue's loop reports: the app's logger, once started with one. */
export interface JobLog {
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}
export const silentLog: JobLog = { info: () => {}, warn: () => {}, error: () => {} };

/** How a queue retries a failed job: a pause that doubles with each attempt, up to a ceiling. */
export interface RetryPolicy {
  /** Wait before the 2nd attempt; doubled for each further one. */
  retryBaseMs: number;
  /** The longest wait (none when absent). */
  retryMaxMs?: number;
  /** Attempts before the job is given up (never when absent). */
  maxAttempts?: number;
}

/** Wait before attempt `attempt + 1` after `attempt` failed; undefined once it is given up. */
export function retryDelayMs(attempt: number, policy: RetryPolicy): number | undefined {
  if (policy.maxAttempts !== undefined && attempt >= policy.maxAttempts) return undefined;
  return Math.min(policy.retryBaseMs * 2 ** Math.max(0, attempt - 1), policy.retryMaxMs ?? Infinity);
}

/**
 * Runs a queue's `check` every `everyMs`, and at once when woken (a job was queued in this
 * process). One check at a time: a wake during a check runs another right after it. The timer
 * never keeps the process alive on its own.
 */
export class JobPoller {
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<void> | undefined;
  private again = false;
  private running = false;

  constructor(
    private readonly everyMs: number,
    private readonly check: () => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  get started(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
  }

  wake(): void {
    if (!this.running) return;
    if (this.current) this.again = true;
    else this.schedule(0);
  }

  /** Stops polling; resolves when the check under way, if any, has ended. */
  stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    return this.current ?? Promise.resolve();
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), ms);
    this.timer.unref();
  }

  private tick(): void {
    this.again = false;
    this.current = this.check()
      .catch((error: unknown) => this.onError(error))
      .finally(() => {
        this.current = undefined;
        if (this.running) this.schedule(this.again ? 0 : this.everyMs);
      });
  }
}

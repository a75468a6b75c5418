import { processingJobs, processingJobsInProgress } from '../observability/metrics.js';
import { JobPoller, retryDelayMs, silentLog, type JobLog } from '../jobs/job-poller.js';
import type { Mailer } from './mailer.js';
import { systemClock, type Clock } from '../system/clock.js';
import type { ClaimedMail, MailOutboxRepository } from './mail-outbox.repository.js';

export interface MailDeliveryOptions {
  /** How often the outbox is checked when nothing wakes the loop. */
  pollMs: number;
  batchSize: number;
  /** Attempts before a mail is marked failed. */
  maxAttempts: number;
  /** Wait before the 2nd attempt; doubled for each further one, up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** How long a claim holds; after that another worker may take the mail (its sender died). */
  leaseMs: number;
  /** How long stop() waits for sends under way before giving up on them (their claims expire). */
  stopWaitMs: number;
  /** Sent and failed rows are deleted after this long. */
  keepFinishedMs: number;
}

const MINUTE = 60_000;

export const DEFAULT_MAIL_DELIVERY: MailDeliveryOptions = {
  pollMs: 250,
  batchSize: 10,
  // 5 s, 10 s, 20 s ... then every 30 min: about 3.5 hours of retries in all.
  maxAttempts: 15,
  retryBaseMs: 5_000,
  retryMaxMs: 30 * MINUTE,
  // Longer than nodemailer's connection + greeting + socket timeouts together (smtp-mailer.ts).
  leaseMs: 5 * MINUTE,
  stopWaitMs: 5_000,
  keepFinishedMs: 30 * 24 * 60 * MINUTE,
};

/** A recipient the server refused outright (5xx on RCPT TO): retrying cannot help. */
function isPermanent(error: unknown): boolean {
  const e = error as { code?: string; responseCode?: number };
  return e?.code === 'EENVELOPE' && typeof e.responseCode === 'number' && e.responseCode >= 500;
}

function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

/**
 * Sends queued mails through the real transport (SMTP or the console). Runs in every server
 * process; claims make sure two processes never send the same mail. Woken at once when a mail
 * is queued in this process, and polls for mails queued by others or due for a retry.
 */
export class MailDelivery {
  private readonly options: MailDeliveryOptions;
  private log: JobLog = silentLog;
  private readonly poller: JobPoller;
  private lastPurge = 0;

  constructor(
    private readonly outbox: MailOutboxRepository,
    private readonly transport: Mailer,
    options: Partial<MailDeliveryOptions> = {},
    /** Stamps claims and retries; a test moves it instead of waiting out a retry pause. */
    private readonly clock: Clock = systemClock,
  ) {
    this.options = { ...DEFAULT_MAIL_DELIVERY, ...options };
    this.poller = new JobPoller(
      this.options.pollMs,
      () => this.deliverDue().then(() => this.purgeNowAndThen()),
      (error) => this.log.error({ err: error }, 'mail delivery failed to read the outbox'),
    );
  }

  start(log?: JobLog): void {
    if (log) this.log = log;
    this.poller.start();
  }

  /** A mail was queued: deliver now rather than at the next poll. */
  wake(): void {
    this.poller.wake();
  }

  /** Stops polling and waits (at most stopWaitMs) for the sends under way. */
  async stop(): Promise<void> {
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([this.poller.stop(), new Promise<void>((resolve) => (timeout = setTimeout(resolve, this.options.stopWaitMs)))]);
    clearTimeout(timeout);
  }

  /** Sends every mail due now; returns how many were attempted. Used by the loop and by tests. */
  async deliverDue(): Promise<number> {
    let attempted = 0;
    if (!(await this.outbox.queue.hasDue(this.clock()))) return 0;
    for (;;) {
      const batch = await this.outbox.claimDue(this.clock(), this.options.leaseMs, this.options.batchSize);
      attempted += batch.length;
      // In parallel: one slow recipient server must not hold up the others.
      await Promise.all(batch.map((claimed) => this.deliver(claimed)));
      if (batch.length < this.options.batchSize || !this.poller.started) return attempted;
    }
  }

  private async deliver(claimed: ClaimedMail): Promise<void> {
    const { key: mailId, attempt } = claimed;
    processingJobsInProgress.inc({ kind: 'mail' });
    try {
      await this.transport.send(claimed.mail);
      await this.outbox.markSent(claimed, this.clock());
      processingJobs.inc({ kind: 'mail', outcome: 'sent' });
    } catch (error) {
      const reason = reasonOf(error);
      const retryInMs = isPermanent(error) ? undefined : retryDelayMs(attempt, this.options);
      await this.outbox.failOrRetry(claimed, reason, retryInMs, this.clock());
      processingJobs.inc({ kind: 'mail', outcome: retryInMs === undefined ? 'failed' : 'retry' });
      if (retryInMs === undefined) this.log.error({ mailId, attempt, reason }, 'mail given up');
      else this.log.warn({ mailId, attempt, retryInMs, reason }, 'mail not sent, will retry');
    } finally {
      processingJobsInProgress.dec({ kind: 'mail' });
    }
  }

  private async purgeNowAndThen(): Promise<void> {
    const now = this.clock().getTime();
    if (now - this.lastPurge < 60 * MINUTE) return;
    this.lastPurge = now;
    await this.outbox.purgeFinished(new Date(now - this.options.keepFinishedMs));
  }
}

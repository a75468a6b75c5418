import type { Db } from '../db/database.js';
import { JobQueueRepository, type Claim } from '../jobs/job-queue.repository.js';
import type { Mail } from './mailer.js';

export interface ClaimedMail extends Claim<number> {
  mail: Mail;
}

/** The body goes once a mail is sent or given up: it holds single-use links. */
const NO_BODY = { body_text: '', body_html: null };

/** Queries on the mail_outbox table; the rules (when to retry, give up) are in MailDelivery. */
export class MailOutboxRepository {
  /** The queue's claims, leases and retries (jobs/job-queue.repository.ts). */
  readonly queue: JobQueueRepository<number>;

  constructor(private readonly db: Db) {
    this.queue = new JobQueueRepository(db, { table: 'mail_outbox', key: 'id', claimed: 'sending', order: ['id'] });
  }

  async enqueue(mail: Mail, now: Date): Promise<void> {
    await this.db.kysely
      .insertInto('mail_outbox')
      .values({
        recipient: mail.to,
        subject: mail.subject,
        body_text: mail.text,
        body_html: mail.html ?? null,
        status: 'pending',
        next_attempt_at: now.toISOString(),
        created_at: now.toISOString(),
      })
      .execute();
  }

  /** Takes up to `limit` due mails (pending, or their sender died) for `leaseMs`. */
  async claimDue(now: Date, leaseMs: number, limit: number): Promise<ClaimedMail[]> {
    const claims = await this.queue.claim(now, leaseMs, limit, { columns: ['recipient', 'subject', 'body_text', 'body_html'] });
    return claims.map(({ row, ...claim }) => ({
      ...claim,
      mail: { to: String(row.recipient), subject: String(row.subject), text: String(row.body_text), ...(row.body_html ? { html: String(row.body_html) } : {}) },
    }));
  }

  /** Sent: the row stays as a record, without the body. */
  markSent(claim: ClaimedMail, now: Date): Promise<boolean> {
    return this.queue.end(claim, 'sent', { ...NO_BODY, sent_at: now.toISOString(), last_error: null }, now);
  }

  /** Tried again after `retryInMs`, or given up when that is undefined. */
  failOrRetry(claim: ClaimedMail, reason: string, retryInMs: number | undefined, now: Date): Promise<boolean> {
    return this.queue.failOrRetry(claim, reason, retryInMs, now, NO_BODY);
  }

  /** Drops sent and failed rows created before `cutoff`. */
  async purgeFinished(cutoff: Date): Promise<number> {
    const result = await this.db.kysely
      .deleteFrom('mail_outbox')
      .where('status', 'in', ['sent', 'failed'])
      .where('created_at', '<', cutoff.toISOString())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

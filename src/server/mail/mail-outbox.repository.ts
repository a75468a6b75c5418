import type { Db } from '../db/database.js';
import { lockSkippingLocked } from '../db/row-locks.js';
import type { Mail } from './mailer.js';

export interface ClaimedMail {
  id: number;
  mail: Mail;
  /** Which attempt this is, counting this one (1 = first). */
  attempt: number;
}

/** Queries on the mail_outbox table; the rules (when to retry, give up) are in MailDelivery. */
export class MailOutboxRepository {
  constructor(private readonly db: Db) {}

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

  /** Ids of mails due now: pending ones whose time has come, and ones whose claim expired. */
  private due(now: Date) {
    const at = now.toISOString();
    return this.db.kysely
      .selectFrom('mail_outbox')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', at)]),
          eb.and([eb('status', '=', 'sending'), eb('locked_until', '<=', at)]),
        ]),
      );
  }

  /** Whether claimDue would find anything: a plain read, so an idle poll never takes a write lock. */
  async hasDue(now: Date): Promise<boolean> {
    return (await this.due(now).limit(1).executeTakeFirst()) !== undefined;
  }

  /**
   * Takes up to `limit` due mails for this worker: pending ones whose time has come, and ones
   * whose previous claim expired (a worker that died mid-send). The claim holds for `leaseMs`.
   */
  async claimDue(now: Date, leaseMs: number, limit: number): Promise<ClaimedMail[]> {
    const due = this.due(now).orderBy('id').limit(limit);
    const rows = await this.db.kysely
      .updateTable('mail_outbox')
      .set((eb) => ({
        status: 'sending',
        locked_until: new Date(now.getTime() + leaseMs).toISOString(),
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', 'in', lockSkippingLocked(due, this.db.dialect))
      .returning(['id', 'recipient', 'subject', 'body_text', 'body_html', 'attempts'])
      .execute();
    return rows
      .sort((a, b) => a.id - b.id)
      .map((r) => ({
        id: r.id,
        attempt: Number(r.attempts),
        mail: { to: r.recipient, subject: r.subject, text: r.body_text, ...(r.body_html ? { html: r.body_html } : {}) },
      }));
  }

  /** Sent: the body goes (it holds single-use links), the row stays as a record. */
  async markSent(id: number, now: Date): Promise<void> {
    await this.db.kysely
      .updateTable('mail_outbox')
      .set({ status: 'sent', sent_at: now.toISOString(), locked_until: null, last_error: null, body_text: '', body_html: null })
      .where('id', '=', id)
      .execute();
  }

  async scheduleRetry(id: number, at: Date, reason: string): Promise<void> {
    await this.db.kysely
      .updateTable('mail_outbox')
      .set({ status: 'pending', next_attempt_at: at.toISOString(), locked_until: null, last_error: reason })
      .where('id', '=', id)
      .execute();
  }

  async markFailed(id: number, reason: string): Promise<void> {
    await this.db.kysely
      .updateTable('mail_outbox')
      .set({ status: 'failed', locked_until: null, last_error: reason, body_text: '', body_html: null })
      .where('id', '=', id)
      .execute();
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

import type { Mail, Mailer } from './mailer.js';
import type { MailOutboxRepository } from './mail-outbox.repository.js';

/**
 * The Mailer the feature modules use: `send` only records the mail in the outbox table (fast,
 * never touches SMTP) and wakes the delivery loop. A mail server that is down or hangs can then
 * neither fail nor slow a request, and a queued mail survives a restart.
 */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly outbox: MailOutboxRepository,
    private readonly onQueued: () => void = () => {},
  ) {}

  async send(mail: Mail): Promise<void> {
    await this.outbox.enqueue(mail, new Date());
    this.onQueued();
  }

  async close(): Promise<void> {}
}

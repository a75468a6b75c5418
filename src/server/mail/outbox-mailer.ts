import type { Mail, Mailer } from './mailer.js';
import type { MailOutboxRepository } from './mail-outbox.repository.js';
import { systemClock, type Clock } from '../system/clock.js';

/**
 * The Mailer the feature modules use: `send` only records the mail in the outbox table (fast,
 * never touches SMTP) and wakes the delivery loop. A mail server that is down or hangs can then
 * neither fail nor slow a request, and a queued mail survives a restart.
 */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly outbox: MailOutboxRepository,
    private readonly onQueued: () => void = () => {},
    private readonly clock: Clock = systemClock,
  ) {}

  async send(mail: Mail): Promise<void> {
    await this.outbox.enqueue(mail, this.clock());
    this.onQueued();
  }

  async close(): Promise<void> {}
}

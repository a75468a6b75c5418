import nodemailer from 'nodemailer';
import type { Mail, Mailer } from './mailer.js';

/** Sends through the SMTP server named by SMTP_URL (smtp:// or smtps://). */
export class SmtpMailer implements Mailer {
  private readonly transport;

  constructor(url: string, private readonly from: string) {
    // Bounded waits: a hung mail server must not hold a user's request for minutes.
    this.transport = nodemailer.createTransport(url, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...mail });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

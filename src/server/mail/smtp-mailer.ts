import nodemailer from 'nodemailer';
import type { Mail, Mailer } from './mailer.js';

/** Sends through the SMTP server named by SMTP_URL (smtp:// or smtps://). */
export class SmtpMailer implements Mailer {
  private readonly transport;

  constructor(url: string, private readonly from: string) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...mail });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

import type { Mail, Mailer } from './mailer.js';

/**
 * The default when no SMTP_URL is set: prints each mail, links included, so a developer or a
 * small installation can still complete sign-up and password resets from the server log.
 */
export class ConsoleMailer implements Mailer {
  constructor(private readonly write: (line: string) => void = (line) => process.stdout.write(line)) {}

  async send(mail: Mail): Promise<void> {
    const bar = '-'.repeat(72);
    this.write(`${bar}\nMail to: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n${bar}\n`);
  }

  async close(): Promise<void> {}
}

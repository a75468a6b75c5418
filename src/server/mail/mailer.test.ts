import { describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../../tests/support/smtp-sink.js';
import { ConsoleMailer } from './console-mailer.js';
import { createMailer } from './create-mailer.js';
import { SmtpMailer } from './smtp-mailer.js';

describe('mailers', () => {
  it('delivers through a real SMTP server when SMTP_URL is set', async () => {
    const sink = await startSmtpSink();
    const mailer = createMailer({ smtpUrl: sink.url, mailFrom: 'Shelf <no-reply@example.edu>' });
    try {
      expect(mailer).toBeInstanceOf(SmtpMailer);
      await mailer.send({
        to: 'ada@example.edu',
        subject: 'Verify your e-mail',
        text: 'Open http://127.0.0.1:3000/verify?token=abc to continue.',
      });
      const mail = await sink.waitForMail('ada@example.edu');
      expect(mail.from).toBe('no-reply@example.edu');
      expect(mail.raw).toContain('Subject: Verify your e-mail');
      expect(mail.raw).toContain('http://127.0.0.1:3000/verify?token=abc');
    } finally {
      await mailer.close();
      await sink.close();
    }
  });

  it('prints each mail with its link on the console when no SMTP_URL is set', async () => {
    const lines: string[] = [];
    const mailer = new ConsoleMailer((line) => lines.push(line));
    expect(createMailer({ smtpUrl: undefined, mailFrom: 'x' })).toBeInstanceOf(ConsoleMailer);
    await mailer.send({ to: 'bo@example.edu', subject: 'Reset', text: 'Go to http://h/reset?t=1' });
    const printed = lines.join('');
    expect(printed).toContain('Mail to: bo@example.edu');
    expect(printed).toContain('Subject: Reset');
    expect(printed).toContain('http://h/reset?t=1');
  });
});

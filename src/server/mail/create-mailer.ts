import type { Config } from '../config.js';
import { ConsoleMailer } from './console-mailer.js';
import type { Mailer } from './mailer.js';
import { SmtpMailer } from './smtp-mailer.js';

/** SMTP when SMTP_URL is configured, otherwise mails are printed on the console. */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>): Mailer {
  return config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new ConsoleMailer();
}

import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { findTokenLink, mailText } from './mail-text.js';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives, for tests that follow a mail's
 * link. STARTTLS is off: the certificate bundled with smtp-server has expired. A `port` brings a
 * sink back up where an earlier one listened (mail-server outage tests).
 */
export async function startSmtpSink(port = 0): Promise<{
  url: string;
  mails: ReceivedMail[];
  waitForMail(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    mails,
    async waitForMail(to, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.find((m) => m.to.includes(to));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link to `path` (with its token) in a raw mail; throws when there is none. */
export function linkFromMail(raw: string, path: string): string {
  const link = findTokenLink(raw, path);
  if (!link) throw new Error(`No ${path} link in mail:\n${mailText(raw).slice(0, 2000)}`);
  return link;
}

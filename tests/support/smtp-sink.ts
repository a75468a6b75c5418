import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { findTokenLink, mailText } from './mail-text.js';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

interface Waiter {
  match: (mail: ReceivedMail) => boolean;
  resolve: (mail: ReceivedMail) => void;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives, for tests that follow a mail's
 * link. STARTTLS is off: the certificate bundled with smtp-server has expired. A `port` brings a
 * sink back up where an earlier one listened (mail-server outage tests).
 */
export async function startSmtpSink(port = 0): Promise<{
  url: string;
  mails: ReceivedMail[];
  /** The first mail `match` accepts, received already or as soon as it arrives. */
  waitFor(what: string, match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  waitForMail(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<Waiter>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        mails.push(mail);
        for (const waiter of waiters) if (waiter.match(mail)) waiter.resolve(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;
  function waitFor(what: string, match: (mail: ReceivedMail) => boolean, timeoutMs = 5000): Promise<ReceivedMail> {
    const found = mails.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        match,
        resolve: (mail) => {
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(mail);
        },
      };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`No ${what} within ${timeoutMs} ms`));
      }, timeoutMs);
      waiters.add(waiter);
    });
  }
  return {
    url: `smtp://127.0.0.1:${bound}`,
    mails,
    waitFor,
    waitForMail: (to, timeoutMs) => waitFor(`mail to ${to}`, (m) => m.to.includes(to), timeoutMs),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link to `path` (with its token) in a raw mail; throws when there is none. */
export function linkFromMail(raw: string, path: string): string {
  const link = findTokenLink(raw, path);
  if (!link) throw new Error(`No ${path} link in mail:\n${mailText(raw).slice(0, 2000)}`);
  return link;
}

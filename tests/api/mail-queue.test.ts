import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb } from '../../src/server/db/database.js';
import { MailDelivery } from '../../src/server/mail/mail-delivery.js';
import { MailOutboxRepository } from '../../src/server/mail/mail-outbox.repository.js';
import { SmtpMailer } from '../../src/server/mail/smtp-mailer.js';
import { linkFromMail, startSmtpSink } from '../support/smtp-sink.js';
import { mailText } from '../support/mail-text.js';
import { DOMAIN, signUpBody } from './helpers/accounts.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';
import { testClock } from './helpers/test-clock.js';

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

/** A port where nothing listens now: a sink was bound there and closed again. */
async function downSinkPort(): Promise<number> {
  const sink = await startSmtpSink();
  const port = Number(new URL(sink.url).port);
  await sink.close();
  return port;
}

/** An SMTP server that accepts connections and never says a word. */
async function startHangingSmtp() {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sockets,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A real SMTP server that refuses every recipient with 550 (mailbox unavailable). */
async function startRefusingSmtp() {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const outboxRows = (t: TestApp, to: string) =>
  t.db.kysely.selectFrom('mail_outbox').selectAll().where('recipient', '=', to).execute();

describe(`durable mail queue (${testDialect})`, () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });

  it('signs up (201) while the mail server is down; the mail arrives once it is back', async () => {
    const port = await downSinkPort();
    const clock = testClock();
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, INSTITUTION_EMAIL_DOMAIN: DOMAIN }, { clock: clock.now });
    cleanups.push(() => t.close());
    const body = signUpBody();

    const res = await t.api.post('/api/auth/sign-up', body);
    expect(res.statusCode).toBe(201);
    // The first attempt fails and is put back with the reason, to be retried.
    await expect.poll(async () => (await outboxRows(t, body.email))[0]?.last_error ?? null, { timeout: 20_000 }).not.toBeNull();
    expect((await outboxRows(t, body.email))[0]).toMatchObject({ status: 'pending', attempts: 1 });

    const sink: Sink = await startSmtpSink(port);
    cleanups.push(() => sink.close());
    // Not before its retry pause (5 s of the clock) is over.
    await t.services.mailDelivery.deliverDue();
    expect(sink.mails).toHaveLength(0);
    clock.advance(5_000);
    const mail = await sink.waitForMail(body.email, 20_000);
    expect(linkFromMail(mail.raw, '/verify-email')).toContain('token=');
    await expect.poll(async () => (await outboxRows(t, body.email))[0]?.status, { timeout: 10_000 }).toBe('sent');
    const [row] = await outboxRows(t, body.email);
    // The link is single-use and secret: it does not stay in the table once sent.
    expect(row!.body_text).toBe('');
    expect(sink.mails.filter((m) => m.to.includes(body.email))).toHaveLength(1);
  });

  it('says a reset mail is on its way while the mail server is down, and delivers it later', async () => {
    const port = await downSinkPort();
    const clock = testClock();
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, INSTITUTION_EMAIL_DOMAIN: DOMAIN }, { clock: clock.now });
    cleanups.push(() => t.close());
    const body = signUpBody();
    expect((await t.api.post('/api/auth/sign-up', body)).statusCode).toBe(201);
    const res = await t.api.post('/api/auth/forgot-password', { email: body.email });
    expect(res.statusCode).toBe(200);
    await expect
      .poll(async () => (await outboxRows(t, body.email)).filter((r) => r.subject.includes('Reset')).length)
      .toBe(1);

    await expect.poll(async () => (await outboxRows(t, body.email)).every((r) => r.attempts === 1 && r.status === 'pending'), { timeout: 20_000 }).toBe(true);
    const sink = await startSmtpSink(port);
    cleanups.push(() => sink.close());
    clock.advance(5_000);
    await expect
      .poll(() => sink.mails.filter((m) => mailText(m.raw).includes('/reset-password?token=')).length, { timeout: 20_000, interval: 200 })
      .toBe(1);
  });

  it('answers sign-up while the mail server hangs, without waiting for it', async () => {
    const smtp = await startHangingSmtp();
    const t = await createTestApp({ SMTP_URL: smtp.url, INSTITUTION_EMAIL_DOMAIN: DOMAIN });
    cleanups.push(() => t.close());
    // Closed first: the app's close would otherwise wait out stopWaitMs (5 s) for the stuck send.
    cleanups.push(() => smtp.close());
    const body = signUpBody();

    const res = await t.api.post('/api/auth/sign-up', body);
    expect(res.statusCode).toBe(201);
    // The delivery loop is the one stuck on the silent server; the request was answered anyway.
    await expect.poll(() => smtp.sockets.size, { timeout: 10_000 }).toBeGreaterThan(0);
    expect((await outboxRows(t, body.email))[0]).toMatchObject({ status: 'sending', attempts: 1 });
  });

  it('delivers each mail exactly once with two delivery loops on one database', async () => {
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    const t = await createTestApp({ SMTP_URL: sink.url, INSTITUTION_EMAIL_DOMAIN: DOMAIN });
    cleanups.push(() => t.close());
    // A second instance: its own connection(s) to the same database and its own loop.
    const otherDb = createDb(t.config.database);
    const other = new MailDelivery(new MailOutboxRepository(otherDb), new SmtpMailer(sink.url, 'x@example.edu'), { pollMs: 20, batchSize: 3 });
    cleanups.push(async () => {
      await other.stop();
      await otherDb.close();
    });
    const outbox = new MailOutboxRepository(t.db);
    const recipients = Array.from({ length: 30 }, (_, i) => `twice${i}@${DOMAIN}`);
    // Queued while neither loop can reach them, then both start together.
    await t.services.mailDelivery.stop();
    for (const to of recipients) await outbox.enqueue({ to, subject: 'Once', text: 'exactly once' }, new Date());
    t.services.mailDelivery.start();
    other.start();

    await expect.poll(() => new Set(sink.mails.flatMap((m) => m.to)).size, { timeout: 40_000, interval: 200 }).toBe(30);
    await expect
      .poll(async () => (await t.db.kysely.selectFrom('mail_outbox').select('status').where('status', '!=', 'sent').execute()).length)
      .toBe(0);
    for (const to of recipients) expect(sink.mails.filter((m) => m.to.includes(to))).toHaveLength(1);
  });

  it('retries after 5 s, then 10 s, then gives up and marks the mail failed with the reason', async () => {
    const port = await downSinkPort();
    const t = await createTestApp({ INSTITUTION_EMAIL_DOMAIN: DOMAIN });
    cleanups.push(() => t.close());
    await t.services.mailDelivery.stop();
    const clock = testClock();
    const delivery = new MailDelivery(new MailOutboxRepository(t.db), new SmtpMailer(`smtp://127.0.0.1:${port}`, 'x@example.edu'), { maxAttempts: 3 }, clock.now);
    const to = `unlucky@${DOMAIN}`;
    await new MailOutboxRepository(t.db).enqueue({ to, subject: 'Never', text: 'http://x/reset-password?token=secret' }, clock.now());
    const dueInMs = async () => Date.parse((await outboxRows(t, to))[0]!.next_attempt_at) - clock.now().getTime();

    expect(await delivery.deliverDue()).toBe(1);
    expect(await dueInMs()).toBe(5_000);
    clock.advance(4_999);
    expect(await delivery.deliverDue()).toBe(0);
    clock.advance(1);
    expect(await delivery.deliverDue()).toBe(1);
    expect(await dueInMs()).toBe(10_000);
    clock.advance(10_000);
    expect(await delivery.deliverDue()).toBe(1);
    expect(await delivery.deliverDue()).toBe(0);
    const [row] = await outboxRows(t, to);
    expect(row).toMatchObject({ attempts: 3, body_text: '' });
    expect(row!.last_error).toMatch(/ECONNREFUSED|connect/i);
  });

  it('fails at once a mail whose recipient the mail server refuses', async () => {
    const t = await createTestApp({ INSTITUTION_EMAIL_DOMAIN: DOMAIN });
    cleanups.push(() => t.close());
    await t.services.mailDelivery.stop();
    const refusing = await startRefusingSmtp();
    cleanups.push(() => refusing.close());
    const delivery = new MailDelivery(new MailOutboxRepository(t.db), new SmtpMailer(refusing.url, 'x@example.edu'), { pollMs: 20 });
    cleanups.push(() => delivery.stop());
    const to = `gone@${DOMAIN}`;
    await new MailOutboxRepository(t.db).enqueue({ to, subject: 'Bounce', text: 'x' }, new Date());
    delivery.start();
    await expect.poll(async () => (await outboxRows(t, to))[0]?.status, { timeout: 20_000 }).toBe('failed');
    expect((await outboxRows(t, to))[0]).toMatchObject({ attempts: 1 });
    expect((await outboxRows(t, to))[0]!.last_error).toContain('550');
  });
});

/** One outgoing mail. `text` is required so every client can read it; links go in plain text. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}

/**
 * Sends a mail whose failure must not undo what was already saved (a decision, a status):
 * true when it was accepted (the app's Mailer queues it for delivery with retries, see
 * outbox-mailer.ts), false when it could not even be queued.
 */
export async function sendQuietly(mailer: Mailer, mail: Mail): Promise<boolean> {
  try {
    await mailer.send(mail);
    return true;
  } catch {
    return false;
  }
}

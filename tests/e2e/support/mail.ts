import { expect } from '@playwright/test';
import { findTokenLink } from '../../support/mail-text';
import { setUpFetch } from './set-up-fetch';

const MAIL_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3201) + 2}`;

/** Waits for a mail to `to` whose text links to `path`, and returns that link's path and query. */
export async function linkFromMailbox(to: string, path: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await setUpFetch(`${MAIL_URL}/mails?to=${encodeURIComponent(to)}`)).json()) as { raw: string }[];
        for (const mail of mails.reverse()) {
          link = findTokenLink(mail.raw, path);
          if (link) return true;
        }
        return false;
      },
      { message: `a mail to ${to} with a ${path} link`, timeout: 10_000 },
    )
    .toBe(true);
  const url = new URL(link!);
  return url.pathname + url.search;
}

/** The raw text of every mail the sink holds for `to`, oldest first. */
export async function mailsTo(to: string): Promise<string[]> {
  const mails = (await (await setUpFetch(`${MAIL_URL}/mails?to=${encodeURIComponent(to)}`)).json()) as { raw: string }[];
  return mails.map((mail) => mail.raw);
}

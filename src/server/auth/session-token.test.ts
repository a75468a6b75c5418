import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Auth } from './auth.js';
import { MAX_REMEMBERED_COOKIE_HEADER, SessionTokenReader } from './session-token.js';

/** The part of better-auth's context the reader looks at, with the cookie names of a deployment. */
function readerFor(sessionName: string): SessionTokenReader {
  const context = {
    secretConfig: 'secret',
    secret: 'secret',
    authCookies: { sessionToken: { name: sessionName }, dontRememberToken: { name: sessionName.replace('session_token', 'dont_remember') } },
    sessionConfig: { expiresIn: 60, updateAge: 30 },
  };
  return new SessionTokenReader({ $context: Promise.resolve(context) } as unknown as Auth);
}

describe('SessionTokenReader.hasSessionCookie', () => {
  it("finds better-auth's session cookie by its configured name, with or without __Secure-", async () => {
    for (const reader of [readerFor('studyshelf.session_token'), readerFor('__Secure-studyshelf.session_token')]) {
      expect(await reader.hasSessionCookie('studyshelf.session_token=abc.def')).toBe(true);
      expect(await reader.hasSessionCookie('theme=dark; __Secure-studyshelf.session_token=abc.def')).toBe(true);
    }
  });

  it('says no for no header, other cookies, or the name only as a value', async () => {
    const reader = readerFor('studyshelf.session_token');
    for (const header of [undefined, '', 'theme=dark', 'other=studyshelf.session_token', 'xstudyshelf.session_token=abc']) {
      expect(await reader.hasSessionCookie(header), String(header)).toBe(false);
    }
    // Another prefix is another app's cookie.
    expect(await readerFor('elsewhere.session_token').hasSessionCookie('studyshelf.session_token=abc.def')).toBe(false);
  });
});

/** A cookie value signed as better-auth signs it (HMAC-SHA256 with the secret, base64), URL-encoded. */
const signed = (value: string) => encodeURIComponent(`${value}.${createHmac('sha256', 'secret').update(value).digest('base64')}`);

describe('SessionTokenReader.read and readNow', () => {
  it('reads the token without waiting once the settings were loaded, and the same each time', async () => {
    const reader = readerFor('studyshelf.session_token');
    const header = `theme=dark; studyshelf.session_token=${signed('tok1')}`;
    expect(reader.readNow(header)).toBeUndefined();
    const read = await reader.read(header);
    expect(read).toEqual({ kind: 'token', token: 'tok1', rememberMe: true, expiresInMs: 60_000, updateAgeMs: 30_000 });
    expect(reader.readNow(header)).toEqual(read);
    expect(reader.readNow(`${header}; studyshelf.dont_remember=${signed('true')}`)).toEqual({ ...read, rememberMe: false });
  });

  it('finds no session in a bad signature or without the cookie, also when asked again', async () => {
    const reader = readerFor('studyshelf.session_token');
    expect(reader.readNow(null)).toEqual({ kind: 'none' });
    await reader.read('theme=dark');
    for (let i = 0; i < 2; i++) {
      expect(reader.readNow(`studyshelf.session_token=${signed('tok1').replace('tok1', 'tok2')}`)).toEqual({ kind: 'none' });
      expect(reader.readNow('theme=dark')).toEqual({ kind: 'none' });
    }
  });

  it('reads a long Cookie header each time without remembering it, so padded headers cannot fill memory', async () => {
    const reader = readerFor('studyshelf.session_token');
    const remembered = () => (reader as unknown as { readHeaders: Map<string, unknown> }).readHeaders.size;
    const short = `studyshelf.session_token=${signed('tok1')}`;
    await reader.read(short);
    expect(remembered()).toBe(1);
    for (let i = 0; i < 3; i++) {
      const padded = `${short}; pad=${String(i).repeat(MAX_REMEMBERED_COOKIE_HEADER)}`;
      expect(reader.readNow(padded)).toMatchObject({ kind: 'token', token: 'tok1' });
    }
    expect(remembered()).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import type { Auth } from './auth.js';
import { SessionTokenReader } from './session-token.js';

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

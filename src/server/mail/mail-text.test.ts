import { describe, expect, it } from 'vitest';
import { findTokenLink, mailText } from '../../../tests/support/mail-text.js';

describe('test mail decoding', () => {
  it('leaves a 7bit body alone, even when a token looks like a quoted-printable escape', () => {
    const raw = 'Subject: x\r\nContent-Transfer-Encoding: 7bit\r\n\r\nhttp://h/reset-password?token=FA1RBgeK\r\n';
    expect(findTokenLink(raw, '/reset-password')).toBe('http://h/reset-password?token=FA1RBgeK');
  });

  it('decodes quoted-printable soft breaks and escapes', () => {
    const raw = 'Content-Transfer-Encoding: quoted-printable\r\n\r\nhttp://h/verify-email?token=3Dab=\r\ncd\r\n';
    expect(mailText(raw)).toContain('http://h/verify-email?token=abcd');
    expect(findTokenLink(raw, '/verify-email')).toBe('http://h/verify-email?token=abcd');
  });
});

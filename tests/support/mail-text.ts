/**
 * The readable text of a raw single-part mail, decoded by its Content-Transfer-Encoding.
 * (Decoding quoted-printable unconditionally corrupts 7bit mails: "token=FA..." became a byte.)
 */
export function mailText(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const encoding = /^content-transfer-encoding:\s*([\w-]+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'quoted-printable') {
    return body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The first link to `path` with a token query in the mail, or undefined. */
export function findTokenLink(raw: string, path: string): string | undefined {
  const escaped = path.replace(/[/.?]/g, (c) => `\\${c}`);
  return new RegExp(`https?://[^\\s"<>]*${escaped}\\?token=[^\\s"<>]+`).exec(mailText(raw))?.[0];
}

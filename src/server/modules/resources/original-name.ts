import { stripControlCharacters } from '../../../shared/control-characters.js';

const MAX_LENGTH = 200;

/**
 * The uploader's file name, made safe to store and to send back in Content-Disposition: no
 * folders, no control characters (a newline would split a header), at most 200 characters
 * with the `.pdf` ending kept. It is only ever a label: files are stored under generated keys.
 * Bidirectional controls are dropped: "report\u202Efdp.exe" would show as "reportexe.pdf" and
 * hide the real ending from whoever reads the name.
 */
export function sanitizeOriginalName(raw: string | undefined): string {
  let name = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // Bidirectional controls go, other controls become spaces; line and paragraph separators
  // (U+2028, U+2029) are whitespace, collapsed with the rest.
  name = stripControlCharacters(name.normalize('NFC'), { name: true })
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  if (!/\.pdf$/i.test(name)) name = `${name || 'document'}.pdf`;
  if (name.length > MAX_LENGTH) {
    const stem = [...name.slice(0, -4)].slice(0, MAX_LENGTH - 4).join('').trimEnd();
    name = `${stem}${name.slice(-4)}`;
  }
  return name;
}

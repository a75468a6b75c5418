const MAX_LENGTH = 200;
/** Embeddings and overrides (U+202A-202E), isolates (U+2066-2069), marks (U+200E, U+200F, U+061C). */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;

/**
 * The uploader's file name, made safe to store and to send back in Content-Disposition: no
 * folders, no control characters (a newline would split a header), at most 200 characters
 * with the `.pdf` ending kept. It is only ever a label: files are stored under generated keys.
 * Bidirectional controls are dropped: "report\u202Efdp.exe" would show as "reportexe.pdf" and
 * hide the real ending from whoever reads the name.
 */
export function sanitizeOriginalName(raw: string | undefined): string {
  let name = (raw ?? '').split(/[\\/]/).pop() ?? '';
  name = name
    .normalize('NFC')
    .replace(BIDI_CONTROLS, '')
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ')
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

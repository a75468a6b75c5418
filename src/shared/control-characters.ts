/**
 * Characters that have no business in stored text, in one place for every caller that cleans
 * text: titles, page text for the index, uploaded file names, names inside a zip, and the NUL
 * check on every request.
 */

/** NUL: PostgreSQL refuses it in text, so no text field of ours can hold it. */
export const NUL = '\u0000';

/** C0 controls and DEL, tab, line feed and carriage return included. */
const C0 = '\\u0000-\\u001f\\u007f';
/** C0 controls and DEL except tab, line feed and carriage return (line structure of page text). */
const C0_BUT_LINES = '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f';
/** C1 controls (U+0080-U+009F), which only a name could carry by mistake or malice. */
const C1 = '\\u0080-\\u009f';
/**
 * Bidirectional controls: embeddings and overrides (U+202A-202E), isolates (U+2066-2069) and
 * marks (U+200E, U+200F, U+061C). "report\u202Efdp.exe" shows as "reportexe.pdf" and hides a
 * name's real ending.
 */
const BIDI = '\\u202a-\\u202e\\u2066-\\u2069\\u200e\\u200f\\u061c';

const pattern = (ranges: string) => new RegExp(`[${ranges}]`, 'g');
/** By [keepNewlines][name]. */
const CONTROLS = {
  false: { false: pattern(C0), true: pattern(C0 + C1) },
  true: { false: pattern(C0_BUT_LINES), true: pattern(C0_BUT_LINES + C1) },
} as const;
const BIDI_CONTROLS = pattern(BIDI);

export interface StripOptions {
  /** Keep tab, line feed and carriage return (page text keeps its lines). */
  keepNewlines?: boolean;
  /**
   * The text is a name (a file name, a zip entry): C1 controls are stripped too, and
   * bidirectional controls are dropped (never replaced: they are invisible).
   */
  name?: boolean;
  /** What stands for each stripped control character: a space unless told (bidi controls always go). */
  replacement?: ' ' | '';
}

/**
 * `text` without control characters: C0 controls and DEL (by default), each replaced by a space
 * (or by `replacement`). Whitespace is not collapsed: callers trim and collapse as they need.
 */
export function stripControlCharacters(text: string, options: StripOptions = {}): string {
  const name = options.name ?? false;
  const controls = CONTROLS[`${options.keepNewlines ?? false}`][`${name}`];
  return (name ? text.replace(BIDI_CONTROLS, '') : text).replace(controls, options.replacement ?? ' ');
}

/**
 * `text` without bidirectional controls: for every text stored and shown to others (names,
 * subjects, descriptions, reasons), where an override could reorder what readers see.
 */
export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

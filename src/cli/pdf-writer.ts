import { createHash } from 'node:crypto';

/**
 * The low level of the demo PDF generator: WinAnsi text encoding, glyph widths of the standard
 * fonts, and the file structure (objects, xref table, trailer). No library: the demo library is
 * seeded on every fresh install, so it must not pull a PDF toolkit into the server bundle.
 */

/** Resource names of the four standard-14 fonts every page may use. */
export type FontKey = 'F1' | 'F2' | 'F3' | 'F4';

/** Which standard-14 font each resource name stands for. */
export const FONT_NAMES: Readonly<Record<FontKey, string>> = {
  F1: 'Helvetica',
  F2: 'Helvetica-Bold',
  F3: 'Helvetica-Oblique',
  F4: 'Courier',
};

// Adobe AFM advance widths (1/1000 em) of the printable ASCII range 32..126.
// prettier-ignore
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778,
  722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278,
  278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
  556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
// prettier-ignore
const HELVETICA_BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778,
  722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333,
  278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
  611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];
// Widths of the few non-ASCII glyphs the demo text uses; anything else is over-estimated at
// 1000 so a line can only come out shorter than measured, never run off the page.
const HIGH_WIDTHS: Record<number, number> = {
  0x85: 1000, 0x91: 222, 0x92: 222, 0x93: 333, 0x94: 333, 0x95: 350, 0x96: 556, 0x97: 1000,
  0xb0: 400, 0xb1: 584, 0xb2: 333, 0xb3: 333, 0xb5: 556, 0xb7: 278, 0xb9: 333, 0xbc: 834, 0xbd: 834,
  0xd7: 584, 0xf7: 584,
};

// WinAnsiEncoding differs from Latin-1 only in 0x80..0x9F.
const WIN_ANSI_HIGH: Record<string, number> = {
  '€': 0x80, '‚': 0x82, 'ƒ': 0x83, '„': 0x84, '…': 0x85, '†': 0x86, '‡': 0x87, 'ˆ': 0x88, '‰': 0x89,
  'Š': 0x8a, '‹': 0x8b, 'Œ': 0x8c, 'Ž': 0x8e, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95,
  '–': 0x96, '—': 0x97, '˜': 0x98, '™': 0x99, 'š': 0x9a, '›': 0x9b, 'œ': 0x9c, 'ž': 0x9e, 'Ÿ': 0x9f,
};
// Plain-text stand-ins for common maths symbols that WinAnsi lacks.
const FALLBACKS: Record<string, string> = {
  '≤': '<=', '≥': '>=', '≠': '!=', '→': '->', '←': '<-', '⇒': '=>', '↔': '<->', '≈': '~', '√': 'sqrt',
  '∞': 'inf', 'α': 'alpha', 'β': 'beta', 'θ': 'theta', 'λ': 'lambda', 'μ': 'µ', 'π': 'pi', 'σ': 'sigma',
  'ω': 'omega', 'Δ': 'delta', 'Σ': 'sum', '∑': 'sum', '∫': 'integral', '\t': '    ',
};

/** The WinAnsi byte of one character, or undefined when the encoding has no such glyph. */
function winAnsiByte(ch: string): number | undefined {
  const code = ch.codePointAt(0) ?? 0;
  if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) return code;
  return WIN_ANSI_HIGH[ch];
}

/** Characters of `text` that cannot be shown in WinAnsi (they would render as "?"). */
export function unencodable(text: string): string[] {
  return [...text].filter((ch) => winAnsiByte(ch) === undefined && FALLBACKS[ch] === undefined);
}

/** Encodes text as WinAnsi bytes, spelling out symbols the encoding lacks. */
export function encodeWinAnsi(text: string): number[] {
  const bytes: number[] = [];
  for (const ch of text) {
    const byte = winAnsiByte(ch);
    if (byte !== undefined) bytes.push(byte);
    else for (const sub of FALLBACKS[ch] ?? '?') bytes.push(winAnsiByte(sub) ?? 0x3f);
  }
  return bytes;
}

/**
 * A PDF literal string. Bytes outside ASCII are written as octal escapes so the file stays
 * 7-bit apart from its binary marker comment, and offsets equal string lengths.
 */
export function pdfString(text: string): string {
  let out = '(';
  for (const byte of encodeWinAnsi(text)) {
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += '\\' + String.fromCharCode(byte);
    else if (byte < 0x20 || byte > 0x7e) out += '\\' + byte.toString(8).padStart(3, '0');
    else out += String.fromCharCode(byte);
  }
  return out + ')';
}

/**
 * A text string of the document information dictionary. Metadata uses PDFDocEncoding, not
 * WinAnsi (they differ for dashes, quotes and bullets), so anything beyond ASCII is written
 * as UTF-16BE with a byte order mark, which every reader decodes the same way.
 */
function infoString(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return pdfString(text);
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `<${hex}>`;
}

/** Width in points of `text` set in `font` at `size`. */
export function textWidth(text: string, font: FontKey, size: number): number {
  let units = 0;
  for (const byte of encodeWinAnsi(text)) {
    if (font === 'F4') units += 600;
    else if (byte >= 32 && byte <= 126) units += (font === 'F2' ? HELVETICA_BOLD : HELVETICA)[byte - 32] ?? 1000;
    else units += HIGH_WIDTHS[byte] ?? 1000;
  }
  return (units * size) / 1000;
}

/** Formats a coordinate compactly and identically on every run (no "-0", at most 2 decimals). */
export function num(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

/** Document information; `creationDate` is "YYYY-MM-DD" or "YYYY-MM-DDTHH:MM:SS" local time in India. */
export interface PdfInfo {
  title: string;
  author: string;
  subject: string;
  keywords: string;
  creationDate: string;
}

/** "2024-08-14T10:30:00" as a PDF date, without consulting the clock or the time zone. */
function pdfDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value);
  if (!match) throw new Error(`Invalid creation date "${value}"`);
  const [, y, mo, d, h = '10', mi = '00', s = '00'] = match;
  return `D:${y}${mo}${d}${h}${mi}${s}+05'30'`;
}

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;

/**
 * Assembles a PDF 1.4 file from finished page content streams (operators, ASCII). Objects:
 * 1 catalog, 2 page tree, 3 info, 4-7 fonts, then a page and its content per page.
 */
export function assemblePdf(pageContents: readonly string[], info: PdfInfo): Buffer {
  const fontKeys = Object.keys(FONT_NAMES) as FontKey[];
  const firstPage = 4 + fontKeys.length;
  const pageIds = pageContents.map((_, index) => firstPage + index * 2);
  const fontRefs = fontKeys.map((key, index) => `/${key} ${4 + index} 0 R`).join(' ');

  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`,
    `<< /Title ${infoString(info.title)} /Author ${infoString(info.author)} /Subject ${infoString(info.subject)}` +
      ` /Keywords ${infoString(info.keywords)} /Creator (StudyShelf) /Producer (StudyShelf demo PDF writer)` +
      ` /CreationDate (${pdfDate(info.creationDate)}) /ModDate (${pdfDate(info.creationDate)}) >>`,
    ...fontKeys.map(
      (key) => `<< /Type /Font /Subtype /Type1 /BaseFont /${FONT_NAMES[key]} /Encoding /WinAnsiEncoding >>`,
    ),
  ];
  pageContents.forEach((content, index) => {
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}]` +
        ` /Resources << /Font << ${fontRefs} >> /ProcSet [/PDF /Text] >> /Contents ${firstPage + index * 2 + 1} 0 R >>`,
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    );
  });

  // The binary comment marks the file as binary for transfer tools; it is the only non-ASCII.
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = body.length;
  // Each xref entry is exactly 20 bytes: the "\r\n"-free form needs a space before "\n".
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  const id = createHash('md5').update(Buffer.from(body, 'latin1')).digest('hex');
  body +=
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 3 0 R /ID [<${id}> <${id}>] >>\n` +
    `startxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * How question papers print their numbering, marks, sections and alternatives, read from the
 * start or end of one line of text. Pure string work: question-split.ts decides, from the order
 * they come in, which of these are real.
 */

/** A top-level question number at the start of a line, and what follows it. */
export interface QuestionMarker {
  number: number;
  /** Printed with "Q", "Q.", "Que." or "Question": strong; a bare "1." or "1)" is weak. */
  prefixed: boolean;
  rest: string;
}

/** A sub-part marker at the start of a line: "(a)", "b)", "(iv)", "ii." */
export interface PartMarker {
  /** Lower-cased: "a", "iv". */
  value: string;
  rest: string;
}

/** OCR reads digits as look-alike letters: "Ql." is "Q1.", "QI0" is "Q10". */
const DIGITISH = '[0-9lI|][0-9lIoO|]?';
const digits = (raw: string) => Number(raw.replace(/[lI|]/g, '1').replace(/[oO]/g, '0'));

const PREFIXED = new RegExp(`^Q(?:ue(?:s(?:tion)?)?)?\\s*[.:\\-]?\\s*(?:No\\.?\\s*)?(${DIGITISH})(?![0-9A-Za-z])\\s*[.:)\\-]?\\s*`, 'i');
// OCR reads a number's dot as a comma ("4, Answer"): taken only before a capital ("1, 2 and 3" is text).
const BARE = /^(\d{1,2})\s?(?:[.)](?![\d.])|,(?=\s+[A-Z]))\s*/;
// OCR reads "Q" as "0" or "O" ("04 Give", "05. Describe"); not before a date, a duration or a count ("09 March", "03 HOURS").
const ZERO_FOR_Q = /^[0O]([1-9])(?![0-9])\s*[.:)]?\s+(?=[A-Z])/;
const NOT_A_QUESTION =
  /^(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|hours?|hrs?|min(?:ute)?s?|marks?|credits?|questions?|am|pm)\b/i;
// "¢" is OCR's "c" ("¢. Negative feedback").
const PART = /^[([{]\s*([a-z¢]|[ivx]{1,5})\s*[)\]}]\s*|^([a-z¢]|[ivx]{1,5})[.)]\s+/i;

/** Devanagari digits ("१.", "२.") as Latin ones: one character for one, so offsets hold. */
const latinDigits = (text: string) => text.replace(/[०-९]/gu, (d) => String(d.charCodeAt(0) - 0x966));

/** "Q1.", "Q.1", "Que 2", "Question 3", "Ql)" or "1.", "1)" (or "१.") at the start of `text`. */
export function questionMarker(printed: string): QuestionMarker | null {
  const text = latinDigits(printed);
  const prefixed = PREFIXED.exec(text);
  if (prefixed) {
    // "Q" followed only by letters-that-look-like-digits must stand apart: "QI" is not a word.
    const number = digits(prefixed[1]!);
    if (number > 0) return { number, prefixed: true, rest: printed.slice(prefixed[0].length) };
  }
  const bare = BARE.exec(text);
  if (bare && Number(bare[1]) > 0) return { number: Number(bare[1]), prefixed: false, rest: printed.slice(bare[0].length) };
  return null;
}

/** "04 Give" or "O5. Describe": a "Q" OCR read as "0", for the splitter to trust only in a paper numbered with "Q". */
export function zeroForQ(printed: string): QuestionMarker | null {
  const match = ZERO_FOR_Q.exec(printed);
  const rest = match ? printed.slice(match[0].length) : '';
  return match && !NOT_A_QUESTION.test(rest) ? { number: Number(match[1]), prefixed: true, rest } : null;
}

/**
 * A line that opens like a question whose number OCR lost or half read: a speck (". In LL(1)
 * parsing", "+ In view of") or a number without its dot ("4 What are"), then a capital; or a speck
 * ("_X", ". ") before what may be its first part ("(&) Consider"), which the splitter checks; or
 * a lone capital before Hindi text ("A. निम्न"). The number is 0 when lost. Only the splitter's
 * sequence and the line's place make it a question.
 */
export function lostNumber(text: string): { number: number; rest: string } | null {
  const match =
    /^(?:([.,+•*»\-–])|(\d{1,2}))\s+(?=[A-Z])/.exec(text) ??
    /^(?:([.,;:+•*_\-–]\S?))\s+(?=[([{«]?\S{1,2}[)\]}])/.exec(text) ??
    // Tesseract's Hindi model reads a printed "1." as "A.": a lone Latin letter cannot open a Hindi sentence.
    /^[A-Z][.:]\s+(?=[\u0900-\u097F])/.exec(text);
  if (!match) return null;
  const rest = text.slice(match[0].length);
  // "3 Hours", "20 MARKS": a count, not a number that lost its dot.
  return match[2] && NOT_A_QUESTION.test(rest) ? null : { number: match[2] ? Number(match[2]) : 0, rest };
}

/**
 * What OCR makes of a part's brackets and letter in a phone scan: "fa)" and "«@)." for "(a)", "(bY" and
 * "B®)" for "(b)", "te)" for "(c)". Read only as the letters they may stand for; the splitter takes
 * one only where its sequence expects that letter, at the column's edge, before a capital.
 */
const LOOKS_LIKE: Record<string, string> = { '@': 'a', '&': 'a', '®': 'b', e: 'c', '¢': 'c', '©': 'c' };
const GARBLED_PART = /^(\S{1,3}?)[)\]}Y]\.?\s*(?=[A-Z])/;

/** The letters a garbled part marker opening `text` may stand for (none when it is not one), and the text after it. */
export function garbledPart(text: string): { values: string[]; rest: string } | null {
  const match = GARBLED_PART.exec(text);
  if (!match) return null;
  // At most one letter besides a bracket-like mark: "fa", "(b", "B®"; a word ("If", "Fig") is no marker.
  const token = match[1]!;
  if (/^[A-Za-z]{2,}$/.test(token) && !/^[ft(][a-z]$/.test(token)) return null;
  const values = new Set<string>();
  for (const char of token) {
    if (LOOKS_LIKE[char]) values.add(LOOKS_LIKE[char]);
    if (/[a-z]/i.test(char)) values.add(char.toLowerCase());
  }
  return values.size ? { values: [...values], rest: text.slice(match[0].length) } : null;
}

/**
 * A bare part marker inside a line of a list printed across it: "a. Eutrophication b. Mobile
 * radiation c. Blast fishing". Only `value` (the next letter in sequence) is looked for, not after a
 * comma: "(a) Response, (b) Relief" inside a sentence are not parts.
 */
export function listedPart(text: string, value: string): { before: string; rest: string } | null {
  const match = new RegExp(`(^|[^,;\\s])\\s+${value}[.)]\\s+(?=[A-Z])`).exec(text);
  if (!match) return null;
  const end = match.index + match[1]!.length;
  return { before: text.slice(0, end), rest: text.slice(match.index + match[0].length) };
}

/** "(a)", "a)", "(ii)", "ii.", with OCR's stray brackets ("(b}", "{c)"), at the start of `text`. */
export function partMarker(text: string): PartMarker | null {
  const match = PART.exec(text);
  if (!match) return null;
  const value = (match[1] ?? match[2])!.toLowerCase().replace('¢', 'c');
  // "a." and "i." need a space after them, and capital letters only in brackets: "I." starts sentences.
  if (!match[1] && /[A-Z]/.test(match[2]!) && !/^[IVX]+$/.test(match[2]!)) return null;
  return { value, rest: text.slice(match[0].length) };
}

/** "A." or "B)" before a capital: parts printed as capitals, which the splitter takes only in sequence from an "A." after a question's number. */
export function capitalPart(text: string): PartMarker | null {
  const match = /^([A-H])[.)]\s+(?=[A-Z])/.exec(text);
  return match ? { value: match[1]!.toLowerCase(), rest: text.slice(match[0].length) } : null;
}

/**
 * A part marker inside a line, after a sentence ends and before a capital: "(a) Define a stack.
 * (b) Define a queue." prints two parts on one line. The text before it and after it are given.
 */
export function inlinePart(text: string): { before: string; value: string; rest: string } | null {
  const match = /([.?!:;\]])\s+[([{]\s*([a-z]|[ivx]{1,4})\s*[)\]}]\s+(?=[A-Z0-9])/.exec(text);
  if (!match) return null;
  const end = match.index + match[1]!.length;
  return { before: text.slice(0, end), value: match[2]!.toLowerCase(), rest: text.slice(match.index + match[0].length) };
}

const ROMAN = ['i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix', 'x', 'xi', 'xii', 'xiii', 'xiv', 'xv'];

/** 1-based place of a part value in its kind's sequence, or 0 when it is not of that kind. */
export function partIndex(value: string, kind: 'letter' | 'roman'): number {
  if (kind === 'roman') return ROMAN.indexOf(value) + 1;
  return /^[a-z]$/.test(value) ? value.charCodeAt(0) - 96 : 0;
}

/** Marks printed at the end of a line, and the line without them. */
export interface TrailingMarks {
  marks: number;
  rest: string;
  /** "[5 marks]", "5M", "(3+2)": sure. A bare "(5)" or "[5]" may be text ("f(5)"): weak. */
  weak: boolean;
}

// A lone "m" is metres ("5 m"); marks print a capital M ("5M"). OCR reads "[" as "|".
const MARKS_WORDED = /[([{|]?\s*(\d{1,3}(?:\.\d)?)\s*(?:[Mm]arks?|MARKS?|[Mm]ks?|M|[Pp]oints?|[Pp]ts?)\s*[)\]}|]?\s*$/;
/** The inside of a sum of marks: digits joined by "+", "x" or "=", maybe "marks" after. */
const MARKS_SUM = /^\s*((?:\d+(?:\.\d)?|[\s+x×*().=])+?)\s*(?:marks?|points?)?\s*$/i;
const MARKS_BARE = /[([{]\s*(\d{1,2})\s*[)\]}]\s*$/;

/**
 * "[9 marks]", "(5 Marks)", "5M", "[2 points]", "[3 + 7 marks]", "[6+2+2=10]" (the total after
 * "="), or weakly "(5)" / "[5]", at the end of `text`.
 */
export function trailingMarks(text: string): TrailingMarks | null {
  const group = finalGroup(text);
  const sum = group === null ? null : MARKS_SUM.exec(text.trimEnd().slice(group + 1, -1));
  if (sum && /[+=]/.test(sum[1]!) && !/(?:^|[^\d\s])\s*[x×]|[x×]\s*(?:[^\d\s]|$)/.test(sum[1]!)) {
    const numbers = sum[1]!.match(/\d+(?:\.\d)?/g) ?? [];
    const total = sum[1]!.includes('=') ? Number(numbers.at(-1)) : numbers.reduce((n, d) => n + Number(d), 0);
    if (total > 0 && total <= 200) return { marks: total, rest: text.slice(0, group ?? 0).trimEnd(), weak: false };
  }
  const worded = MARKS_WORDED.exec(text);
  // "5M" must stand apart from the word before it: "Q5M" or "10mm" are not marks.
  const digitsAt = worded ? worded.index + worded[0].indexOf(worded[1]!) : 0;
  if (worded && (digitsAt === 0 || /[\s([{|]/.test(text[digitsAt - 1]!))) {
    const marks = Number(worded[1]);
    if (marks > 0 && marks <= 100) return { marks, rest: text.slice(0, worded.index).trimEnd(), weak: false };
  }
  const bare = MARKS_BARE.exec(text);
  if (bare && Number(bare[1]) > 0) return { marks: Number(bare[1]), rest: text.slice(0, bare.index).trimEnd(), weak: true };
  return null;
}

/** Where the bracketed group closing `text` opens (brackets nest; OCR mixes their kinds), or null. */
function finalGroup(text: string): number | null {
  const trimmed = text.trimEnd();
  if (!/[)\]}|]$/.test(trimmed)) return null;
  let depth = 0;
  for (let i = trimmed.length - 1; i >= 0; i--) {
    const char = trimmed[i]!;
    if (/[)\]}]/.test(char) || (char === '|' && i === trimmed.length - 1)) depth++;
    else if (/[([{|]/.test(char) && --depth === 0) return i;
  }
  return null;
}

/** A line that only says "OR" (alone, in brackets or between rules). */
export function isOr(text: string): boolean {
  return /^[\s\-–—_*=.([{]*or[\s\-–—_*=.)\]}]*$/i.test(text);
}

/** "SECTION A", "Unit II", "PART - B", "Module 3" heading a line (OCR's specks before it aside), as printed; null when not one. */
export function sectionHeading(line: string): string | null {
  const text = line.replace(/^[^A-Za-z0-9(]{1,3}\s*/, '');
  const match = /^(SECTION|Section|PART|Part|UNIT|Unit|MODULE|Module)\s*[-–:.]?\s*([A-Z]|[IVX]{1,5}|\d{1,2})(?![A-Za-z0-9])(.*)$/.exec(text);
  if (!match) return null;
  const rest = match[3]!.trim();
  // "Section B and any two from Section C." runs on as a sentence; a heading does not.
  if (rest && !/^[-–:.([|A-Z]/.test(rest)) return null;
  if (text.split(/\s+/).length > 12) return null;
  return `${match[1]} ${match[2]}`;
}

/**
 * "Instructions to candidates:", "General Instructions", "Note:" heading a list of rules rather
 * than saying one: what follows is numbered like questions but is not.
 */
export function opensInstructions(text: string): boolean {
  const match = /^(?:general\s+)?(?:instructions?|directions?|note)\b[^:]*:?(.*)$/i.exec(text);
  if (!match) return false;
  return match[1]!.trim().split(/\s+/).filter(Boolean).length < 3 && text.split(/\s+/).length <= 6;
}

/**
 * Page numbers, "Page 2 of 4", "P.T.O.", "End of question paper", a scanning app's stamp, a rule
 * of symbols ("* * *"): never part of a question.
 */
export function isPageFurniture(text: string): boolean {
  return (
    /^[^\p{L}\p{N}]+$/u.test(text) ||
    /^[-–—\s]*(?:page\s*)?\d{1,3}\s*(?:(?:of|\/)\s*\d{1,3})?[-–—\s]*$/i.test(text) ||
    /^\W*(?:p\.?\s?t\.?\s?o\.?|please turn over|turn over|all the best|best of luck)\W*$/i.test(text) ||
    /\bend of (?:the )?(?:question )?paper\b|^scanned (?:with|by) \w+$/i.test(text)
  );
}

/** The end of a line that runs on into the next: a marker opening the next line is then text ("... using (i) linear probing"). */
export function runsOn(text: string): boolean {
  return /(?:[,;\-–]|\b(?:and|or|of|the|a|an|with|using|by|to|in|for|from|as|at|is|are|into|its|their|both|either|whether))$/i.test(text.trim());
}

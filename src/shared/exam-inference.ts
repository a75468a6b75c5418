import { DEFAULT_EXAMS, type ExamFacts } from './exams.js';

/*
 * Reading a paper's exam from its title or file name (migration 024), apart from exams.ts so the
 * browser, which never infers, does not carry these patterns.
 */

/**
 * Words students use in titles and file names ("mid2", "end sem", "supple", "ct"), each to its
 * exam; the text is lower-cased and split into words at anything but letters and digits, so
 * "DBS_mid2_2017" reads "dbs mid2 2017". The first rule that matches wins.
 */
const EXAM_WORDS: Array<[RegExp, (typeof DEFAULT_EXAMS)[number]]> = [
  [/\b(?:mid ?(?:sem(?:ester)?|term)? ?(?:1|i|one)|(?:1st|first) mid ?(?:sem(?:ester)?|term)?|mst ?1)\b/, 'Mid-sem 1'],
  // "il", "li", "ll": a Roman II as OCR often reads a scan's header ("Mid-Sem Exam Il").
  [/\b(?:mid ?(?:sem(?:ester)?|term)? ?(?:2|ii|il|li|ll|two)|(?:2nd|second) mid ?(?:sem(?:ester)?|term)?|mst ?2)\b/, 'Mid-sem 2'],
  [/\b(?:supple(?:mentary)?|supply|supp|reappear|backlog)\b/, 'Supplementary'],
  [/\b(?:end ?(?:sem(?:ester)?|term)|ese|final(?:s| exam)?|semester exam(?:ination)?)\b/, 'End-sem'],
  [/\b(?:class ?tests?|ct ?\d?|cycle ?test)\b/, 'Class test'],
  [/\b(?:quiz(?:zes)? ?\d?)\b/, 'Quiz'],
];

/** "mid sem" with no number: a mid-semester paper whose round is not known. */
const MID_ANY = /\b(?:mid ?(?:sem(?:ester)?|term)?s?|mst)\b/;

const MONTH_WORDS: Record<string, number> = Object.fromEntries(
  ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'].map((m, i) => [m, i + 1]),
);

const MONTH = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
/** A month word, a day and a full year, as a header dates its paper: "Sep 22, 2023" (not 2022). */
const MONTH_DAY_YEAR = new RegExp(`\\b${MONTH} \\d{1,2} (?:st |nd |rd |th )?((?:19|20)\\d{2})\\b`);
/** A month word ("dec", "december", "sept") then a year ("2024", "24"), or a year alone. */
const MONTH_YEAR = new RegExp(`\\b${MONTH} ?((?:19|20)\\d{2}|\\d{2})\\b`);
const YEAR_ALONE = /\b((?:19|20)\d{2})\b/;

/**
 * What a title or file name says of its exam: "DBS mid2 2017 s" is Mid-sem 2 of 2017 (month
 * unknown), "DS_endsem_Dec-2024" End-sem of December 2024. Years outside `years` (default
 * 1990..2099) are not taken; "mid sem" with no number is Mid-sem 1 only when nothing says 2.
 */
export function inferExam(text: string, years: { min: number; max: number } = { min: 1990, max: 2099 }): ExamFacts {
  const words = ` ${text
    .toLowerCase()
    .replace(/\.pdf$/, '')
    .replace(/[^a-z0-9]+/g, ' ')
    // "midsem1", "endsem", "classtest2": a number stuck to a word is a word of its own.
    .replace(/([a-z])(\d)/g, '$1 $2')
    .replace(/(\d)([a-z])/g, '$1 $2')} `;
  // A paper's header says "Mid Semester Examination - II": the round follows the word "examination".
  const joined = words.replace(/\bmid ?sem\b/g, 'mid sem').replace(/\b(mid ?(?:sem(?:ester)?|term)) (?:exam(?:ination)?s?|test) /g, '$1 ');
  let exam: string | null = EXAM_WORDS.find(([pattern]) => pattern.test(joined))?.[1] ?? null;
  if (!exam && MID_ANY.test(joined)) exam = 'Mid-sem 1';
  const inRange = (year: number) => year >= years.min && year <= years.max;
  const dated = MONTH_DAY_YEAR.exec(joined) ?? MONTH_YEAR.exec(joined);
  if (dated) {
    const year = dated[2]!.length === 2 ? 2000 + Number(dated[2]) : Number(dated[2]);
    if (inRange(year)) return { exam, examMonth: MONTH_WORDS[dated[1]!.slice(0, 3)]!, examYear: year };
  }
  const year = YEAR_ALONE.exec(joined);
  return { exam, examMonth: null, examYear: year && inRange(Number(year[1])) ? Number(year[1]) : null };
}

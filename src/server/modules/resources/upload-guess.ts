import { academicYearLabel } from '../../../shared/academic-years.js';
import { inferExam } from '../../../shared/exam-inference.js';
import { COMMON_SUBJECT_ALIASES, subjectAcronym } from '../../../shared/search.js';
import { GUESS_TEXT_MAX, type GuessSource, type UploadGuess } from '../../../shared/upload-guess.js';
import type { RESOURCE_TYPES } from '../../../shared/catalogue.js';
import { matchExam, matchSubject } from './import-manifest.js';

/*
 * What a file's name and first page suggest for its upload fields (decision 053). Pure, so the
 * unit tests and the autofill bench call it without a server. The file name is trusted first:
 * the uploader named it; the page's header fills what the name leaves out.
 */

export interface GuessContext {
  semester: number;
  /** The class's catalogue subjects. */
  subjects: readonly string[];
  aliases: readonly { alias: string; subject: string }[];
  exams: readonly string[];
  /** The academic years an upload may carry now. */
  academicYears: readonly string[];
}

type ResourceType = (typeof RESOURCE_TYPES)[number];

const TYPE_WORDS: Array<[RegExp, ResourceType]> = [
  [/\b(?:pyq|question papers?|papers?|exam(?:ination)?s?|max(?:imum)?\.? marks|time allowed|answer any|attempt any|roll no)\b/, 'PYQ'],
  [/\b(?:practicals?|lab(?:oratory)?|experiments?|record|programs? list)\b/, 'PRACTICAL'],
  [/\b(?:notes?|lectures?|unit ?\d|chapters?|handouts?|slides)\b/, 'NOTES'],
];

/** "DBMS_endsem_2023.pdf" -> "dbms endsem 2023"; a page's text with its lines joined. */
function words(text: string): string {
  return ` ${text.toLowerCase().replace(/\.pdf$/, '').replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `;
}

/** The subject named by one of the name's runs of words ("Data Structures", "DBMS", "OS"). */
function subjectInName(name: string, context: GuessContext): string | undefined {
  const parts = name.replace(/\.pdf$/i, '').split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  for (let size = Math.min(4, parts.length); size >= 1; size--) {
    for (let start = 0; start + size <= parts.length; start++) {
      const found = matchSubject(parts.slice(start, start + size).join(' '), context.subjects, context.aliases);
      if (found) return found;
    }
  }
  return undefined;
}

/** The catalogue subject written nearest the top of the page, by name, abbreviation or initials. */
function subjectInText(text: string, context: GuessContext): string | undefined {
  const lower = words(text);
  let best: { subject: string; at: number } | undefined;
  const consider = (subject: string, at: number) => {
    if (at >= 0 && (!best || at < best.at)) best = { subject, at };
  };
  for (const subject of context.subjects) {
    consider(subject, lower.indexOf(words(subject)));
    // Short names in capitals only ("OS", "AI"), so "os" inside a sentence is not taken.
    const acronym = subjectAcronym(subject);
    if (acronym) consider(subject, text.search(new RegExp(`\\b${acronym}\\b`)));
  }
  const abbreviations = [...Object.entries(COMMON_SUBJECT_ALIASES).map(([alias, subject]) => ({ alias, subject })), ...context.aliases];
  for (const { alias, subject } of abbreviations) {
    const listed = context.subjects.find((s) => s.toLowerCase() === subject.toLowerCase());
    if (listed && /^[\p{L}\p{N}]+$/u.test(alias)) consider(listed, text.search(new RegExp(`\\b${alias.toUpperCase()}\\b`)));
  }
  return best?.subject;
}

function typeIn(text: string): ResourceType | undefined {
  const lower = words(text);
  return TYPE_WORDS.find(([pattern]) => pattern.test(lower))?.[1];
}

/** "2023-24" or "2023-2024" written on the page. */
function academicYearIn(text: string): string | undefined {
  const match = /\b(20\d{2})\s*[-–/]\s*(?:20)?(\d{2})\b/.exec(text);
  if (!match) return undefined;
  const first = Number(match[1]);
  return (first + 1) % 100 === Number(match[2]) ? academicYearLabel(first) : undefined;
}

/**
 * The academic year of an exam: one held from July on opens a year, one before July closes the
 * year begun the summer before. With no month, an odd semester's exams fall in its first half
 * (July to December), an even semester's in its second.
 */
function academicYearOfExam(year: number, month: number | undefined, semester: number): string {
  if (month) return academicYearLabel(month >= 7 ? year : year - 1);
  return academicYearLabel(semester % 2 === 1 ? year : year - 1);
}

/**
 * The guesses for one file; a field nothing suggests is left out. `textFrom` says where the page's
 * text came from: its text layer, or OCR of a scan's header strip (decision 056).
 */
export function guessUpload(fileName: string, firstPageText: string, context: GuessContext, textFrom: Exclude<GuessSource, 'file name'> = 'first page'): UploadGuess {
  const text = firstPageText.slice(0, GUESS_TEXT_MAX);
  const guess: UploadGuess = {};
  const take = <K extends keyof UploadGuess>(key: K, value: NonNullable<UploadGuess[K]>['value'] | undefined, from: GuessSource) => {
    if (value !== undefined && value !== null && !guess[key]) guess[key] = { value, from } as UploadGuess[K];
  };

  take('subject', subjectInName(fileName, context), 'file name');
  take('subject', subjectInText(text, context), textFrom);

  const years = (() => {
    const numbers = context.academicYears.map((y) => Number(y.slice(0, 4)));
    return { min: Math.min(...numbers) - 1, max: Math.max(...numbers) + 1 };
  })();
  const sources = [
    [fileName, 'file name'],
    [text, textFrom],
  ] as const;
  const facts = sources.map(([source, from]) => ({ ...inferExam(source, years), from }));
  for (const [index, [source, from]] of sources.entries()) {
    const exam = facts[index]!.exam ? matchExam(facts[index]!.exam!, context.exams) : undefined;
    take('resourceType', typeIn(source) ?? (exam ? 'PYQ' : undefined), from);
  }
  // Only a paper has an exam; a year in notes is more often a copyright or a syllabus's.
  if (guess.resourceType?.value === 'PYQ') {
    for (const { exam, examMonth, examYear, from } of facts) {
      take('exam', exam ? matchExam(exam, context.exams) : undefined, from);
      // The month and year go together: a year from the name and a month from the page may be two exams.
      if (!guess.examYear && examYear) {
        take('examYear', examYear, from);
        take('examMonth', examMonth ?? undefined, from);
      }
    }
  }

  const written = sources.map(([source, from]) => ({ value: academicYearIn(source), from })).find((y) => y.value && context.academicYears.includes(y.value));
  if (written) take('academicYear', written.value, written.from);
  else if (guess.examYear) {
    const value = academicYearOfExam(guess.examYear.value, guess.examMonth?.value, context.semester);
    if (context.academicYears.includes(value)) take('academicYear', value, guess.examYear.from);
  }
  return guess;
}

/**
 * The exam a past paper (PYQ) was set for, as students name it, and when it was sat (issue 34).
 * The list is configurable (EXAMS); these are the defaults, and the names inference gives.
 */
export const DEFAULT_EXAMS = ['Mid-sem 1', 'Mid-sem 2', 'End-sem', 'Supplementary', 'Class test', 'Quiz'] as const;

export const MONTH_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** What a resource says of its exam; all null for other types and for papers not told. */
export interface ExamFacts {
  exam: string | null;
  examMonth: number | null;
  examYear: number | null;
}

/** "Dec 2024", "2024" or "" (a month alone says nothing). */
export function examDateLabel({ examMonth, examYear }: Pick<ExamFacts, 'examMonth' | 'examYear'>): string {
  if (!examYear) return '';
  return examMonth ? `${MONTH_SHORT[examMonth - 1]} ${examYear}` : String(examYear);
}

/** "End-sem · Dec 2024", "End-sem", "Dec 2024", or "" when nothing is known. */
export function examLabel(facts: ExamFacts): string {
  return [facts.exam ?? '', examDateLabel(facts)].filter(Boolean).join(' · ');
}

/**
 * Words students use in titles and file names ("mid2", "end sem", "supple", "ct"), each to its
 * exam; the text is lower-cased and split into words at anything but letters and digits, so
 * "DBS_mid2_2017" reads "dbs mid2 2017". The first rule that matches wins.
 */
const EXAM_WORDS: Array<[RegExp, (typeof DEFAULT_EXAMS)[number]]> = [
  [/\b(?:mid ?(?:sem(?:ester)?|term)? ?(?:1|i|one)|(?:1st|first) mid ?(?:sem(?:ester)?|term)?|mst ?1)\b/, 'Mid-sem 1'],
  [/\b(?:mid ?(?:sem(?:ester)?|term)? ?(?:2|ii|two)|(?:2nd|second) mid ?(?:sem(?:ester)?|term)?|mst ?2)\b/, 'Mid-sem 2'],
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

/** A month word ("dec", "december", "sept") then a year ("2024", "24"), or a year alone. */
const MONTH_YEAR =
  /\b(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?) ?((?:19|20)\d{2}|\d{2})\b/;
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
  const joined = words.replace(/\bmid ?sem\b/g, 'mid sem');
  let exam: string | null = EXAM_WORDS.find(([pattern]) => pattern.test(joined))?.[1] ?? null;
  if (!exam && MID_ANY.test(joined)) exam = 'Mid-sem 1';
  const inRange = (year: number) => year >= years.min && year <= years.max;
  const dated = MONTH_YEAR.exec(joined);
  if (dated) {
    const year = dated[2]!.length === 2 ? 2000 + Number(dated[2]) : Number(dated[2]);
    if (inRange(year)) return { exam, examMonth: MONTH_WORDS[dated[1]!.slice(0, 3)]!, examYear: year };
  }
  const year = YEAR_ALONE.exec(joined);
  return { exam, examMonth: null, examYear: year && inRange(Number(year[1])) ? Number(year[1]) : null };
}

/**
 * The title an upload gets when none is typed (issue 34: "DBS mid2 2017 s" read as noise):
 * subject, then the exam and its date for a PYQ ("Data Structures End-sem Dec 2024"), else the
 * type and the academic year ("Data Structures Notes 2024-25").
 */
export function defaultTitle(fields: { subject: string; resourceType: string; academicYear: string } & Partial<ExamFacts>): string {
  const type = fields.resourceType === 'PYQ' ? 'PYQ' : fields.resourceType === 'NOTES' ? 'Notes' : 'Practical';
  const when = examDateLabel({ examMonth: fields.examMonth ?? null, examYear: fields.examYear ?? null }) || fields.academicYear;
  const what = fields.resourceType === 'PYQ' && fields.exam ? fields.exam : type;
  return [fields.subject.trim(), what, when].filter(Boolean).join(' ');
}

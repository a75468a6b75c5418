import { COMMON_SUBJECT_ALIASES, subjectAcronym } from '../../../shared/search.js';
import { MONTH_SHORT } from '../../../shared/exams.js';
import { inferExam } from '../../../shared/exam-inference.js';

/*
 * How an archive import (archive-import.service.ts) learns each file's fields: a CSV manifest or
 * a file-name pattern, both giving the upload form's field names as raw strings, which then pass
 * the upload form's own schema. Pure functions, so they are tested without a database.
 */

/** One file of the archive and its fields as written (not yet checked). */
export interface ImportEntry {
  file: string;
  fields: Record<string, string>;
}

export class ImportSetupError extends Error {}

/**
 * RFC 4180 CSV: fields split by commas, quoted with "" (a quote inside doubled), quoted fields
 * may hold commas and line breaks; CRLF or LF; a UTF-8 BOM is dropped; blank lines are skipped.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRow = () => {
    row.push(field);
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
    field = '';
  };
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c !== '"') field += c;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') endRow();
    else if (c === '\r') {
      if (text[i + 1] === '\n') i++;
      endRow();
    } else field += c;
  }
  if (quoted) throw new ImportSetupError('The manifest ends inside a quoted field (a " is not closed).');
  if (field !== '' || row.length) endRow();
  return rows;
}

/** Column names and pattern placeholders, compared without case, spaces, "_" or "-". */
const FIELD_NAMES: Record<string, string> = {
  file: 'file',
  filename: 'file',
  course: 'course',
  branch: 'branch',
  semester: 'semester',
  sem: 'semester',
  subject: 'subject',
  resourcetype: 'resourceType',
  type: 'resourceType',
  academicyear: 'academicYear',
  title: 'title',
  exam: 'exam',
  exammonth: 'examMonth',
  month: 'examMonth',
  examyear: 'examYear',
  year: 'examYear',
};
const fieldName = (name: string) => FIELD_NAMES[name.toLowerCase().replace(/[\s_-]+/g, '')];

/** Fields named as on the command line ("type", "academic-year") in the form's names, normalized. */
export function namedFields(values: Record<string, string>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    const field = fieldName(name);
    if (!field || field === 'file') throw new ImportSetupError(`Unknown field "${name}".`);
    fields[field] = value;
  }
  return normalizeFields(fields);
}

/** The manifest's rows as entries: a header row naming the columns (one must be `file`), then one row a file. */
export function manifestEntries(csv: string): ImportEntry[] {
  const [header, ...rows] = parseCsv(csv);
  if (!header) throw new ImportSetupError('The manifest is empty: it needs a header row (file,title,branch,semester,subject,type,academic_year,…).');
  const columns = header.map((name) => {
    const field = fieldName(name);
    if (!field) throw new ImportSetupError(`Unknown manifest column "${name}" (known: ${Object.keys(FIELD_NAMES).join(', ')}).`);
    return field;
  });
  if (!columns.includes('file')) throw new ImportSetupError('The manifest has no "file" column.');
  return rows.map((cells, index) => {
    if (cells.length > columns.length) throw new ImportSetupError(`Manifest line ${index + 2} has ${cells.length} fields; the header has ${columns.length}.`);
    const fields: Record<string, string> = {};
    columns.forEach((column, i) => {
      const value = cells[i]?.trim() ?? '';
      if (value) fields[column] = value;
    });
    const { file = '', ...rest } = fields;
    return { file, fields: normalizeFields(rest) };
  });
}

/**
 * A file-name pattern such as "{subject}_{exam}_{year}.pdf" as a matcher: each {placeholder} (a
 * field name, or {*} for anything) takes the shortest text that lets the rest match; case is
 * ignored. Returns the fields of a matching name, undefined for a name that does not match.
 */
export function patternMatcher(pattern: string): (fileName: string) => Record<string, string> | undefined {
  const names: (string | undefined)[] = [];
  const source = pattern.replace(/\{([^}]*)\}|[^{]+/g, (part, placeholder: string | undefined) => {
    if (placeholder === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const field = placeholder === '*' ? undefined : fieldName(placeholder);
    if (placeholder !== '*' && (!field || field === 'file')) throw new ImportSetupError(`Unknown placeholder {${placeholder}} in the pattern.`);
    names.push(field);
    return '(.+?)';
  });
  if (!names.length) throw new ImportSetupError('The pattern has no {placeholder}: it would give every file the same fields.');
  const regex = new RegExp(`^${source}$`, 'i');
  return (fileName) => {
    const match = regex.exec(fileName);
    if (!match) return undefined;
    const fields: Record<string, string> = {};
    names.forEach((name, i) => {
      if (name) fields[name] = match[i + 1]!;
    });
    return normalizeFields(fields);
  };
}

/**
 * What a spreadsheet or a file name writes, in the form's spelling: "pyq" -> "PYQ", "Dec" -> "12", "Data_Structures" -> "Data Structures". Anything else is left for
 * the upload schema to judge.
 */
export function normalizeFields(fields: Record<string, string>): Record<string, string> {
  const out = { ...fields };
  if (out.resourceType) out.resourceType = out.resourceType.toUpperCase();
  if (out.subject) out.subject = out.subject.replace(/_+/g, ' ');
  if (out.title) out.title = out.title.replace(/_+/g, ' ');
  if (out.branch) out.branch = out.branch.toLowerCase();
  if (out.semester) out.semester = out.semester.replace(/^sem(ester)?\s*/i, '');
  const month = out.examMonth && MONTH_SHORT.findIndex((m) => out.examMonth!.toLowerCase().startsWith(m.toLowerCase()));
  if (typeof month === 'number' && month >= 0) out.examMonth = String(month + 1);
  return out;
}

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** "endsem", "END SEM", "midsem1", "mid1" -> the configured exam they name, if one. */
export function matchExam(value: string, exams: readonly string[]): string | undefined {
  const exact = exams.find((exam) => squash(exam) === squash(value));
  if (exact) return exact;
  const inferred = inferExam(value).exam;
  return inferred && exams.includes(inferred) ? inferred : undefined;
}

/**
 * The catalogue subject `value` names: by name (any case or spacing), by its initials
 * ("OS"), or by an abbreviation (the common ones and those admins added).
 */
export function matchSubject(value: string, subjects: readonly string[], aliases: readonly { alias: string; subject: string }[]): string | undefined {
  const key = squash(value);
  const upper = value.trim().toUpperCase();
  const aliased = [COMMON_SUBJECT_ALIASES[upper], ...aliases.filter((a) => a.alias.toUpperCase() === upper).map((a) => a.subject)];
  return (
    subjects.find((s) => squash(s) === key) ??
    subjects.find((s) => aliased.some((a) => a && squash(a) === squash(s))) ??
    subjects.find((s) => subjectAcronym(s) === upper)
  );
}

// Inserts realistic resource rows straight into a stopped server's SQLite file, in one
// transaction. The rows follow src/server/db/migrations/003-resources.ts and what the upload
// path writes (generated file name, page 0, whole-MB size, ...).
import { createHash, randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { distinctTerms, prng } from './page-text.mjs';

const BRANCHES = ['cse', 'it', 'ee', 'ece', 'me', 'ce'];
const TYPES = ['NOTES', 'PYQ', 'PRACTICAL'];
const YEARS = ['2024-25', '2023-24', '2022-23'];

// 60 distinct subject names: first-year subjects shared by all branches, then each branch's own.
const FIRST_YEAR = {
  1: ['Engineering Mathematics I', 'Engineering Physics', 'Basic Electrical Engineering', 'Engineering Graphics'],
  2: ['Engineering Mathematics II', 'Engineering Chemistry', 'Programming in C', 'Environmental Studies'],
};
const COMPUTING = [
  'Data Structures', 'Discrete Mathematics', 'Computer Organization', 'Operating Systems', 'Database Management Systems',
  'Algorithms', 'Computer Networks', 'Software Engineering', 'Theory of Computation', 'Machine Learning',
  'Artificial Intelligence', 'Compiler Design', 'Cloud Computing', 'Big Data Analytics', 'Web Technologies',
  'Cyber Security', 'Blockchain', 'Data Mining',
];
const LATER_YEARS = {
  cse: COMPUTING,
  it: COMPUTING,
  ee: ['Circuit Theory', 'Electrical Machines I', 'Electrical Machines II', 'Control Systems', 'Power Systems',
    'Power Electronics', 'Electrical Measurements', 'High Voltage Engineering'],
  ece: ['Electronic Devices', 'Signals and Systems', 'Analog Circuits', 'Digital Electronics', 'Data Communication',
    'Microprocessors', 'Digital Signal Processing', 'VLSI Design', 'Embedded Systems', 'Antennas and Wave Propagation'],
  me: ['Engineering Mechanics', 'Thermodynamics', 'Fluid Mechanics', 'Strength of Materials', 'Manufacturing Processes',
    'Theory of Machines', 'Heat Transfer', 'Machine Design'],
  ce: ['Surveying', 'Structural Analysis', 'Concrete Technology', 'Geotechnical Engineering', 'Hydrology',
    'Transportation Engineering', 'Environmental Engineering', 'Estimation and Costing'],
};

/** Subjects offered in one branch and semester (semesters 3-8 share out the branch's list). */
function subjectsFor(branch, semester) {
  if (semester <= 2) return FIRST_YEAR[semester];
  const list = LATER_YEARS[branch];
  return list.filter((_, i) => Math.floor((i * 6) / list.length) === semester - 3);
}

export const ALL_SUBJECTS = new Set([...FIRST_YEAR[1], ...FIRST_YEAR[2], ...Object.values(LATER_YEARS).flat()]);

/** Page 0 of a resource's searchable text: pageZeroText() in src/shared/search.ts. */
export function pageZeroText(subject, originalName) {
  return [subject, originalName.replace(/\.pdf$/i, '').replace(/[_\-.+]+/g, ' ')].join(' \n');
}

/** Lower-case letters-and-digits words of a text, for the bench's own count of what a query finds. */
export function searchWords(text) {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * Adds `count` rows to <dbFile>'s resource table. uploaded_by is the user with `uploaderEmail`
 * for 80% of rows and NULL (deleted uploader) for the rest. Returns { inserted, ms }.
 * @param {string} dbFile
 * @param {{ count?: number, uploaderEmail?: string, seed?: number }} [options]
 */
export function seedResources(dbFile, { count = 100_000, uploaderEmail, seed = 20_24 } = {}) {
  const started = Date.now();
  const db = new Database(dbFile);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    const uploader = /** @type {{ id: string } | undefined} */ (db.prepare('select id from "user" where email = ?').get(uploaderEmail));
    if (!uploader) throw new Error(`no user ${uploaderEmail} to upload as (was DEMO_DATA seeded?)`);
    const insert = db.prepare(`insert into resource (id, file_key, file_name, original_name, subject, semester,
      resource_type, course, branch, academic_year, downloads, file_size_mb, size_bytes, sha256, page_count, uploaded_by,
      created_at, updated_at) values (@id, @file_key, @file_name, @original_name, @subject, @semester,
      @resource_type, @course, @branch, @academic_year, @downloads, @file_size_mb, @size_bytes, @sha256, @page_count,
      @uploaded_by, @created_at, @updated_at)`);
    // Page 0 (subject and file name) and its words, as the upload path writes them (migration 010).
    const insertPage = db.prepare('insert into resource_page (resource_id, page, body, ocr) values (?, 0, ?, 0)');
    const insertTerm = db.prepare('insert or ignore into search_term (term) values (?)');
    const random = prng(seed);
    const pick = (list) => list[Math.floor(random() * list.length)];
    const now = Date.now();
    const twoYears = 2 * 365 * 24 * 3600 * 1000;
    db.transaction(() => {
      for (let i = 0; i < count; i++) {
        const branch = pick(BRANCHES);
        const semester = 1 + Math.floor(random() * 8);
        const subject = pick(subjectsFor(branch, semester));
        const type = pick(TYPES);
        const year = pick(YEARS);
        const created = new Date(now - Math.floor(random() * twoYears)).toISOString();
        const sizeBytes = 40_000 + Math.floor(random() ** 2 * (20 * 1024 * 1024 - 40_000));
        const id = randomUUID();
        const originalName = `${subject} ${type === 'PYQ' ? 'question paper' : type.toLowerCase()} ${1 + Math.floor(random() * 5)}.pdf`;
        insert.run({
          id,
          file_key: `resources/${randomUUID()}.pdf`,
          file_name: `${['btech', branch, year, `sem${semester}`, subject.replace(/\s+/g, '_'), type].join('_').toLowerCase()}.pdf`,
          original_name: originalName,
          subject,
          semester,
          resource_type: type,
          course: 'btech',
          branch,
          academic_year: year,
          // Most files are rarely downloaded, a few very often.
          downloads: Math.floor(random() ** 4 * 501),
          file_size_mb: Math.round(sizeBytes / (1024 * 1024)),
          size_bytes: sizeBytes,
          sha256: createHash('sha256').update(`studyshelf-bench-${seed}-${i}`).digest('hex'),
          page_count: 1 + Math.floor(random() * 300),
          uploaded_by: random() < 0.8 ? uploader.id : null,
          created_at: created,
          updated_at: created,
        });
        const pageZero = pageZeroText(subject, originalName);
        insertPage.run(id, pageZero);
        for (const term of distinctTerms(pageZero)) insertTerm.run(term);
      }
    })();
    return { inserted: count, ms: Date.now() - started };
  } finally {
    db.close();
  }
}

/** The columns the list filters look at, for every row: the bench's own answer to "how many match". */
export function readFilterColumns(dbFile) {
  const db = new Database(dbFile, { readonly: true });
  try {
    return db.prepare('select course, branch, semester, resource_type, academic_year, subject from resource').all();
  } finally {
    db.close();
  }
}

/** How many rows a GET /api/resources query string should find (same rules as the repository). */
export function expectedTotal(rows, params) {
  const words = params.q ? searchWords(params.q).slice(0, 6) : [];
  return rows.filter(
    (r) =>
      (!params.course || r.course === params.course) &&
      (!params.branch || r.branch === params.branch) &&
      (!params.semester || r.semester === Number(params.semester)) &&
      (!params.resourceType || r.resource_type === params.resourceType) &&
      (!params.academicYear || r.academic_year === params.academicYear) &&
      words.every((w) => searchWords(r.subject).some((word) => word.startsWith(w))),
  ).length;
}

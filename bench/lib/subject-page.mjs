// The subject page of a subject with 200 past papers of 20 questions each (issue 35: p99 under
// 100 ms), asked one request at a time as a student reads it. The papers and their questions are
// written straight into a stopped server's SQLite file, grouped as processing would group them.
import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { demoPassword, makeTempDir, openJobsSqlite, percentile, startServer, waitUntilProcessed } from './server.mjs';

const SUBJECT = 'Bench Structures';
const PAPERS = 200;
const QUESTIONS = 20;
/** Groups a question is drawn from: about a third of a paper's questions were asked before. */
const GROUPS = 1500;

function seedPapers(dbFile, uploaderEmail) {
  const db = new Database(dbFile);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    const uploader = /** @type {{ id: string } | undefined} */ (db.prepare('select id from "user" where email = ?').get(uploaderEmail));
    const insertPaper = db.prepare(`insert into resource (id, file_key, file_name, original_name, subject, semester,
      resource_type, course, branch, academic_year, downloads, file_size_mb, size_bytes, sha256, page_count, uploaded_by,
      created_at, updated_at, exam, exam_month, exam_year, question_split) values (@id, @key, @name, @name, @subject, 3, 'PYQ',
      'btech', 'cse', @academic_year, 0, 1, 200000, @sha, 4, @uploader, @at, @at, 'End-sem', 12, @year, 'split')`);
    const insertQuestion = db.prepare(`insert into question (id, resource_id, position, number, part, label, text, stem, marks,
      section, page, regions, alternative_to, subject_key, signature, group_key) values (@id, @resource_id, @position, @number,
      null, @label, @text, null, @marks, @section, @page, @regions, null, @subject_key, '[]', @group_key)`);
    let seed = 35;
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    db.transaction(() => {
      for (let p = 0; p < PAPERS; p++) {
        const id = randomUUID();
        const year = 2005 + (p % 20);
        const at = new Date(Date.UTC(year, 11, 1)).toISOString();
        insertPaper.run({
          id,
          key: `resources/${randomUUID()}.pdf`,
          name: `bench_structures_${p}.pdf`,
          subject: SUBJECT,
          academic_year: `${year}-${String((year + 1) % 100).padStart(2, '0')}`,
          sha: createHash('sha256').update(`subject-page-${p}`).digest('hex'),
          uploader: uploader?.id ?? null,
          at,
          year,
        });
        for (let q = 0; q < QUESTIONS; q++) {
          const group = Math.floor(random() ** 2 * GROUPS);
          insertQuestion.run({
            id: randomUUID(),
            resource_id: id,
            position: q,
            number: String(q + 1),
            label: `Q${q + 1}`,
            text: `Question of group ${group}: explain the structure and trace it on an example of ${8 + (group % 9)} keys.`,
            marks: 2 + (group % 4) * 2,
            section: `SECTION ${'ABC'[group % 3]}`,
            page: 1 + Math.floor(q / 6),
            regions: JSON.stringify([{ page: 1 + Math.floor(q / 6), box: [0.1, 0.1 + (q % 6) * 0.14, 0.9, 0.2 + (q % 6) * 0.14] }]),
            subject_key: SUBJECT.toLowerCase(),
            group_key: `g${group}`,
          });
        }
      }
    })();
  } finally {
    db.close();
  }
}

/** Adds the subject page row to the bench table. */
export async function benchSubjectPage({ serverEnv, domain, record, step }) {
  const dataDir = makeTempDir();
  const dbFile = path.join(dataDir, 'studyshelf.sqlite');
  step('subject page: starting a server for its accounts, then writing 200 papers of 20 questions');
  let server = await startServer({ dataDir, env: serverEnv });
  await waitUntilProcessed(() => openJobsSqlite(dbFile));
  await server.stop();
  seedPapers(dbFile, `cr@${domain}`);
  server = await startServer({ dataDir, env: serverEnv });
  try {
    await server.client.login(`student@${domain}`, demoPassword(dataDir, 'STUDENT'), server.origin);
    const urlPath = `/api/subjects/${encodeURIComponent(SUBJECT)}`;
    const ask = async () => {
      const res = await server.client.request({ path: urlPath });
      if (res.status !== 200) throw new Error(`${urlPath} answered ${res.status}: ${res.body.toString().slice(0, 200)}`);
      return res;
    };
    const first = JSON.parse((await ask()).body.toString());
    if (first.papers.length !== PAPERS) throw new Error(`the subject page listed ${first.papers.length} papers, not ${PAPERS}`);
    for (let i = 0; i < 50; i++) await ask();
    const times = [];
    for (let i = 0; i < 300; i++) times.push((await ask()).ms);
    times.sort((a, b) => a - b);
    const p99 = percentile(times, 99);
    record(
      `GET /api/subjects/:subject, ${PAPERS} papers x ${QUESTIONS} questions, p50/p99 (one reader)`,
      `${percentile(times, 50).toFixed(1)} / ${p99.toFixed(1)} ms`,
      'p99 < 100 ms',
      p99 < 100,
    );
  } finally {
    server.client.close();
    await server.stop();
  }
}

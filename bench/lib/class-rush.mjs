// The class-rush row of issue 33: 200 students arrive over one minute, each opening the class
// home (the API calls the signed-in home page makes), browsing two pages of their class and
// searching once. Budget: no error, p99 under 100 ms over all those requests.
import { searchMix } from './search.mjs';
import { HttpClient, percentile, sleep } from './server.mjs';

/** The demo student's class (src/cli/demo-data.ts). */
const CLASS = { branch: 'cse', semester: '3' };

/**
 * What the signed-in home page asks for at once: the session (web/lib/session.ts), the class
 * sections (features/home/api/get-home.ts), the saved ids for the nav bar (web/lib/shelf.ts)
 * and the branch names (web/lib/get-branches.ts).
 */
const HOME_CALLS = ['/api/auth/me', '/api/home', '/api/shelf/ids', '/api/catalogue/branches'];

/**
 * `signIn(client)` signs a fresh HttpClient in as the demo student: each of the `students` gets a
 * session of its own (one account signed in `students` times: creating 200 accounts needs
 * e-mail verification). Sign-ins happen before the minute starts and are not measured. Each
 * student then arrives at a random moment of its slot of the minute and thinks 1-3 s between steps.
 * @param {{ port: number, record: Function, database: string, signIn: (client: HttpClient) => Promise<unknown>, firstNew: number, students?: number, seconds?: number }} options
 */
export async function benchClassRush({ port, record, database, signIn, firstNew, students = 200, seconds = 60 }) {
  /** @type {HttpClient[]} */
  const clients = [];
  try {
    for (let i = 0; i < students; i += 4) {
      const batch = Array.from({ length: Math.min(4, students - i) }, () => new HttpClient(port, { maxSockets: 6 }));
      clients.push(...batch);
      await Promise.all(batch.map((client) => signIn(client)));
    }
    const nextSearch = searchMix({ firstNew, seed: 11 });
    const times = [];
    const errors = [];
    const get = async (client, path) => {
      try {
        const res = await client.request({ path });
        times.push(res.ms);
        if (res.status !== 200) errors.push(`${path} answered ${res.status}`);
      } catch (error) {
        errors.push(`${path} failed: ${error.message}`);
      }
    };
    const think = () => sleep(1000 + Math.random() * 2000);
    const library = (params) => `/api/resources?${new URLSearchParams({ ...CLASS, ...params })}`;
    const started = Date.now();
    await Promise.all(
      clients.map(async (client, i) => {
        await sleep(((i + Math.random()) * seconds * 1000) / students);
        await Promise.all(HOME_CALLS.map((path) => get(client, path)));
        await think();
        await get(client, library({ page: '1' }));
        await think();
        await get(client, library({ page: '2' }));
        await think();
        // The home page's search box searches within the class.
        await get(client, library({ q: nextSearch().params.q }));
      }),
    );
    const took = (Date.now() - started) / 1000;
    times.sort((a, b) => a - b);
    const p99 = percentile(times, 99);
    const requests = HOME_CALLS.length + 3;
    record(
      `class rush ${database}: ${students} students in ${seconds} s (${students} sessions of the one demo student), ` +
        `each the class home (${HOME_CALLS.length} API calls) + 2 class pages + 1 search (70% asked before)`,
      `${percentile(times, 50).toFixed(1)} / ${p99.toFixed(1)} ms p50/p99, max ${times.at(-1).toFixed(1)} ms, ${times.length} req ` +
        `(${students} x ${requests}) in ${took.toFixed(0)} s, ${errors.length} errors${errors.length ? ` (first: ${errors[0]})` : ''}`,
      'no error, p99 < 100 ms',
      !errors.length && p99 < 100,
    );
    process.stderr.write(`  ${database} class rush: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, ${errors.length} errors\n`);
  } finally {
    for (const client of clients) client.close();
  }
}

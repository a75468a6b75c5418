import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, enrolTwoFactor, login } from './helpers/accounts.js';
import { adminCall } from './helpers/admin.js';
import { signedIn, upload } from './helpers/resources.js';
import { newestFirst, writePageText } from './helpers/search-corpus.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

type Session = Awaited<ReturnType<typeof signedIn>>;

interface Listed {
  id: string;
  title: string;
  downloads: number;
  uploadedBy: string | null;
  uploader: string | null;
  uploadedByName?: string | null;
  hit?: { page: number };
}
interface ListBody {
  total: number;
  resources: Listed[];
}

/** GET a list as `who`, expecting 200; the body. */
async function list(t: TestApp, url: string, who: Session | string): Promise<ListBody> {
  const res = await t.api.get(url, { as: who });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
}

/**
 * The list asked twice, so that whatever remembers answers holds this one (the second read is the
 * one a cache answers, and must equal the first); the body.
 */
async function warm(t: TestApp, url: string, who: Session | string): Promise<ListBody> {
  const first = await t.api.get(url, { as: who });
  const second = await t.api.get(url, { as: who });
  expect(first.statusCode, `${url}: ${first.body}`).toBe(200);
  expect(second.body, url).toBe(first.body);
  return second.json();
}

const ids = (body: ListBody) => body.resources.map((r) => r.id);
const search = (q: string, facets = '') => `/api/resources?${new URLSearchParams({ q })}${facets && `&${facets}`}`;

/** Uploads as `who` and returns the new resource's id. */
async function uploaded(t: TestApp, who: Session | string, fields: Record<string, string>, fileName = 'notes.pdf'): Promise<string> {
  const res = await upload(t, typeof who === 'string' ? who : who.cookie, { fields, file: { name: fileName } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().resource.id;
}

/**
 * Issue 33: list and search answers are remembered while the database is unchanged. Each test
 * asks its lists first (warm), makes one change through the API, and expects the very next
 * request to show it, for browse (GET /api/resources with facets) and search (?q=). Each test
 * uploads into a semester of its own and searches words of its own, so tests share no rows.
 */
describe(`list and search answers show each change at once (${testDialect})`, () => {
  let t: TestApp;
  let admin: Session;
  let cora: Session;
  let classmate: Session;
  let outsider: Session;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedIn(t, 'ADMIN', 'Asha Admin');
    cora = await signedIn(t, 'CR', 'Cora Rep');
    classmate = await signedIn(t, 'STUDENT', 'Sam Classmate');
    outsider = await signedIn(t, 'STUDENT', 'Ola Outsider', { branch: 'it', semester: 5 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('an upload: listed at once, found by its subject at once, by its text once indexed', async () => {
    const browse = '/api/resources?branch=cse&semester=1';
    const bySubject = search('xenobiology ', 'branch=cse&semester=1');
    const byText = search('zebrafish ');
    const older = await uploaded(t, cora, { subject: 'Marine Biology', semester: '1' });
    await writePageText(t, older, ['Coral reefs and their fish.']);
    expect(ids(await warm(t, browse, classmate))).toEqual([older]);
    expect((await warm(t, bySubject, classmate)).total).toBe(0);
    expect((await warm(t, byText, classmate)).total).toBe(0);

    const id = await uploaded(t, cora, { subject: 'Xenobiology Primer', semester: '1' });
    const listed = await list(t, browse, classmate);
    expect(listed.total).toBe(2);
    expect(ids(listed)).toEqual(await newestFirst(t, [id, older]));
    const found = await list(t, bySubject, classmate);
    expect(ids(found)).toEqual([id]);
    expect(found.total).toBe(1);
    // Page 0: the subject and the file name, written with the upload.
    expect(found.resources[0]!.hit?.page).toBe(0);
    // Its text is not indexed yet: no page holds the word.
    expect((await warm(t, byText, classmate)).total).toBe(0);

    await writePageText(t, id, ['Zebrafish embryos develop in days.', 'zebrafish zebrafish and more zebrafish']);
    const byWord = await list(t, byText, classmate);
    expect(ids(byWord)).toEqual([id]);
    expect(byWord.total).toBe(1);
    expect(byWord.resources[0]!.hit?.page).toBe(2);
    expect(ids(await list(t, search('zebrafish ', 'branch=cse&semester=1&resourceType=NOTES'), classmate))).toEqual([id]);
    expect((await list(t, search('zebrafish ', 'branch=it'), classmate)).total).toBe(0);
  });

  it('a delete: gone from browse and from search on the next request', async () => {
    const browse = '/api/resources?branch=cse&semester=2';
    const kept = await uploaded(t, cora, { subject: 'Yttrium Chemistry', semester: '2' });
    const doomed = await uploaded(t, cora, { subject: 'Yttrium Chemistry', semester: '2' });
    await writePageText(t, doomed, ['The quetzal is a bird of the cloud forest.']);
    const both = await newestFirst(t, [doomed, kept]);
    expect(ids(await warm(t, browse, classmate))).toEqual(both);
    // The same subject and file name score alike: newest first.
    expect(ids(await warm(t, search('yttrium ', 'branch=cse'), classmate))).toEqual(both);
    expect(ids(await warm(t, search('quetzal '), classmate))).toEqual([doomed]);
    expect(ids(await warm(t, search('quetz'), outsider))).toEqual([doomed]);

    const removed = await t.api.delete(`/api/resources/${doomed}`, { as: admin });
    expect(removed.statusCode, removed.body).toBe(200);
    const listed = await list(t, browse, classmate);
    expect(ids(listed)).toEqual([kept]);
    expect(listed.total).toBe(1);
    const bySubject = await list(t, search('yttrium ', 'branch=cse'), classmate);
    expect(ids(bySubject)).toEqual([kept]);
    expect(bySubject.total).toBe(1);
    expect(await list(t, search('quetzal '), classmate)).toMatchObject({ total: 0, resources: [] });
    expect(await list(t, search('quetz'), outsider)).toMatchObject({ total: 0, resources: [] });
  });

  it('a new title: shown in the list, found by its words, no longer by the old title', async () => {
    const browse = '/api/resources?branch=cse&semester=4';
    const id = await uploaded(t, cora, { subject: 'Marsupial Studies', semester: '4', title: 'Quokka Ecology' }, 'unit-one.pdf');
    expect((await warm(t, browse, classmate)).resources.find((r) => r.id === id)?.title).toBe('Quokka Ecology');
    expect(ids(await warm(t, search('quokka '), classmate))).toEqual([id]);
    expect((await warm(t, search('wombat '), classmate)).total).toBe(0);
    expect((await warm(t, search('wombat burrows ', 'branch=cse&semester=4'), classmate)).total).toBe(0);

    const renamed = await t.api.patch(`/api/resources/${id}`, { title: 'Wombat Burrows' }, { as: cora });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await list(t, browse, classmate)).resources.find((r) => r.id === id)?.title).toBe('Wombat Burrows');
    const byNew = await list(t, search('wombat '), classmate);
    expect(ids(byNew)).toEqual([id]);
    expect(byNew.resources[0]!.title).toBe('Wombat Burrows');
    expect(byNew.resources[0]!.hit?.page).toBe(0);
    expect(ids(await list(t, search('wombat burrows ', 'branch=cse&semester=4'), classmate))).toEqual([id]);
    // "quokka" was only in the old title.
    expect(await list(t, search('quokka '), classmate)).toMatchObject({ total: 0, resources: [] });
    // The subject and the file name still find it, with the new title.
    expect((await list(t, search('marsupial '), classmate)).resources.map((r) => [r.id, r.title])).toEqual([[id, 'Wombat Burrows']]);

    // An admin's retitle too (it is also written to the audit log).
    expect(ids(await warm(t, search('wombat '), outsider))).toEqual([id]);
    const again = await t.api.patch(`/api/resources/${id}`, { title: 'Numbat Termites' }, { as: admin });
    expect(again.statusCode, again.body).toBe(200);
    expect((await list(t, search('wombat '), outsider)).total).toBe(0);
    expect((await list(t, search('numbat '), outsider)).resources.map((r) => r.title)).toEqual(['Numbat Termites']);
    expect((await list(t, browse, outsider)).resources.find((r) => r.id === id)?.title).toBe('Numbat Termites');
  });

  it("the uploader's new role: each viewer sees what that role gives, on the next request", async () => {
    // A CR of the classmate's class (cse 3), uploading for semester 5.
    const rhea = await signedIn(t, 'CR', 'Rhea Rep');
    const id = await uploaded(t, rhea, { subject: 'Tardigrade Biology', semester: '5' });
    const views = ['/api/resources?branch=cse&semester=5', search('tardigrade '), search('tardigrade ', 'branch=cse&semester=5')];
    /** What each viewer is shown of the upload on each view: [uploader, uploadedByName if sent]. */
    const seen = async (read: typeof list, who: Session) => {
      const shown = [];
      for (const url of views) {
        const row = (await read(t, url, who)).resources.find((r) => r.id === id);
        expect(row, `${who.user.name} ${url}`).toBeDefined();
        shown.push([row!.uploader, ...('uploadedByName' in row! ? [row!.uploadedByName] : [])]);
      }
      return shown;
    };
    const each = (...shown: unknown[]) => views.map(() => shown);
    const warmAll = async () => {
      for (const who of [classmate, outsider, admin, rhea]) await seen(warm, who);
    };

    await warmAll();
    expect(await seen(list, classmate)).toEqual(each('your-cr'));
    expect(await seen(list, outsider)).toEqual(each('cr'));
    expect(await seen(list, admin)).toEqual(each('cr', 'Rhea Rep'));
    expect(await seen(list, rhea)).toEqual(each('you'));

    // No longer a CR: nobody is told who uploaded it; an admin still sees the name.
    const demoted = await adminCall(t, admin.cookie, 'PATCH', `/users/${rhea.user.id}/role`, { role: 'STUDENT' });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(await seen(list, classmate)).toEqual(each(null));
    expect(await seen(list, outsider)).toEqual(each(null));
    expect(await seen(list, admin)).toEqual(each(null, 'Rhea Rep'));
    expect(await seen(list, rhea)).toEqual(each('you'));

    await warmAll();
    const promoted = await adminCall(t, admin.cookie, 'PATCH', `/users/${rhea.user.id}/role`, { role: 'CR' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(await seen(list, classmate)).toEqual(each('your-cr'));
    expect(await seen(list, outsider)).toEqual(each('cr'));
    expect(await seen(list, admin)).toEqual(each('cr', 'Rhea Rep'));

    // The uploader's new name reaches what admins see.
    await warmAll();
    const profile = await t.api.patch('/api/account/profile', { name: 'Rhea Renamed', branch: 'cse', semester: 3, session: '2024-25' }, { as: rhea });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(await seen(list, admin)).toEqual(each('cr', 'Rhea Renamed'));
    expect(await seen(list, classmate)).toEqual(each('your-cr'));
  });

  it("a viewer's new role: a student made admin sees uploader names on the next request", async () => {
    const id = await uploaded(t, cora, { subject: 'Axolotl Regeneration', semester: '6' });
    const views = ['/api/resources?branch=cse&semester=6', search('axolotl '), search('axolotl ', 'semester=6')];
    const email = `viv.${Date.now()}@${t.config.public.institutionEmailDomain}`;
    const user = await t.services.accounts.createVerifiedUser({
      name: 'Viv Viewer',
      email,
      password: PASSWORD,
      role: 'STUDENT',
      branch: 'cse',
      semester: 3,
      academicSession: '2024-25',
      requestAdmin: true,
    });
    // Two-factor sign-in on before the promotion: an admin without it is sent to set it up first (decision 055).
    const viv = { cookie: (await enrolTwoFactor(t.app, email, PASSWORD, (await login(t.app, email)).cookie)).cookie, user };
    for (const url of views) {
      const row = (await warm(t, url, viv)).resources.find((r) => r.id === id)!;
      expect(row.uploader, url).toBe('your-cr');
      expect(row, url).not.toHaveProperty('uploadedByName');
    }

    const requests = (await adminCall(t, admin.cookie, 'GET', '/admin-requests')).json().requests as Array<{ id: number; userId: string }>;
    const request = requests.find((r) => r.userId === user.id)!;
    const approved = await adminCall(t, admin.cookie, 'POST', `/admin-requests/${request.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    for (const url of views) {
      const row = (await list(t, url, viv)).resources.find((r) => r.id === id)!;
      expect(row.uploadedByName, url).toBe('Cora Rep');
      // Viv keeps her class: Cora is still her class's CR.
      expect(row.uploader, url).toBe('your-cr');
    }
  });

  it("a deleted account: its uploads stay, shown as by nobody, on the next request", async () => {
    const dora = await signedIn(t, 'CR', 'Dora Rep', { branch: 'cse', semester: 7 });
    const id = await uploaded(t, dora, { subject: 'Nautilus Anatomy', semester: '7' });
    const views = ['/api/resources?branch=cse&semester=7', search('nautilus '), search('nautilus ', 'branch=cse')];
    for (const url of views) {
      expect((await warm(t, url, admin)).resources.find((r) => r.id === id)).toMatchObject({ uploadedBy: dora.user.id, uploadedByName: 'Dora Rep', uploader: 'cr' });
      expect((await warm(t, url, classmate)).resources.find((r) => r.id === id)).toMatchObject({ uploadedBy: dora.user.id, uploader: 'cr' });
    }

    const deleted = await adminCall(t, admin.cookie, 'DELETE', `/users/${dora.user.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    for (const url of views) {
      const forAdmin = await list(t, url, admin);
      expect(ids(forAdmin), url).toEqual([id]);
      expect(forAdmin.resources[0], url).toMatchObject({ uploadedBy: null, uploadedByName: null, uploader: null });
      const forClassmate = await list(t, url, classmate);
      expect(ids(forClassmate), url).toEqual([id]);
      expect(forClassmate.resources[0], url).toMatchObject({ uploadedBy: null, uploader: null });
      expect(forClassmate.resources[0], url).not.toHaveProperty('uploadedByName');
    }
  });

  describe('a download', () => {
    const browse = '/api/resources?branch=cse&semester=8';
    const popular = `${browse}&sort=downloads`;
    const searchPopular = search('pangolin ', 'sort=downloads');
    let older: string;
    let newer: string;

    /** Two uploads tied at 0 downloads (newest first), every list of them asked; then two downloads of the older. */
    beforeAll(async () => {
      const first = await uploaded(t, cora, { subject: 'Pangolin Scales', semester: '8' });
      const second = await uploaded(t, cora, { subject: 'Pangolin Scales', semester: '8' });
      [newer, older] = (await newestFirst(t, [first, second])) as [string, string];
      // Tied: newest first.
      expect(ids(await warm(t, popular, classmate))).toEqual([newer, older]);
      expect(ids(await warm(t, searchPopular, classmate))).toEqual([newer, older]);
      expect(ids(await warm(t, `${searchPopular}&pageSize=1`, classmate))).toEqual([newer]);
      await warm(t, browse, classmate);
      await warm(t, search('pangolin '), classmate);
      for (const who of [classmate, outsider]) {
        const downloaded = await t.api.post(`/api/resources/${older}/download`, undefined, { as: who });
        expect(downloaded.statusCode, downloaded.body).toBe(200);
      }
    });

    const downloadsOf = (body: ListBody) => Object.fromEntries(body.resources.map((r) => [r.id, r.downloads]));

    it('shows the new count in the next list and search', async () => {
      expect(downloadsOf(await list(t, browse, classmate))).toEqual({ [older]: 2, [newer]: 0 });
      expect(downloadsOf(await list(t, search('pangolin '), classmate))).toEqual({ [older]: 2, [newer]: 0 });
    });

    it('reorders the next most-downloaded list', async () => {
      const byDownloads = await list(t, popular, classmate);
      expect(byDownloads.resources.map((r) => [r.id, r.downloads])).toEqual([
        [older, 2],
        [newer, 0],
      ]);
    });

    it('reorders the next most-downloaded search, and its first page', async () => {
      const searched = await list(t, searchPopular, classmate);
      expect(searched.resources.map((r) => [r.id, r.downloads])).toEqual([
        [older, 2],
        [newer, 0],
      ]);
      expect(ids(await list(t, `${searchPopular}&pageSize=1`, classmate))).toEqual([older]);
    });
  });
});

/**
 * Two instances on one PostgreSQL database, as behind a load balancer: what B writes, A's very
 * next answer shows, with nothing waited for between them. SQLite has one process by design.
 */
describe.skipIf(testDialect !== 'postgres')('two instances: what one writes, the other answers at once', () => {
  let a: TestApp;
  let b: TestApp;
  let viewerOnA: string;
  let crOnB: string;
  let adminOnB: string;

  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({}, { shareDatabaseWith: a });
    // Accounts live in the database: made through A, signed in on B.
    viewerOnA = (await signedIn(a, 'STUDENT', 'Sam Viewer')).cookie;
    crOnB = (await login(b.app, (await signedIn(a, 'CR', 'Cora Rep')).user.email)).cookie;
    adminOnB = (await login(b.app, (await signedIn(a, 'ADMIN', 'Asha Admin')).user.email)).cookie;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("B's upload, page text, new title and delete each show in A's next list and search", async () => {
    const browse = '/api/resources?branch=cse&semester=6';
    const bySubject = search('okapi ', 'branch=cse');
    const byText = search('gerenuk ');
    const byTitle = search('dikdik ');
    expect((await warm(a, browse, viewerOnA)).total).toBe(0);
    expect((await warm(a, bySubject, viewerOnA)).total).toBe(0);
    expect((await warm(a, byText, viewerOnA)).total).toBe(0);

    const id = await uploaded(b, crOnB, { subject: 'Okapi Field Notes', semester: '6' });
    expect(ids(await list(a, browse, viewerOnA))).toEqual([id]);
    expect(ids(await list(a, bySubject, viewerOnA))).toEqual([id]);
    expect((await warm(a, byText, viewerOnA)).total).toBe(0);
    expect((await warm(a, byTitle, viewerOnA)).total).toBe(0);

    // Processing on B writes the text.
    await writePageText(b, id, ['The gerenuk stands on its hind legs to browse.']);
    const byWord = await list(a, byText, viewerOnA);
    expect(ids(byWord)).toEqual([id]);
    expect(byWord.resources[0]!.hit?.page).toBe(1);
    await warm(a, browse, viewerOnA);
    await warm(a, bySubject, viewerOnA);

    const renamed = await b.api.patch(`/api/resources/${id}`, { title: 'Dikdik Territories' }, { as: crOnB });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await list(a, browse, viewerOnA)).resources.map((r) => r.title)).toEqual(['Dikdik Territories']);
    expect((await list(a, byTitle, viewerOnA)).resources.map((r) => r.title)).toEqual(['Dikdik Territories']);
    expect((await list(a, bySubject, viewerOnA)).resources.map((r) => r.title)).toEqual(['Dikdik Territories']);
    await warm(a, browse, viewerOnA);
    await warm(a, byText, viewerOnA);
    await warm(a, byTitle, viewerOnA);

    const deleted = await b.api.delete(`/api/resources/${id}`, { as: adminOnB });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await list(a, browse, viewerOnA)).toMatchObject({ total: 0, resources: [] });
    expect(await list(a, bySubject, viewerOnA)).toMatchObject({ total: 0, resources: [] });
    expect(await list(a, byText, viewerOnA)).toMatchObject({ total: 0, resources: [] });
    expect(await list(a, byTitle, viewerOnA)).toMatchObject({ total: 0, resources: [] });
  });

  describe("B's download", () => {
    const browse = '/api/resources?branch=cse&semester=7';
    const views = [browse, search('springbok ')];
    const popular = [`${browse}&sort=downloads`, search('springbok ', 'sort=downloads')];
    let older: string;
    let newer: string;

    /** Two uploads tied at 0 downloads, every list of them asked on A; then B counts a download of the older. */
    beforeAll(async () => {
      const first = await uploaded(b, crOnB, { subject: 'Springbok Herds', semester: '7' });
      const second = await uploaded(b, crOnB, { subject: 'Springbok Herds', semester: '7' });
      [newer, older] = (await newestFirst(b, [first, second])) as [string, string];
      for (const url of [...views, ...popular]) expect(ids(await warm(a, url, viewerOnA)), url).toEqual([newer, older]);
      const downloaded = await b.api.post(`/api/resources/${older}/download`, undefined, { as: crOnB });
      expect(downloaded.statusCode, downloaded.body).toBe(200);
    });

    it("shows the new count in A's next list and search", async () => {
      for (const url of views) {
        expect((await list(a, url, viewerOnA)).resources.map((r) => [r.id, r.downloads]), url).toEqual([
          [newer, 0],
          [older, 1],
        ]);
      }
    });

    it("reorders A's next most-downloaded list and search", async () => {
      for (const url of popular) {
        expect((await list(a, url, viewerOnA)).resources.map((r) => [r.id, r.downloads]), url).toEqual([
          [older, 1],
          [newer, 0],
        ]);
      }
    });
  });
});

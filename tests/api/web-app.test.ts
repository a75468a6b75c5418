import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webBuildDir } from '../../src/server/project-paths.js';
import { ROUTE_PAGES } from '../../src/shared/routes.js';
import { login } from './helpers/accounts.js';
import { signedIn } from './helpers/resources.js';
import { createTestApp, testDialect, type TestApp } from './helpers/test-app.js';

/** A miniature build output shaped like Vite's, so these tests don't need `npm run build`. */
async function fakeWebBuild(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'studyshelf-web-'));
  await mkdir(path.join(root, 'assets'));
  await writeFile(
    path.join(root, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="__STUDYSHELF_DESCRIPTION__">' +
      '<meta name="studyshelf-config" content="__STUDYSHELF_CONFIG__"><title>__STUDYSHELF_TITLE__</title></head>' +
      '<body><div id="root"></div><noscript>This site needs JavaScript to show the library.</noscript><script type="module" src="/assets/app-abc123.js"></script></body></html>',
  );
  await writeFile(path.join(root, 'assets', 'app-abc123.js'), 'console.log("app");'.repeat(200));
  // As a build with source maps would leave them: they must never be served.
  await writeFile(path.join(root, 'assets', 'app-abc123.js.map'), '{"version":3,"sources":["../../src/web/main.tsx"]}');
  await writeFile(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // What vite.config.ts's pageChunks() writes: each page's files beyond the entry's.
  await writeFile(
    path.join(root, 'page-chunks.json'),
    JSON.stringify({
      '*': ['/assets/boot-b1.js'],
      'filter-resources-page': ['/assets/filter-resources-page-f1.js', '/assets/card-c2.js'],
      'home-page': ['/assets/home-page-h3.js'],
    }),
  );
  return root;
}

describe(`serving the web app (${testDialect})`, () => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = await fakeWebBuild();
    t = await createTestApp(
      { PRODUCT_NAME: 'Shelf & <Co>', PRODUCT_TAGLINE: 'Notes "for" all', INSTITUTION_NAME: 'Test Tech', ACADEMIC_YEARS_SHOWN: '3' },
      { webRoot },
    );
  });
  afterAll(async () => {
    await t.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  it('fills index.html with the configured names, escaped, and never caches it', async () => {
    const res = await t.api.get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<title>Shelf &#38; &#60;Co&#62;</title>');
    expect(res.body).not.toContain('__STUDYSHELF_');
    const meta = /name="studyshelf-config" content="([^"]*)"/.exec(res.body)![1]!;
    const decoded = JSON.parse(meta.replace(/&#(\d+);/g, (_m, code) => String.fromCharCode(Number(code))));
    expect(decoded).toMatchObject({
      productName: 'Shelf & <Co>',
      productTagline: 'Notes "for" all',
      institutionName: 'Test Tech',
      maxUploadMb: 20,
      // The browser offers the years the server accepts: it computes them from this count.
      academicYearsShown: 3,
    });
  });

  it.each(['/branch', '/filter-resources', '/about', '/privacy-policy', '/terms', '/branch/'])(
    'answers a reload on the app route %s with the app',
    async (url) => {
      const res = await t.api.get(url, { headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
    },
  );

  it("names the page's own scripts in its HTML (modulepreload), and only that page's", async () => {
    const filter = await t.api.get('/filter-resources?branch=cse', { headers: { accept: 'text/html' } });
    expect(filter.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/boot-b1.js"><link rel="modulepreload" crossorigin href="/assets/filter-resources-page-f1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/card-c2.js"></head>',
    );
    expect(filter.body).not.toContain('home-page-h3.js');
    expect((await t.api.get('/filter-resources/')).body).toContain('filter-resources-page-f1.js');
    const home = await t.api.get('/');
    expect(home.body).toContain('<link rel="modulepreload" crossorigin href="/assets/home-page-h3.js">');
    expect(home.body).not.toContain('filter-resources-page-f1.js');
    // A page the list does not name, and an unknown path, get the app's own files ("*") only.
    for (const url of ['/about', '/no/such/page']) {
      const links = [...(await t.api.get(url)).body.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
      expect(links, url).toEqual(['/assets/boot-b1.js']);
    }
    // The list itself is for the server only.
    expect((await t.api.get('/page-chunks.json')).statusCode).toBe(404);
  });

  it("paints each page's fixed heading into the HTML, signed-in pages only for a session cookie", async () => {
    const cookie = { headers: { accept: 'text/html', cookie: 'studyshelf.session_token=abc.def' } };
    const heading = (body: string) => /<main[^>]*>.*?<h1[^>]*>([^<]*)<\/h1><p[^>]*>([^<]*)<\/p>/s.exec(body)?.slice(1);
    // Public: always; the product name in the brand is escaped like the title.
    const branches = await t.api.get('/branch');
    expect(heading(branches.body)).toEqual(['Engineering Branches', expect.stringContaining('Choose your branch')]);
    expect(branches.body).toContain('<span class="truncate">Shelf &#38; &#60;Co&#62;</span>');
    expect(branches.headers.vary).toMatch(/cookie/i);
    // Signed in only: a visitor is sent to /login, so no heading is painted for them.
    for (const url of ['/filter-resources', '/upload-resources', '/my-shelf', '/request-resources']) {
      expect(heading((await t.api.get(url)).body), url).toBeUndefined();
      expect(heading((await t.api.get(url, cookie)).body)?.[0], url).toMatch(/Resources|shelf/);
    }
    expect(heading((await t.api.get('/filter-resources/?q=x', cookie)).body)?.[0]).toBe('Filter Resources');
    // Pages whose heading depends on data get the brand only; the no-script sentence is in <main>.
    for (const url of ['/', '/about', '/no/such/page']) {
      const body = (await t.api.get(url, cookie)).body;
      expect(body, url).toMatch(/<main[^>]*><noscript><p[^>]*>This site needs JavaScript[^<]*<\/p><\/noscript><\/main>/);
      expect(body, url).not.toMatch(/<noscript>[^<]/);
    }
  });

  it('asks for the signed-in home page\'s sections beside its scripts, only with a session cookie', async () => {
    const preload = '<link rel="preload" href="/api/home" as="fetch" crossorigin>';
    expect((await t.api.get('/', { headers: { cookie: 'studyshelf.session_token=abc.def' } })).body).toContain(preload);
    expect((await t.api.get('/', { headers: { cookie: '__Secure-studyshelf.session_token=abc.def' } })).body).toContain(preload);
    expect((await t.api.get('/')).body).not.toContain(preload);
    expect((await t.api.get('/', { headers: { cookie: 'other=studyshelf.session_token' } })).body).not.toContain(preload);
    expect((await t.api.get('/branch', { headers: { cookie: 'studyshelf.session_token=abc.def' } })).body).not.toContain(preload);
  });

  it("paints the signed-in home's header for a valid session only, escaped, in HTML no shared cache keeps", async () => {
    const header = (body: string) => /<main[^>]*><section[^>]*>.*?<p[^>]*>([^<]*)<\/p><h1[^>]*>([^<]*)<\/h1>/s.exec(body)?.slice(1);
    const branchMeta = /<meta name="studyshelf-class-branch" content="([^"]*)">/;
    const student = await signedIn(t, 'STUDENT', 'Sam', { branch: 'it', semester: 5 });
    const res = await t.api.get('/', { as: student });
    expect(header(res.body)).toEqual(['Your class', 'Information Technology, Semester 5']);
    expect(JSON.parse(branchMeta.exec(res.body)![1]!.replaceAll('&#34;', '"'))).toEqual({ id: 'it', name: 'Information Technology' });
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.body).toContain('<link rel="preload" href="/api/home" as="fetch" crossorigin>');
    // An admin has no class: welcomed by name, which is escaped.
    const admin = await signedIn(t, 'ADMIN', `Ann <b>O'Hara</b> & co`);
    expect(header((await t.api.get('/', { as: admin })).body)).toEqual(['The whole library', 'Welcome back, Ann &#60;b&#62;O&#39;Hara&#60;/b&#62; &#38; co']);
    // No valid session: the page as painted for anyone, with nobody's name in it.
    const signedOut = await signedIn(t, 'STUDENT', 'Gone');
    await t.api.post('/api/auth/logout', {}, { as: signedOut });
    for (const cookie of ['studyshelf.session_token=abc.def', signedOut.cookie, `${student.cookie.replace(/=([^.;]+)/, '=x$1')}`]) {
      const plain = await t.api.get('/', { headers: { cookie } });
      expect(plain.statusCode, cookie).toBe(200);
      expect(header(plain.body), cookie).toBeUndefined();
      expect(plain.body, cookie).not.toMatch(/Semester|Welcome back|studyshelf-class-branch/);
      expect(plain.headers['cache-control'], cookie).toBe('no-cache');
    }
    // Other pages and visitors are unchanged.
    expect(header((await t.api.get('/about', { as: student })).body)).toBeUndefined();
    expect((await t.api.get('/')).body).not.toMatch(/Semester|<section|studyshelf-class-branch/);
  });

  it('sends the renewed session cookie of a session due for renewal with the home page, and paints nothing for an expired one', async () => {
    const stored = (date: Date) => (testDialect === 'sqlite' ? date.toISOString() : date) as string;
    const { user } = await signedIn(t, 'STUDENT', 'Rita', { branch: 'cse', semester: 2 });
    // "Remember me": 30 days, renewed daily. As if created 2 days ago, past the renewal point.
    const { cookie } = await login(t.app, user.email, undefined, true);
    const setExpiry = (date: Date) => t.db.kysely.updateTable('session').set({ expiresAt: stored(date) }).where('userId', '=', user.id).execute();
    await setExpiry(new Date(Date.now() + 28 * 24 * 3600 * 1000));
    const res = await t.api.get('/', { headers: { cookie } });
    expect(res.body).toContain('>Computer Science, Semester 2</h1>');
    const sent = [res.headers['set-cookie'] ?? []].flat().find((c) => c.includes('session_token='));
    expect(Number(/Max-Age=(\d+)/i.exec(sent ?? '')?.[1])).toBeGreaterThan(29 * 24 * 3600);
    await setExpiry(new Date(Date.now() - 1000));
    const expired = await t.api.get('/', { headers: { cookie } });
    expect(expired.statusCode).toBe(200);
    expect(expired.body).not.toContain('Semester 2');
  });

  it('answers an unknown page with the app and a real 404 status', async () => {
    const res = await t.api.get('/no/such/page');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
  });

  it('serves hashed assets as immutable and a missing asset as a plain 404', async () => {
    const asset = await t.api.get('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.api.get('/assets/app-zzz.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<div id="root">');
    expect((await t.api.get('/index.html')).body).not.toContain('__STUDYSHELF_');
  });

  it('never serves source maps, even when one is in the build folder', async () => {
    for (const url of ['/assets/app-abc123.js.map', '/assets/APP-abc123.js.MAP', '/assets/app-abc123.js.map?x=1']) {
      const res = await t.api.get(url, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('sources');
    }
  });

  it('sends security headers: strict CSP without unsafe-eval, nosniff, no framing', async () => {
    const res = await t.api.get('/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('compresses responses for clients that accept it', async () => {
    const res = await t.api.get('/api/docs/json', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe(`serving without a web build (${testDialect})`, () => {
  it('still serves the API and says the app is not built', async () => {
    const t = await createTestApp({}, { webRoot: path.join(tmpdir(), 'definitely-missing-web-build') });
    try {
      expect((await t.api.get('/api/catalogue/branches')).statusCode).toBe(200);
      const home = await t.api.get('/');
      expect(home.statusCode).toBe(503);
    } finally {
      await t.close();
    }
  });
});

/**
 * The real production build (`npm test` builds it before this tier; skipped when it is absent):
 * source maps would publish the whole client source, so none is built or pointed at.
 */
describe.runIf(existsSync(path.join(webBuildDir(), 'index.html')))(`the production build (${testDialect})`, () => {
  it('holds no source map and no script names one; asking for one is a 404', async () => {
    const files = (await readdir(webBuildDir(), { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
    expect(files.filter((e) => /\.map(\.br|\.gz)?$/.test(e.name)).map((e) => e.name)).toEqual([]);
    const scripts = files.filter((e) => /\.m?js$/.test(e.name));
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const text = await readFile(path.join(script.parentPath, script.name), 'utf8');
      expect(text.trimEnd().slice(-300), script.name).not.toMatch(/[#@] sourceMappingURL=/);
    }
    const t = await createTestApp({}, { webRoot: webBuildDir() });
    try {
      const script = scripts.find((e) => path.basename(e.parentPath) === 'assets')!;
      const res = await t.api.get(`/assets/${script.name}.map`);
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('lists the scripts of every page the router loads, and the server names them in its HTML', async () => {
    const pages = JSON.parse(await readFile(path.join(webBuildDir(), 'page-chunks.json'), 'utf8')) as Record<string, string[]>;
    for (const [route, page] of Object.entries(ROUTE_PAGES)) {
      expect(pages[page]?.[0], route).toMatch(new RegExp(`^/assets/${page}-[\\w-]+\\.js$`));
    }
    const t = await createTestApp({}, { webRoot: webBuildDir() });
    try {
      const html = (await t.api.get('/upload-resources')).body;
      // The app itself (app/boot.tsx, run after the first paint, in three chunks evaluated one
      // task after another: React and the libraries, the app's shared schemas, the app) and the
      // page's own files.
      const app = pages['*'] ?? [];
      for (const chunk of ['boot-libraries', 'boot-shared', 'boot']) {
        expect(app.filter((file) => new RegExp(`^/assets/${chunk}-[\\w-]{8}\\.js$`).test(file)), chunk).toHaveLength(1);
      }
      for (const file of [...pages['*']!, ...pages['upload-resources-page']!]) {
        expect(html).toContain(`<link rel="modulepreload" crossorigin href="${file}">`);
        expect((await t.api.get(file)).statusCode, file).toBe(200);
      }
    } finally {
      await t.close();
    }
  });
});

import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { STATUS_CODES } from 'node:http';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/messages.js';
import { pageHeadOf } from '../../shared/page-heads.js';
import { escapeHtml, pageShellHtml } from '../../shared/page-shell.js';
import { PUBLIC_CONFIG_META_NAME, type PublicConfig } from '../../shared/public-config.js';
import { ROUTE_PAGES, routeOfPath, ROUTES } from '../../shared/routes.js';
import { fromNodeHeaders } from 'better-auth/node';
import { CLASS_BRANCH_META_NAME, classHomeHeadHtml } from '../../shared/class-home-head.js';
import type { HomeFirstPaint, HomeFirstPaintReader } from './home-first-paint.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const PAGE_CHUNKS_FILE = 'page-chunks.json';

/** Fills the placeholders Vite left in index.html with the configured names. */
export function renderIndexHtml(template: string, config: PublicConfig): string {
  return template
    .replaceAll('__STUDYSHELF_TITLE__', escapeHtml(config.productName))
    .replaceAll('__STUDYSHELF_DESCRIPTION__', escapeHtml(config.productTagline))
    .replace('__STUDYSHELF_CONFIG__', escapeHtml(JSON.stringify(config)));
}

/**
 * index.html for each page of page-chunks.json (written by the build, vite.config.ts), under the
 * page's name, and for any other address under '': the app's files ("*" in the list) and the
 * page's own, named with `<link rel="modulepreload">`, so the browser fetches them beside the
 * entry script instead of after running it. A build without the list gets the plain page.
 */
async function htmlByPage(webRoot: string, indexHtml: string): Promise<Map<string, string>> {
  const listed = await readFile(path.join(webRoot, PAGE_CHUNKS_FILE), 'utf8').catch(() => undefined);
  const { '*': app = [], ...pages } = listed ? (JSON.parse(listed) as Record<string, string[]>) : {};
  const withLinks = (files: string[]) =>
    indexHtml.replace(
      '</head>',
      files
        .filter((file) => /^\/assets\/[\w.-]+\.js$/.test(file))
        .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
        .join('') + '</head>',
    );
  const variants = new Map<string, string>([['', withLinks(app)]]);
  for (const [page, files] of Object.entries(pages)) variants.set(page, withLinks([...app, ...files]));
  return variants;
}

const ROOT_ELEMENT = '<div id="root"></div>';
const NOSCRIPT = /<noscript>([\s\S]*?)<\/noscript>/;

/**
 * Puts the page's first paint into index.html's empty #root, the no-script sentence inside it
 * (in place of the page rather than under a screen-high column), and, for the signed-in home,
 * a preload of its sections beside the scripts and, given `home` (a valid session's), its header
 * with the branch it names in a meta tag for the page.
 */
export function withFirstPaint(
  html: string,
  route: string,
  signedIn: boolean,
  productName: string,
  home?: Pick<HomeFirstPaint, 'head' | 'branch'>,
): string {
  const head = pageHeadOf(route);
  const noscript = html.match(NOSCRIPT)?.[1]?.trim();
  const top = home && route === ROUTES.home ? classHomeHeadHtml(home.head) : undefined;
  const shell = pageShellHtml({ productName, head: head && (!head.signedInOnly || signedIn) ? head : undefined, top, noscript });
  let page = html.replace(NOSCRIPT, '').replace(ROOT_ELEMENT, `<div id="root">${shell}</div>`);
  if (signedIn && route === ROUTES.home) {
    const branch = top && home?.branch ? `<meta name="${CLASS_BRANCH_META_NAME}" content="${escapeHtml(JSON.stringify(home.branch))}">` : '';
    page = page.replace('</head>', `<link rel="preload" href="/api/home" as="fetch" crossorigin>${branch}</head>`);
  }
  return page;
}

/**
 * Serves the production build: hashed assets cached for a year, index.html never cached, and
 * any app route (a reload on /branch) answered with the app. Unknown /api paths stay JSON.
 */
const PDF_WORKER_FILE = /^pdf\.worker\.min-[\w-]+\.mjs$/;
const PDF_WORKER_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; object-src 'none'";

export async function registerWebApp(
  app: FastifyInstance,
  options: {
    webRoot: string | undefined;
    publicConfig: PublicConfig;
    /** The signed-in home's header for a session (home-first-paint.ts). */
    homeFirstPaint: HomeFirstPaintReader;
    /** Whether the request carries a session cookie (not whether it is valid): auth/auth.ts. */
    hasSessionCookie: (headers: Headers) => boolean;
  },
): Promise<void> {
  const { webRoot, publicConfig, homeFirstPaint, hasSessionCookie } = options;
  const indexFile = webRoot ? path.join(webRoot, 'index.html') : undefined;
  const hasWebApp = indexFile !== undefined && existsSync(indexFile);
  let indexHtml: string | undefined;
  let pageHtml = new Map<string, string>();

  if (hasWebApp) {
    indexHtml = renderIndexHtml(await readFile(indexFile, 'utf8'), publicConfig);
    if (!indexHtml.includes(`name="${PUBLIC_CONFIG_META_NAME}"`)) {
      app.log.warn('index.html has no config meta tag; was it built from this source?');
    }
    pageHtml = await htmlByPage(webRoot!, indexHtml);
    await app.register(fastifyStatic, {
      root: webRoot!,
      prefix: '/',
      index: false,
      preCompressed: true,
      // Source maps are not built (vite.config.ts); one copied in by hand is still not served.
      allowedPath: (pathname) => pathname !== '/index.html' && pathname !== `/${PAGE_CHUNKS_FILE}` && !/\.map$/i.test(pathname),
      setHeaders: (reply, filePath) => {
        const relative = path.relative(webRoot!, filePath);
        reply.header('cache-control', relative.startsWith('assets' + path.sep) ? IMMUTABLE : 'public, max-age=3600');
        // A dedicated worker runs under the policy of its own script's response: only the PDF
        // worker may compile WebAssembly (pdf.js decodes JPEG 2000, JBIG2 and ICC colours in wasm).
        // JavaScript eval stays forbidden there too. See docs/decisions/006-pdf-worker-csp.md.
        if (PDF_WORKER_FILE.test(path.basename(filePath))) reply.header('content-security-policy', PDF_WORKER_CSP);
      },
    });
  } else {
    app.log.warn({ webRoot }, 'no web build found: only the API is served (run npm run build)');
  }

  // Each page's HTML with its first paint (src/shared/page-shell.ts), by page and by whether
  // the request carries a session cookie: pages for signed-in users paint their heading only
  // then (a visitor is sent to /login), and the signed-in home asks for its sections at once.
  const rendered = new Map<string, string>();
  const templateFor = (pathname: string): string => {
    const route = routeOfPath(pathname);
    return (route && pageHtml.get(ROUTE_PAGES[route])) ?? pageHtml.get('') ?? indexHtml!;
  };
  const pageFor = (pathname: string, signedIn: boolean): string => {
    const route = routeOfPath(pathname);
    const key = `${route ?? '*'}|${signedIn}`;
    let html = rendered.get(key);
    if (html === undefined) {
      html = withFirstPaint(templateFor(pathname), route ?? '*', signedIn, publicConfig.productName);
      rendered.set(key, html);
    }
    return html;
  };

  // The signed-in home paints its header for the user behind the cookie (home-first-paint.ts).
  const sendApp = async (request: FastifyRequest, reply: FastifyReply, status: number, pathname: string) => {
    const headers = fromNodeHeaders(request.headers);
    const signedIn = hasSessionCookie(headers);
    const home = signedIn && routeOfPath(pathname) === ROUTES.home ? await homeFirstPaint(headers) : null;
    if (home) for (const setCookie of home.setCookies) reply.header('set-cookie', setCookie);
    return (
      reply
        .code(status)
        // One user's page is kept by no shared cache, and by no browser without asking.
        .header('cache-control', home ? 'private, no-cache' : 'no-cache')
        // The first paint differs with the session cookie.
        .header('vary', 'Cookie')
        .type('text/html; charset=utf-8')
        .send(home ? withFirstPaint(templateFor(pathname), ROUTES.home, true, publicConfig.productName, home) : pageFor(pathname, signedIn))
    );
  };

  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    if (!indexHtml) return reply.code(503).type('text/plain').send('The web app has not been built.');
    return sendApp(request, reply, 200, '/');
  });

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0]!;
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApi &&
      !pathname.startsWith('/assets/') &&
      !path.extname(pathname);
    if (wantsPage && indexHtml) return sendApp(request, reply, routeOfPath(pathname) ? 200 : 404, pathname);
    const message = isApi ? MESSAGES.apiNotFound : MESSAGES.fileNotFound;
    return reply.code(404).send({ statusCode: 404, error: STATUS_CODES[404], message, code: 'NOT_FOUND' });
  });
}

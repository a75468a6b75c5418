import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/messages.js';
import { PUBLIC_CONFIG_META_NAME, type PublicConfig } from '../../shared/public-config.js';
import { isAppRoute, pageOfPath } from '../../shared/routes.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const PAGE_CHUNKS_FILE = 'page-chunks.json';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Fills the placeholders Vite left in index.html with the configured names. */
export function renderIndexHtml(template: string, config: PublicConfig): string {
  return template
    .replaceAll('__STUDYSHELF_TITLE__', escapeHtml(config.productName))
    .replaceAll('__STUDYSHELF_DESCRIPTION__', escapeHtml(config.productTagline))
    .replace('__STUDYSHELF_CONFIG__', escapeHtml(JSON.stringify(config)));
}

/**
 * index.html for each page of page-chunks.json (written by the build, vite.config.ts): the page's
 * own files named with `<link rel="modulepreload">`, so the browser fetches them beside the entry
 * script instead of after running it. A build without the list gets the plain page everywhere.
 */
async function htmlByPage(webRoot: string, indexHtml: string): Promise<Map<string, string>> {
  const listed = await readFile(path.join(webRoot, PAGE_CHUNKS_FILE), 'utf8').catch(() => undefined);
  const pages = listed ? (JSON.parse(listed) as Record<string, string[]>) : {};
  const variants = new Map<string, string>();
  for (const [page, files] of Object.entries(pages)) {
    const links = files
      .filter((file) => /^\/assets\/[\w.-]+\.js$/.test(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
      .join('');
    variants.set(page, indexHtml.replace('</head>', `${links}</head>`));
  }
  return variants;
}

/**
 * Serves the production build: hashed assets cached for a year, index.html never cached, and
 * any app route (a reload on /branch) answered with the app. Unknown /api paths stay JSON.
 */
const PDF_WORKER_FILE = /^pdf\.worker\.min-[\w-]+\.mjs$/;
const PDF_WORKER_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; object-src 'none'";

export async function registerWebApp(
  app: FastifyInstance,
  options: { webRoot: string | undefined; publicConfig: PublicConfig },
): Promise<void> {
  const { webRoot, publicConfig } = options;
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

  const sendApp = (reply: FastifyReply, status: number, pathname: string) =>
    reply
      .code(status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(pageHtml.get(pageOfPath(pathname) ?? '') ?? indexHtml);

  app.get('/', { schema: { hide: true } }, async (_request, reply) => {
    if (!indexHtml) return reply.code(503).type('text/plain').send('The web app has not been built.');
    return sendApp(reply, 200, '/');
  });

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0]!;
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApi &&
      !pathname.startsWith('/assets/') &&
      !path.extname(pathname);
    if (wantsPage && indexHtml) return sendApp(reply, isAppRoute(pathname) ? 200 : 404, pathname);
    const message = isApi ? MESSAGES.apiNotFound : MESSAGES.fileNotFound;
    return reply.code(404).send({ statusCode: 404, error: 'Not Found', message, code: 'NOT_FOUND' });
  });
}

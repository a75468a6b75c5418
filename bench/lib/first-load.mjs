// First-load JavaScript per route (DESIGN.md §5: under 150 KB gzip on every route): the entry
// script and what index.html preloads, the app (src/web/app/boot.tsx, which the entry imports
// after the first paint) and the route's lazy page chunk, with every chunk each imports
// statically, each file counted once, gzip level 9. The files of each come from the build's own
// list (dist/web/page-chunks.json, what the server names in each page's HTML). The PDF viewer is imported
// dynamically by the preview dialog, so it is not part of any route's first load.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Page chunk name prefix (Vite names chunks after their module) for each route. */
const ROUTE_PAGES = {
  '/': 'home-page',
  '/branch': 'branch-list-page',
  '/login': 'login-page',
  '/signup': 'sign-up-page',
  '/about': 'about-page',
  '/filter-resources': 'filter-resources-page',
  '/upload-resources': 'upload-resources-page',
  '/request-resources': 'request-resources-page',
  '/my-requests': 'my-requests-page',
  '/request-queue': 'request-queue-page',
  '/report-issue': 'report-issue-page',
  '/dashboard/reports': 'report-inbox-page',
  '/dashboard': 'dashboard-page',
  '/dashboard/jobs': 'processing-jobs-page',
  '/dashboard/aliases': 'search-aliases-page',
};

function staticImports(webDir, file) {
  const code = readFileSync(path.join(webDir, 'assets', file), 'utf8');
  // Static imports only: `import{...}from"./x.js"` and `import"./x.js"`; not `import("./x.js")`.
  return [...code.matchAll(/import\s*(?:[\w{}$,\s*]+?\s*from\s*)?["']\.\/([^"']+\.js)["']/g)].map((m) => m[1]);
}

function closure(webDir, roots) {
  const seen = new Set();
  const queue = [...roots];
  while (queue.length) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(webDir, file));
  }
  return seen;
}

const gzipSize = (webDir, file) => gzipSync(readFileSync(path.join(webDir, 'assets', file)), { level: 9 }).length;

/** [{ route, bytes }] with the entry and the app first; null when there is no build. */
export function firstLoadByRoute(webDir = 'dist/web') {
  if (!existsSync(path.join(webDir, 'index.html'))) return null;
  const html = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
  const listed = JSON.parse(readFileSync(path.join(webDir, 'page-chunks.json'), 'utf8'));
  const files = (list) => (list ?? []).map((file) => file.replace(/^\/assets\//, ''));
  const base = new Set([...closure(webDir, entry), ...closure(webDir, files(listed['*']))]);
  const results = [{ route: '(entry and app)', bytes: [...base].reduce((sum, f) => sum + gzipSize(webDir, f), 0) }];
  for (const [route, page] of Object.entries(ROUTE_PAGES)) {
    if (!listed[page]) {
      results.push({ route, bytes: NaN });
      continue;
    }
    const all = new Set([...base, ...closure(webDir, files(listed[page]))]);
    results.push({ route, bytes: [...all].reduce((sum, f) => sum + gzipSize(webDir, f), 0) });
  }
  return results;
}

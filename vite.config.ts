import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const PDFJS_ROOT = fileURLToPath(new URL('./node_modules/pdfjs-dist/', import.meta.url));
// In the URL so that an upgrade never pairs a cached decoder of one release with the worker of
// another; the viewer builds the same path from pdf.js's own `version`.
const PDFJS_VERSION: string = JSON.parse(readFileSync(path.join(PDFJS_ROOT, 'package.json'), 'utf8')).version;

/** Where `npm run dev` sends API calls: the server on PORT (3000 by default), as `npm start` runs it. */
const apiOrigin = `http://127.0.0.1:${process.env.PORT ?? '3000'}`;

/**
 * pdf.js data files fetched at run time by the PDF viewer, by URL folder under /pdfjs/<version>/:
 * fonts for documents that do not embed theirs, CMaps for CJK text, WebAssembly decoders (JPEG
 * 2000, JBIG2, ICC colour), the CMYK profile and the annotation icons. Kept in step with
 * src/web/features/resources/components/pdf-viewer/pdfjs.ts.
 */
const PDFJS_ASSET_DIRS: Record<string, { dir: string; keep?: (name: string) => boolean }> = {
  cmaps: { dir: 'cmaps' },
  standard_fonts: { dir: 'standard_fonts' },
  wasm: { dir: 'wasm' },
  iccs: { dir: 'iccs' },
  images: { dir: 'web/images', keep: (name) => name.startsWith('annotation-') },
};

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.ttf': 'font/ttf',
};

function pdfjsAssetFiles(urlDir: string): string[] {
  const entry = PDFJS_ASSET_DIRS[urlDir];
  if (!entry) return [];
  return readdirSync(path.join(PDFJS_ROOT, entry.dir)).filter((name) => entry.keep?.(name) ?? true);
}

/**
 * Serves those files from our own origin (DESIGN.md §1: no CDN): copied to
 * dist/web/pdfjs/<version>/ at build time, answered from node_modules by the dev server.
 */
function pdfjsAssets(): Plugin {
  return {
    name: 'studyshelf:pdfjs-assets',
    configureServer(server) {
      server.middlewares.use(`/pdfjs/${PDFJS_VERSION}`, (req, res, next) => {
        const [urlDir, name, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
        // Only names listed in the package folder: nothing else of node_modules is reachable.
        if (!urlDir || !name || rest.length > 0 || !pdfjsAssetFiles(urlDir).includes(name)) return next();
        const file = path.join(PDFJS_ROOT, PDFJS_ASSET_DIRS[urlDir]!.dir, name);
        res.setHeader('Content-Type', CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream');
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      for (const urlDir of Object.keys(PDFJS_ASSET_DIRS)) {
        for (const name of pdfjsAssetFiles(urlDir)) {
          this.emitFile({
            type: 'asset',
            fileName: `pdfjs/${PDFJS_VERSION}/${urlDir}/${name}`,
            source: readFileSync(path.join(PDFJS_ROOT, PDFJS_ASSET_DIRS[urlDir]!.dir, name)),
          });
        }
      }
    },
  };
}

/**
 * Source maps would publish the whole client source to anyone (issue 12): the build makes none,
 * and this drops any a dependency's file still points at, so nothing served names a .map.
 */
function noPublicSourceMaps(): Plugin {
  const comment = /\n?\/[/*][#@] sourceMappingURL=[^\n]*\s*$/;
  return {
    name: 'studyshelf:no-public-source-maps',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const [fileName, output] of Object.entries(bundle)) {
        if (fileName.endsWith('.map')) delete bundle[fileName];
        else if (output.type === 'chunk') output.code = output.code.replace(comment, '\n');
        else if (/\.m?js$/.test(fileName) && typeof output.source === 'string') output.source = output.source.replace(comment, '\n');
      }
    },
  };
}

/**
 * zod builds JSON Schema (for the server's OpenAPI document) with code every schema links to but
 * the browser never runs (to-json-schema.js and each schema type's processor): about 6 KB gzip of
 * the 150 KB first-load budget (DESIGN.md §5). The client
 * build gets a stand-in that refuses instead; the server and the tests use zod as published.
 */
function zodWithoutJsonSchema(): Plugin {
  const id = '\0studyshelf:zod-to-json-schema';
  const processorsId = '\0studyshelf:zod-json-schema-processors';
  const refuse = "const refuse = () => { throw new Error('JSON Schema is made on the server, not in the browser'); };";
  return {
    name: 'studyshelf:zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer?.includes(`${path.sep}node_modules${path.sep}zod${path.sep}`)) return null;
      if (source.endsWith('/to-json-schema.js')) return id;
      if (source.endsWith('/json-schema-processors.js')) return processorsId;
      return null;
    },
    load(loaded) {
      if (loaded === id) {
        return [
          refuse,
          'export const initializeContext = refuse, handleUnrepresentable = refuse, processSchema = refuse, extractDefs = refuse, finalize = refuse;',
          'export { processSchema as process };',
          'export const createToJSONSchemaMethod = () => refuse;',
          'export const createStandardJSONSchemaMethod = () => refuse;',
        ].join('\n');
      }
      if (loaded === processorsId) {
        // One refusing stand-in for each processor the real file exports (each schema type
        // links to its own, to call only when JSON Schema is asked for).
        const real = readFileSync(fileURLToPath(new URL('./node_modules/zod/v4/core/json-schema-processors.js', import.meta.url)), 'utf8');
        const names = [...real.matchAll(/^export (?:const|function) (\w+)/gm)].map((m) => m[1]);
        return [refuse, ...names.map((name) => `export const ${name} = refuse;`)].join('\n');
      }
      return null;
    },
  };
}

/**
 * React Router 7's package exports name only its development build (dist/development, with
 * ENABLE_DEV_WARNINGS on: warnings, invariant texts and route checks run on every render), for
 * production builds too (remix-run/react-router#12532, #14102). The client build takes the
 * production build that ships beside it: the same API, smaller, less work per render. Only the
 * bare specifier, the one the app imports; tests and `npm run dev` keep the package's choice.
 */
function reactRouterProductionBuild(): Plugin {
  const production = fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url));
  return {
    name: 'studyshelf:react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source) => (source === 'react-router' ? production : null),
  };
}

/**
 * page-chunks.json: for each lazily loaded page (`pages/<name>.tsx`), the files its first render
 * needs beyond the entry's and the app's ("*"): its chunk and every chunk it imports statically. The server names
 * them in the HTML of that page's address (src/server/http/web-app.ts), so a phone fetches them
 * beside the entry script rather than after running it: one round trip less before first paint.
 */
function pageChunks(): Plugin {
  return {
    name: 'studyshelf:page-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output]] : [])));
      const closure = (roots: string[]) => {
        const seen = new Set<string>();
        const queue = [...roots];
        while (queue.length) {
          const file = queue.pop()!;
          if (seen.has(file)) continue;
          seen.add(file);
          queue.push(...(chunks.get(file)?.imports ?? []));
        }
        return seen;
      };
      const entry = closure([...chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
      // The app itself (src/web/app/boot.tsx, with the chunks it imports), which the entry imports
      // once the first paint is on screen: every page needs it, listed under "*".
      const boot = [...chunks.values()].find((chunk) => chunk.moduleIds.includes(BOOT));
      if (!boot) this.error('page-chunks: src/web/app/boot.tsx is not a chunk of its own');
      const app = new Set([...closure([boot.fileName])].filter((file) => !entry.has(file)));
      const pages: Record<string, string[]> = { '*': [...app].map((file) => `/${file}`) };
      for (const chunk of chunks.values()) {
        const name = chunk.isDynamicEntry ? /[\\/]pages[\\/]([\w-]+-page)\.tsx$/.exec(chunk.facadeModuleId ?? '')?.[1] : undefined;
        if (name) pages[name] = [...closure([chunk.fileName])].filter((file) => !entry.has(file) && !app.has(file)).map((file) => `/${file}`);
      }
      this.emitFile({ type: 'asset', fileName: 'page-chunks.json', source: JSON.stringify(pages, null, 1) });
    },
  };
}

/**
 * What the app itself (src/web/app/boot.tsx) imports statically is every page's, so it goes into
 * few chunks rather than many small files (requests, gzip overhead); what only some pages use
 * stays with them. Three chunks, which the entry evaluates one after the other, each in a task of
 * its own (main.tsx): React and the libraries, then the app's part of src/shared (its zod
 * schemas), then the app. In one chunk, evaluating it was one task of a few hundred milliseconds
 * on a phone (decision 026).
 */
const BOOT = fileURLToPath(new URL('./src/web/app/boot.tsx', import.meta.url));
const ENTRY = fileURLToPath(new URL('./src/web/main.tsx', import.meta.url));
const STAGE = (name: string) => fileURLToPath(new URL(`./src/web/app/stages/${name}.ts`, import.meta.url));
type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };
const staticClosure = (root: string, graph: ModuleGraph) => {
  const seen = new Set<string>();
  const queue = [root];
  while (queue.length) {
    const next = queue.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    queue.push(...(graph.getModuleInfo(next)?.importedIds ?? []));
  }
  return seen;
};
const inFolder = (id: string, folder: string) => id.includes(`${path.sep}${folder}${path.sep}`);
let appModules: Set<string> | undefined;
function appChunkName(id: string, graph: ModuleGraph): string | null {
  if (!appModules) {
    // Not what the entry itself uses (Vite's preload helper, added to the entry after this
    // graph is made): the entry must not wait for, nor run, the app's chunks before the first paint.
    const entry = staticClosure(ENTRY, graph);
    appModules = new Set([...staticClosure(BOOT, graph)].filter((module) => !entry.has(module) && !/preload-helper/.test(module)));
  }
  if (id === STAGE('libraries')) return 'boot-libraries';
  if (id === STAGE('shared')) return 'boot-shared';
  if (!appModules.has(id)) return null;
  if (inFolder(id, 'node_modules')) return 'boot-libraries';
  return inFolder(id, path.join('src', 'shared')) ? 'boot-shared' : 'boot';
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [zodWithoutJsonSchema(), reactRouterProductionBuild(), react(), tailwindcss(), pdfjsAssets(), pageChunks(), noPublicSourceMaps()],
  resolve: { alias: { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)) } },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // The lazy PDF viewer chunk is pdf.js itself (~700 KB, 215 KB gzip), loaded only by the
    // preview; `npm run bench` checks every route's first load against the 150 KB budget.
    chunkSizeWarningLimit: 800,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: appChunkName, debugName: 'boot', includeDependenciesRecursively: false }] } } },
  },
  server: {
    // `npm run dev` beside a running server: the API is wherever PORT says (as for the server).
    proxy: { '/api': apiOrigin, '/healthz': apiOrigin },
  },
});

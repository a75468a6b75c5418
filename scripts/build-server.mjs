// Bundles the server and CLI (dependencies stay external) and pre-compresses the web assets
// so the server can send .br/.gz files without compressing on every request.
import { build } from 'esbuild';
import { readdir, readFile, writeFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { buildPdfWorker, nodeBundle } from './build-pdf-worker.mjs';

await build({
  entryPoints: {
    'server/main': 'src/server/main.ts',
    'cli/admin': 'src/cli/admin.ts',
    'cli/backup': 'src/cli/backup.ts',
    'cli/restore': 'src/cli/restore.ts',
    // Loaded by the server by path, only when it seeds (src/server/demo-seeding.ts).
    'cli/demo-seeding': 'src/cli/demo-seeding.ts',
  },
  outdir: 'dist',
  ...nodeBundle,
});
await buildPdfWorker();

const webDir = 'dist/web';
const compressible = /\.(m?js|css|html|svg|json|txt|map|webmanifest|bcmap|ttf|pfb|icc|wasm)$/;
let count = 0;
for (const entry of await readdir(webDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !compressible.test(entry.name) || entry.name === 'index.html') continue;
  const file = path.join(entry.parentPath, entry.name);
  if ((await stat(file)).size < 1024) continue;
  const body = await readFile(file);
  await writeFile(file + '.br', brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(file + '.gz', gzipSync(body, { level: 9 }));
  count++;
}
console.log(`server bundled to dist/server, ${count} web assets pre-compressed`);

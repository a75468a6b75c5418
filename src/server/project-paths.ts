import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The checkout's root: the nearest folder above this module holding package.json. Works the
 * same from the bundle (dist/server) and from source (src/server) under tests.
 */
export function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json not found above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
  return dir;
}

/** Where `vite build` writes the web app. */
export function webBuildDir(): string {
  return path.join(projectRoot(), 'dist', 'web');
}

/** The bundled PDF inspection worker (scripts/build-pdf-worker.mjs writes it). */
export function pdfWorkerFile(): string {
  return path.join(projectRoot(), 'dist', 'server', 'pdf-inspection-worker.mjs');
}

/** The bundled processing worker: text, OCR and thumbnail of one resource (scripts/build-pdf-worker.mjs). */
export function processingWorkerFile(): string {
  return path.join(projectRoot(), 'dist', 'server', 'processing-worker.mjs');
}

/** The bundled header OCR process of batch upload's autofill (scripts/build-pdf-worker.mjs). */
export function headerOcrWorkerFile(): string {
  return path.join(projectRoot(), 'dist', 'server', 'header-ocr-worker.mjs');
}

/** The bundled SQLite reader thread for long reads (db/sqlite-reader.ts; scripts/build-pdf-worker.mjs). */
export function sqliteReaderWorkerFile(): string {
  return path.join(projectRoot(), 'dist', 'server', 'sqlite-reader-worker.mjs');
}

/** The bundled child process that re-encodes report screenshots (scripts/build-pdf-worker.mjs). */
export function screenshotReencoderFile(): string {
  return path.join(projectRoot(), 'dist', 'server', 'screenshot-reencode.mjs');
}

/** The bundled demo seeding (src/cli/demo-seeding.ts), loaded by the server only when it seeds. */
export function demoSeedingFile(): string {
  return path.join(projectRoot(), 'dist', 'cli', 'demo-seeding.js');
}

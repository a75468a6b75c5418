import { existsSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../src/server/project-paths.js';

/**
 * A file of the shared corpus of real PDFs (../shared/corpus beside the checkout; from a git
 * worktree under /work/wt it is one level further up).
 */
export function corpusFile(...parts: string[]): string {
  const candidates = [path.join(projectRoot(), '..', 'shared', 'corpus'), path.join(projectRoot(), '..', '..', 'shared', 'corpus')];
  const dir = candidates.find((candidate) => existsSync(candidate));
  if (!dir) throw new Error(`The PDF corpus is missing: looked in ${candidates.join(' and ')}`);
  return path.join(dir, ...parts);
}

import { CLASS_BRANCH_META_NAME } from '@shared/class-home-head';

/**
 * The name the server painted into the signed-in home's heading for this branch (a meta tag,
 * server/http/web-app.ts), so the page renders the same heading before the branch list arrives
 * instead of the id in capitals and then the name (a change of text: a flash and a late LCP).
 * It lives with the home page: in lib/ it pulled the header's module into the boot chunk.
 */
export function paintedBranchName(id: string): string | undefined {
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${CLASS_BRANCH_META_NAME}"]`)?.content;
  if (!content) return undefined;
  try {
    const painted = JSON.parse(content) as { id?: unknown; name?: unknown };
    return painted.id === id && typeof painted.name === 'string' ? painted.name : undefined;
  } catch {
    return undefined;
  }
}

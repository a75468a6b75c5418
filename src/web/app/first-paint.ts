/**
 * What the server painted into #root before the scripts ran (src/shared/page-shell.ts): the nav
 * bar's brand and, on pages with a fixed heading, that heading. The app shows the same markup
 * until it can render the page itself, so the first paint neither flashes nor moves. Empty under
 * `npm run dev`, whose index.html has no shell.
 */
let captured: { pathname: string; shell: string; main: string } | undefined;

/** Reads the server's markup once, before React replaces it. */
export function captureFirstPaint(root: HTMLElement, pathname: string): void {
  const main = root.querySelector('main');
  captured = { pathname, shell: root.innerHTML, main: main?.querySelector('h1') ? main.innerHTML : '' };
}

/** The whole first screen, for while the session check is pending. */
export function firstPaintShell(): string {
  return captured?.shell ?? '';
}

/** The page's head as first painted, while the code of that same page is still arriving. */
export function firstPaintHead(pathname: string): string {
  return captured && captured.pathname === pathname ? captured.main : '';
}

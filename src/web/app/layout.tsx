import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { NAV_CLASSES } from '@shared/page-frame';
import { lazyComponent } from '../components/ui/lazy-component';
import { NavBar } from './nav-bar';
import { RouteFallback } from './route-fallback';
import { ScrollToTop } from './scroll-to-top';

const MAIN_CONTENT_ID = 'main-content';
// Always below the fold (see <main>): it can arrive after the page without moving anything in
// view, and leaves every route's first load (DESIGN.md §5: under 150 KB gzip).
const Footer = lazyComponent(() => import('./footer'), (m) => m.Footer);

/** Nav bar, page and footer; the column layout keeps the footer at the bottom of short pages. */
export function Layout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only rounded-lg bg-white font-semibold focus:px-4 focus:py-2 text-brand-900 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
      >
        Skip to main content
      </a>
      <ScrollToTop />
      <NavBar />
      {/* At least a screen high below the 4rem nav bar: the footer starts at the fold, so a lazy
          page (or its data) arriving and growing the page moves nothing the reader can see.
          flex-1 alone put the footer on screen under the short loading fallback and the page
          then pushed it away: a layout shift (CLS) of 0.42 on a phone. */}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={NAV_CLASSES.main}>
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}

// Lighthouse (mobile, its default) on the routes of issue 14's budget, against the production
// build, in Debian's Chromium: Performance >= 90 and Accessibility = 100 on /, /branch,
// /filter-resources and /upload-resources, CLS < 0.1 on every route. Signed in as the demo CR
// (the one account that may open all four) through the session cookie, sent with every request.
//
// Needs the `lighthouse` (12.8.x: 13.x requires Node 22) and `chrome-launcher` devDependencies. Without it the part says
// so and measures CLS alone (layout-shift.mjs), so `--only=lighthouse` still tells something.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { CLS_ROUTES, measureLayoutShift } from './layout-shift.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];

const score = (category) => (category?.score == null ? '-' : String(Math.round(category.score * 100)));

/** Lighthouse and chrome-launcher, or null when they are not installed. */
async function loadLighthouse() {
  try {
    // Specifiers in variables: the type check (tsconfig.bench.json) must pass before they are installed.
    const names = ['lighthouse', 'chrome-launcher'];
    const [{ default: lighthouse }, chromeLauncher] = await Promise.all(names.map((name) => import(name)));
    return { lighthouse, chromeLauncher };
  } catch (error) {
    if (error?.code === 'ERR_MODULE_NOT_FOUND') return null;
    throw error;
  }
}

/**
 * Runs Lighthouse once per route (a fresh Chromium each time, so no run inherits another's
 * cache) and records per route the four scores and CLS, with the budgets as verdicts.
 * `cookie` is "name=value; ..." of a signed-in session; `step` reports progress.
 */
export async function benchLighthouse({ origin, cookie, record, step, routes = CLS_ROUTES, chromePath = '/usr/bin/chromium' }) {
  const tools = await loadLighthouse();
  if (!tools) {
    record('lighthouse', 'not installed: npm i -D -E lighthouse@12.8.2 chrome-launcher@1.2.1 (CLS measured without it below)', '-', null);
    step('lighthouse is not installed; measuring CLS with a PerformanceObserver instead');
    for (const { route, viewport, cls, sources } of await measureLayoutShift({ origin, cookie, routes, executablePath: chromePath })) {
      record(`CLS ${viewport} ${route}`, `${cls.toFixed(3)}${cls >= 0.1 && sources.length ? ` (${sources[0]})` : ''}`, '< 0.1', cls < 0.1);
    }
    return;
  }
  const { lighthouse, chromeLauncher } = tools;
  for (const route of routes) {
    step(`lighthouse (mobile) ${route}`);
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
    try {
      const result = await lighthouse(new URL(route, origin).href, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        extraHeaders: cookie ? { Cookie: cookie } : undefined,
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`lighthouse returned no report for ${route}`);
      // BENCH_LIGHTHOUSE_DIR=folder keeps each route's whole report, to look into a score.
      if (process.env.BENCH_LIGHTHOUSE_DIR) {
        const name = route.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
        writeFileSync(path.join(process.env.BENCH_LIGHTHOUSE_DIR, `${name}.json`), JSON.stringify(lhr));
      }
      if (lhr.runtimeError) {
        record(`lighthouse ${route}`, `error: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`, '-', false);
        continue;
      }
      const { performance, accessibility } = lhr.categories;
      const scores = CATEGORIES.map((id) => `${id === 'best-practices' ? 'BP' : id === 'seo' ? 'SEO' : id === 'performance' ? 'Perf' : 'A11y'} ${score(lhr.categories[id])}`).join(' / ');
      record(`lighthouse mobile ${route}`, scores, 'Perf >= 90, A11y 100', (performance?.score ?? 0) >= 0.9 && (accessibility?.score ?? 0) === 1);
      // What holds Performance back: the metrics it is made of, and the biggest savings offered.
      const metric = (id, unit = 'ms') => {
        const value = lhr.audits[id]?.numericValue;
        return value == null ? '-' : unit === 's' ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`;
      };
      step(`  ${route}: FCP ${metric('first-contentful-paint', 's')}, LCP ${metric('largest-contentful-paint', 's')}, TBT ${metric('total-blocking-time')}, SI ${metric('speed-index', 's')}`);
      const savings = Object.values(lhr.audits)
        .filter((audit) => (audit.metricSavings?.LCP ?? 0) + (audit.metricSavings?.FCP ?? 0) >= 150 && (audit.score ?? 1) < 1)
        .map((audit) => `${audit.id} (LCP -${Math.round(audit.metricSavings?.LCP ?? 0)} ms)`);
      if (savings.length) step(`  ${route}: offered savings: ${savings.join(', ')}`);
      const [element, phases] = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
      const node = element?.items?.[0]?.node;
      if (node) {
        const parts = (phases?.items ?? []).map((phase) => `${phase.phase} ${Math.round(phase.timing)} ms`).join(', ');
        step(`  ${route}: LCP element ${node.snippet ?? node.selector}${parts ? ` (${parts})` : ''}`);
      }
      const cls = lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN;
      record(`lighthouse CLS ${route}`, Number.isNaN(cls) ? 'not measured' : cls.toFixed(3), '< 0.1', cls < 0.1);
      const failing = Object.values(lhr.audits)
        .filter((audit) => lhr.categories.accessibility?.auditRefs.some((ref) => ref.id === audit.id) && audit.score === 0)
        .map((audit) => audit.id);
      if (failing.length) step(`  accessibility audits failing on ${route}: ${failing.join(', ')}`);
    } finally {
      await chrome.kill();
    }
  }
}

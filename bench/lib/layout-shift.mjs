/* global window -- observeShifts and the page.evaluate callback run in the browser */
// Cumulative layout shift per route, measured in Debian's Chromium with a PerformanceObserver
// ('layout-shift'), at a phone and a desktop size: the figure Lighthouse reports as CLS (the
// largest session window: shifts less than 1 s apart, at most 5 s long, input-driven ones left
// out), without needing Lighthouse itself. Used by `npm run bench -- --only=cls` and by
// lighthouse.mjs's rows when Lighthouse is not installed.
import { chromium } from 'playwright-core';

/** The routes of issue 14's budget (CLS under 0.1 on every route); signed in unless said. */
export const CLS_ROUTES = ['/', '/branch', '/filter-resources', '/upload-resources'];

const VIEWPORTS = [
  // Lighthouse's mobile screen (Moto G Power) and a desktop.
  { name: 'phone', width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
  { name: 'desktop', width: 1280, height: 800, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
];

// Runs in the page before any of its scripts: collects every shift from the first paint on.
function observeShifts() {
  const w = /** @type {any} */ (window);
  w.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const shift = /** @type {any} */ (entry);
      if (!shift.hadRecentInput) {
        w.__shifts.push({
          time: shift.startTime,
          value: shift.value,
          sources: (shift.sources ?? []).map((s) => {
            const node = s.node;
            if (!node || !node.tagName) return String(node?.nodeName ?? '?');
            const cls = typeof node.className === 'string' ? node.className.split(/\s+/).slice(0, 4).join('.') : '';
            return `${node.tagName.toLowerCase()}${cls ? `.${cls}` : ''}`;
          }),
        });
      }
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The largest session window of `shifts` (web-vitals' definition of CLS). */
export function sessionWindowCls(shifts) {
  let best = 0;
  let current = 0;
  let first = 0;
  let last = 0;
  for (const { time, value } of shifts) {
    if (current > 0 && time - last < 1000 && time - first < 5000) {
      current += value;
    } else {
      current = value;
      first = time;
    }
    last = time;
    best = Math.max(best, current);
  }
  return best;
}

/**
 * Loads each route once per viewport (a fresh context, so nothing is cached, as on a first
 * visit), waits until the network has been quiet and a little after, and returns
 * [{ route, viewport, cls, sources }], `sources` naming the elements that moved most.
 * `cookie` ("name=value; name2=value2") signs the browser in; `throttle` loads under
 * Lighthouse's mobile network and CPU conditions.
 */
export async function measureLayoutShift({ origin, cookie, routes = CLS_ROUTES, executablePath = '/usr/bin/chromium', settleMs = 1500, throttle = false }) {
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const results = [];
  try {
    for (const viewport of VIEWPORTS) {
      for (const route of routes) {
        const { name, ...contextOptions } = viewport;
        const context = await browser.newContext({
          viewport: { width: contextOptions.width, height: contextOptions.height },
          deviceScaleFactor: contextOptions.deviceScaleFactor,
          isMobile: contextOptions.isMobile,
          hasTouch: contextOptions.hasTouch,
        });
        if (cookie) {
          await context.addCookies(
            cookie.split(/;\s*/).filter(Boolean).map((pair) => {
              const at = pair.indexOf('=');
              return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin };
            }),
          );
        }
        await context.addInitScript(observeShifts);
        const page = await context.newPage();
        if (throttle) {
          // Lighthouse's mobile conditions (slow 4G, a 4x slower CPU): late answers and slow
          // scripts show shifts that a fast local load hides.
          const cdp = await context.newCDPSession(page);
          await cdp.send('Network.enable');
          await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 });
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        }
        await page.goto(new URL(route, origin).href, { waitUntil: 'networkidle' });
        await page.waitForTimeout(settleMs);
        const shifts = await page.evaluate(() => /** @type {any} */ (window).__shifts);
        const sources = [...shifts]
          .sort((a, b) => b.value - a.value)
          .slice(0, 3)
          .map((s) => `${s.value.toFixed(3)} ${s.sources.join(', ')}`);
        results.push({ route, viewport: name, cls: sessionWindowCls(shifts), sources });
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}

/* global window, document, requestAnimationFrame -- the page.evaluate callbacks run in the browser */
// Tap to page 1 (issue 34, DESIGN.md §5 "Reading"): from a tap on a result's Preview to page 1's
// pixels, in Debian's Chromium at Lighthouse's mobile screen and throttling (slow 4G: 150 ms,
// 1.6 Mbit/s; a 4x slower CPU), on a first visit (nothing cached but the list page itself).
// Page 1 is on screen once its page image has arrived and been drawn (the frame after it
// decoded); pdf.js is ready when the preview drops the images (its first page drawn). Then a
// swipe to page 2: its image's time, and whether pdf.js was still loading by then.
import { chromium } from 'playwright-core';

const PHONE = { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/** Installed before the tap: timestamps of the tap, page 1's image drawn, and pdf.js taking over. */
function watchPreview() {
  const w = /** @type {any} */ (window);
  w.__tap = { tap: 0, image: 0, pdfjs: 0 };
  document.addEventListener('click', () => (w.__tap.tap ||= performance.now()), { capture: true });
  const image = () => {
    const img = /** @type {HTMLImageElement | null} */ (document.querySelector('img[alt^="Page 1 of"]'));
    if (img && img.complete && img.naturalWidth > 0) requestAnimationFrame(() => (w.__tap.image = performance.now()));
    else requestAnimationFrame(image);
  };
  let stripSeen = false;
  const pdfjs = () => {
    const strip = document.querySelector('[aria-label="Page images"]');
    stripSeen ||= Boolean(strip);
    const drawn = document.querySelector('.pdfViewer .page[data-page-number="1"] canvas');
    // The images go when pdf.js has drawn (status ready); without images, its first canvas.
    if ((stripSeen && !strip) || (!stripSeen && drawn && !document.body.textContent?.includes('Loading PDF...'))) w.__tap.pdfjs = performance.now();
    else requestAnimationFrame(pdfjs);
  };
  requestAnimationFrame(image);
  requestAnimationFrame(pdfjs);
}

/**
 * Opens `listPath` signed in (`cookie`), taps the Preview button named `previewLabel`, and
 * returns { page1Ms, pdfjsMs, page2Ms, page2BeforePdfjs } (ms from the tap; page 2 after a swipe
 * made once page 1 showed). `throttle: false` measures the same on an unthrottled desktop-class run.
 */
export async function measureTapToPage({ origin, cookie, listPath, previewLabel, executablePath = '/usr/bin/chromium', throttle = true }) {
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const context = await browser.newContext({
      viewport: { width: PHONE.width, height: PHONE.height },
      deviceScaleFactor: PHONE.deviceScaleFactor,
      isMobile: PHONE.isMobile,
      hasTouch: PHONE.hasTouch,
    });
    await context.addCookies(
      cookie
        .split(/;\s*/)
        .filter(Boolean)
        .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), url: origin })),
    );
    const page = await context.newPage();
    await page.goto(new URL(listPath, origin).href, { waitUntil: 'networkidle' });
    const button = page.getByRole('button', { name: previewLabel }).first();
    await button.waitFor();
    // The list is loaded (and the preview dialog's own chunk with it, as a reader's would be by
    // the time they tap); the throttling applies from the tap on.
    if (throttle) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    }
    await page.evaluate(watchPreview);
    await button.tap();
    await page.waitForFunction(() => /** @type {any} */ (window).__tap.image > 0, undefined, { timeout: 60_000, polling: 100 });
    // Swipe to page 2 while pdf.js is (maybe) still on its way.
    const page2 = await page.evaluate(async () => {
      const w = /** @type {any} */ (window);
      const strip = /** @type {HTMLElement | null} */ (document.querySelector('[aria-label="Page images"]'));
      const img = /** @type {HTMLImageElement | null} */ (document.querySelector('img[alt^="Page 2 of"]'));
      if (!strip || !img) return null;
      const swipe = performance.now();
      strip.scrollTop = img.offsetTop;
      await new Promise((resolve) => {
        const check = () => (img.complete && img.naturalWidth > 0 ? requestAnimationFrame(resolve) : requestAnimationFrame(check));
        check();
      });
      return { ms: performance.now() - swipe, beforePdfjs: w.__tap.pdfjs === 0 };
    });
    await page.waitForFunction(() => /** @type {any} */ (window).__tap.pdfjs > 0, undefined, { timeout: 90_000, polling: 100 });
    const t = await page.evaluate(() => /** @type {any} */ (window).__tap);
    await context.close();
    return { page1Ms: t.image - t.tap, pdfjsMs: t.pdfjs - t.tap, page2Ms: page2?.ms ?? null, page2BeforePdfjs: page2?.beforePdfjs ?? null };
  } finally {
    await browser.close();
  }
}

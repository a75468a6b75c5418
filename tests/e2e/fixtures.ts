import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** The names the e2e server is configured with (playwright.config.ts). */
export const E2E_CONFIG = {
  productName: 'E2E Shelf',
  productTagline: 'Every note your class needs',
  institutionName: 'Test University of Technology',
};

/**
 * Pages that log a CSP violation or an uncaught error fail the test: both usually mean a
 * broken screen that still looks fine in a screenshot.
 */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        // The document of an unknown path is served with status 404 on purpose.
        const isDocument404 = message.text().includes('status of 404') && message.location().url === page.url();
        // Chromium logs every 4xx answer; from our API those are expected outcomes (401, 403...).
        const isApiClientError =
          /status of 4\d\d/.test(message.text()) && new URL(message.location().url || 'http://x/').pathname.startsWith('/api/');
        if (!isDocument404 && !isApiClientError) errors.push(`console: ${message.text()}`);
      });
      await use(errors);
      expect(errors, 'errors logged by the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Runs axe on the current page and returns the serious and critical violations. */
export async function seriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

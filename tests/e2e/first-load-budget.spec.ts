import { expect, test } from '@playwright/test';
import { firstLoadByRoute } from '../../bench/lib/first-load.mjs';

// DESIGN.md §5: under 150 KB of JavaScript (gzip) before any route is usable. The bench prints
// the figures; this fails the build that crosses the line (sizes, unlike timings, do not flake).
const BUDGET = 150 * 1024;

test('every route loads less than 150 KB of JavaScript (gzip) first', () => {
  const routes = firstLoadByRoute('dist/web');
  expect(routes, 'no production build in dist/web').not.toBeNull();
  const over = routes!.filter(({ bytes }) => !(bytes < BUDGET)).map(({ route, bytes }) => `${route}: ${(bytes / 1024).toFixed(1)} KB`);
  expect(over).toEqual([]);
  expect(routes!.length).toBeGreaterThan(10);
});

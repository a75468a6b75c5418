import { describe, expect, it } from 'vitest';
import { pageHeadOf, MY_SHELF_HEAD } from './page-heads.js';
import { ROUTES, routeOfPath } from './routes.js';

describe('routeOfPath', () => {
  it('names the app route of a path, with or without trailing slashes', () => {
    expect(routeOfPath('/')).toBe(ROUTES.home);
    expect(routeOfPath('/branch')).toBe(ROUTES.branches);
    expect(routeOfPath('/branch/')).toBe(ROUTES.branches);
    expect(routeOfPath('/dashboard/audit-log//')).toBe(ROUTES.auditLog);
    expect(routeOfPath('/privacy')).toBe(ROUTES.privacy);
  });

  it('ignores the query and the fragment', () => {
    expect(routeOfPath('/filter-resources?branch=cse')).toBe(ROUTES.filterResources);
    expect(routeOfPath('/my-shelf/#top')).toBe(ROUTES.myShelf);
    expect(routeOfPath('/?next=/login')).toBe(ROUTES.home);
  });

  it('reads a subject page by its prefix', () => {
    expect(routeOfPath('/subjects/Data%20Structures')).toBe(ROUTES.subject);
    expect(routeOfPath('/subjects/')).toBeUndefined();
    expect(routeOfPath('/subjects/a/b')).toBeUndefined();
  });

  it('answers undefined for a path that is no page', () => {
    for (const path of ['/branches', '/api/x', '/Branch', '/assets/app.js', '//', '', '*']) {
      expect(routeOfPath(path)).toBeUndefined();
    }
  });

  it('gives the first paint the same reading (pageHeadOf)', () => {
    expect(pageHeadOf('/my-shelf/')).toBe(MY_SHELF_HEAD);
    expect(pageHeadOf('/about')).toBeUndefined();
    expect(pageHeadOf('/nowhere')).toBeUndefined();
  });
});

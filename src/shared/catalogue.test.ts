import { describe, expect, it } from 'vitest';
import {
  branchSchema,
  DEFAULT_BRANCHES,
  DEFAULT_SUBJECTS,
  matchBranchId,
  RESOURCE_TYPE_NAMES,
  RESOURCE_TYPES,
  semesterLabel,
  SEMESTERS,
} from './catalogue.js';
import { resourceListQuerySchema } from './resource.js';
import { filterResourcesHref, filterResourcesOfTypeHref } from './routes.js';

describe('catalogue constants', () => {
  it('has the six branches of the spec, valid against the schema', () => {
    expect(DEFAULT_BRANCHES.map((b) => b.shortName)).toEqual(['CSE', 'IT', 'EE', 'ECE', 'ME', 'CE']);
    for (const branch of DEFAULT_BRANCHES) {
      expect(branchSchema.parse(branch)).toEqual(branch);
      expect(branch.id).toBe(branch.shortName.toLowerCase());
    }
  });

  it('has two subjects per semester for cse and it', () => {
    expect(DEFAULT_SUBJECTS).toHaveLength(32);
    const cse4 = DEFAULT_SUBJECTS.filter((s) => s.branchId === 'cse' && s.semester === 4).map((s) => s.name);
    expect(cse4).toEqual(['Operating Systems', 'DBMS']);
    expect(new Set(DEFAULT_SUBJECTS.map((s) => s.branchId))).toEqual(new Set(['cse', 'it']));
  });

  it('fixes the vocabularies of SPEC.md §9', () => {
    expect(SEMESTERS).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(SEMESTERS.map(semesterLabel)).toEqual(['sem1', 'sem2', 'sem3', 'sem4', 'sem5', 'sem6', 'sem7', 'sem8']);
    expect(RESOURCE_TYPES).toEqual(['NOTES', 'PYQ', 'PRACTICAL']);
    expect(RESOURCE_TYPES.map((t) => RESOURCE_TYPE_NAMES[t])).toEqual(['Notes', 'Previous Year Papers', 'Practical Files']);
  });

  it('matches a branch query parameter case-insensitively', () => {
    expect(matchBranchId('CSE', DEFAULT_BRANCHES)).toBe('cse');
    expect(matchBranchId(' Ece ', DEFAULT_BRANCHES)).toBe('ece');
    expect(matchBranchId('civil', DEFAULT_BRANCHES)).toBeUndefined();
    expect(matchBranchId(null, DEFAULT_BRANCHES)).toBeUndefined();
  });
});

describe('routes', () => {
  it('builds branch card links with the id in lower case', () => {
    expect(filterResourcesHref('CSE')).toBe('/filter-resources?branch=cse');
  });

  it('links a resource type to the filter with the key the filter reads', () => {
    for (const type of RESOURCE_TYPES) {
      const href = new URL(filterResourcesOfTypeHref(type), 'http://x');
      expect(href.pathname).toBe('/filter-resources');
      const query = resourceListQuerySchema.parse(Object.fromEntries(href.searchParams));
      expect(query.resourceType).toBe(type);
    }
  });
});

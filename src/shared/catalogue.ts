import { describe, z } from './zod.js';

/**
 * The academic catalogue the product is built around. Branch and subject rows live in the
 * database (seeded from these constants by migration) so admins can extend them later; the
 * fixed vocabularies below (courses, semesters, types) are product rules, not data.
 */

export const COURSES = [{ id: 'btech', name: 'B.Tech' }] as const;
export type CourseId = (typeof COURSES)[number]['id'];

export const SEMESTERS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export const MIN_SEMESTER = 1;
export const MAX_SEMESTER = 8;

/** SPEC.md shows semesters as sem1 ... sem8. */
export function semesterLabel(semester: number): string {
  return `sem${semester}`;
}

export const RESOURCE_TYPES = ['NOTES', 'PYQ', 'PRACTICAL'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/** How each resource type reads in a select. */
export const RESOURCE_TYPE_LABELS: Record<ResourceType, string> = {
  NOTES: 'Notes',
  PYQ: 'Previous Year Questions (PYQ)',
  PRACTICAL: 'Practical',
};

/** How each resource type reads in a sentence or a link: "already in the library as ... (Notes, ...)". */
export const RESOURCE_TYPE_NAMES: Record<ResourceType, string> = {
  NOTES: 'Notes',
  PYQ: 'Previous Year Papers',
  PRACTICAL: 'Practical Files',
};

/** How each resource type reads on a card. */
export const RESOURCE_TYPE_SHORT: Record<ResourceType, string> = {
  NOTES: 'Notes',
  PYQ: 'PYQ',
  PRACTICAL: 'Practical',
};

/** Academic years are not fixed: they come from the calendar (academic-years.ts). */

/** Branch ids are lower case; they appear in URLs such as /filter-resources?branch=cse. */
export const BRANCH_ID_PATTERN = /^[a-z][a-z0-9-]{0,15}$/;
export const branchIdSchema = describe(
  z.string().check(z.regex(BRANCH_ID_PATTERN, 'Branch ids are short lower-case words')),
  'Lower-case branch id, for example "cse"',
);

export const branchSchema = z.object({
  id: branchIdSchema,
  name: describe(z.string(), 'Full name, for example "Computer Science"'),
  shortName: describe(z.string(), 'Abbreviation shown on cards, for example "CSE"'),
  description: z.string(),
});
export type Branch = z.infer<typeof branchSchema>;

export const subjectSchema = z.object({
  branchId: branchIdSchema,
  semester: z.number().check(z.int(), z.minimum(MIN_SEMESTER), z.maximum(MAX_SEMESTER)),
  name: z.string(),
});
export type Subject = z.infer<typeof subjectSchema>;

/** The six branches of SPEC.md §2, in the order the branch list shows them. */
export const DEFAULT_BRANCHES: readonly Branch[] = [
  {
    id: 'cse',
    shortName: 'CSE',
    name: 'Computer Science',
    description: 'Programming, algorithms, systems, networks and the theory of computation.',
  },
  {
    id: 'it',
    shortName: 'IT',
    name: 'Information Technology',
    description: 'Software, databases, web technologies and the infrastructure that runs them.',
  },
  {
    id: 'ee',
    shortName: 'EE',
    name: 'Electrical',
    description: 'Circuits, machines, power systems, control and measurement.',
  },
  {
    id: 'ece',
    shortName: 'ECE',
    name: 'Electronics',
    description: 'Devices, signals, communication systems and embedded hardware.',
  },
  {
    id: 'me',
    shortName: 'ME',
    name: 'Mechanical',
    description: 'Mechanics, thermodynamics, manufacturing and machine design.',
  },
  {
    id: 'ce',
    shortName: 'CE',
    name: 'Civil',
    description: 'Structures, surveying, geotechnics, transportation and water resources.',
  },
];

/** SPEC.md §3: two subjects per semester for the cse and it branches. */
const COMPUTING_SUBJECTS: Record<number, readonly [string, string]> = {
  1: ['Math', 'Physics'],
  2: ['Chemistry', 'Programming'],
  3: ['Data Structures', 'Algorithms'],
  4: ['Operating Systems', 'DBMS'],
  5: ['Computer Networks', 'Software Engineering'],
  6: ['Machine Learning', 'AI'],
  7: ['Cloud Computing', 'Big Data'],
  8: ['Cyber Security', 'Blockchain'],
};

export const DEFAULT_SUBJECTS: readonly Subject[] = ['cse', 'it'].flatMap((branchId) =>
  SEMESTERS.flatMap((semester) =>
    COMPUTING_SUBJECTS[semester]!.map((name) => ({ branchId, semester, name })),
  ),
);

/** Matches a branch query parameter (any case) to a known branch id. */
export function matchBranchId(
  value: string | null | undefined,
  branches: readonly Pick<Branch, 'id'>[],
): string | undefined {
  if (!value) return undefined;
  const wanted = value.trim().toLowerCase();
  return branches.find((branch) => branch.id === wanted)?.id;
}

import type { AdminUserListQuery } from '@shared/admin';
import type { ReportListQuery } from '@shared/report';
import type { RequestStatus } from '@shared/request';
import type { ResourceListQuery } from '@shared/resource';
import type { ProcessingJobListQuery } from '@shared/processing';

/*
 * Every TanStack Query key of the web app, in one place. The keys form a tree: invalidating a
 * prefix (resources.all) refreshes every answer under it, so a key that must follow uploads,
 * deletes and new titles (the class home) sits under 'resources' on purpose. Features build their
 * keys here rather than typing ['requests'] by hand, so two features that share a cache (an
 * upload that fulfils a request) name it the same way.
 */

const resources = ['resources'] as const;
const requests = ['requests'] as const;
const reports = ['reports'] as const;
const shelf = ['shelf'] as const;
const admin = ['admin'] as const;
const jobs = [...admin, 'jobs'] as const;

// One export per area rather than one object: the app shell (on every page) carries only the
// keys it uses, not the admin dashboard's.

/** The signed-in user (GET /api/auth/me); login, logout and profile changes write it. */
export const sessionKey = ['session'] as const;

export const catalogueKeys = {
  branches: ['catalogue', 'branches'] as const,
  subjects: (branch: string | undefined, semester: number | undefined) => ['catalogue', 'subjects', branch, semester] as const,
};

export const resourceKeys = {
  /** Everything about resources: an upload, a delete or a new title refreshes all of it. */
  all: resources,
  list: (query: Partial<ResourceListQuery>) => [...resources, 'list', query] as const,
  one: (id: string | null) => [...resources, 'one', id] as const,
  /** A paper's questions (the question bank). */
  questions: (id: string) => [...resources, 'questions', id] as const,
  /** Every paper's questions: a grouping by hand changes how often each was asked. */
  allQuestions: [...resources, 'questions'] as const,
  /** Papers related to a paper: other years of its exam, papers sharing its questions. */
  related: (id: string) => [...resources, 'related', id] as const,
  /** A subject's papers and most asked questions. */
  subject: (subject: string, filter: { section?: string; marks?: number }) => [...resources, 'subject', subject, filter] as const,
  /** A subject's page under every filter. */
  subjectAll: (subject: string) => [...resources, 'subject', subject] as const,
  /** The class home's sections: under 'resources' so any change to a file refreshes them. */
  home: [...resources, 'home'] as const,
  /** Files that could fulfil a request (the CR's "Link a resource" dialog). */
  candidates: (branch: string, semester: number, words: string) => [...resources, 'candidates', branch, semester, words] as const,
  /** What the library holds for a request being written ("These may be what you want"). */
  requestMatches: (search: string) => [...resources, 'request-matches', search] as const,
};

export const requestKeys = {
  /** Every cached answer about requests: a change to one request refreshes them all. */
  all: requests,
  mine: [...requests, 'mine'] as const,
  queue: (status: RequestStatus, page: number) => [...requests, 'queue', status, page] as const,
  one: (id: string | null) => [...requests, 'one', id] as const,
};

export const reportKeys = {
  /** Everything about reports; a new report or a status change refreshes all of it. */
  all: reports,
  inbox: (query: ReportListQuery) => [...reports, 'inbox', query] as const,
  mine: (page: number) => [...reports, 'mine', page] as const,
  one: (id: string) => [...reports, 'one', id] as const,
  /** The file a "Report this file" link names. */
  resource: (id: string | null) => [...reports, 'resource', id] as const,
};

export const shelfKeys = {
  all: shelf,
  ids: [...shelf, 'ids'] as const,
  list: [...shelf, 'list'] as const,
};

export const adminKeys = {
  /** Everything the dashboard caches; a role change or a deletion refreshes all of it. */
  all: admin,
  users: (query: AdminUserListQuery) => [...admin, 'users', query] as const,
  stats: [...admin, 'stats'] as const,
  adminRequests: [...admin, 'admin-requests'] as const,
  auditLog: (page: number) => [...admin, 'audit-log', page] as const,
  aliases: [...admin, 'aliases'] as const,
  nearDuplicates: [...admin, 'near-duplicates'] as const,
  jobs: {
    all: jobs,
    list: (status: ProcessingJobListQuery['status'], page: number) => [...jobs, status ?? 'open', page] as const,
  },
};

const corrections = ['corrections'] as const;
/** Suggested corrections (issue 36): the CR's or admin's queue by status. */
export const correctionKeys = {
  all: corrections,
  queue: (status: string) => [...corrections, 'queue', status] as const,
};

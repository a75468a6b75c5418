import type { SessionUser } from '../shared/account.js';
import type { RequestService } from '../server/modules/requests/request.service.js';
import type { ResourceService } from '../server/modules/resources/resource.service.js';

interface DemoRequest {
  by: string[];
  subject: string;
  academicYear: string;
  resourceType?: 'NOTES' | 'PYQ' | 'PRACTICAL';
  exam?: string;
  description: string;
  /** How the demo CR handled it; open when absent. */
  outcome?: { declined: string } | { fulfilledWith: { subject: string; resourceType: string } };
}

/**
 * What the demo class (CSE semester 3) asked for: an open queue for the demo CR, and a history.
 * Years count back from today (`ago(1)` is last academic year) so every request names a year
 * the request form offers, however late the demo is installed.
 */
const requests = (ago: (years: number) => string): DemoRequest[] => [
  {
    by: ['Sana Student', 'Aarav Mehta', 'Diya Sharma'],
    subject: 'Algorithms',
    academicYear: ago(1),
    resourceType: 'PYQ',
    exam: 'End-sem',
    description: 'The end-semester paper and the solutions to the sorting and graph questions, please.',
  },
  {
    by: ['Diya Sharma'],
    subject: 'Digital Logic Design',
    academicYear: ago(2),
    resourceType: 'PRACTICAL',
    description: 'Lab record with the K-map and flip-flop experiments.',
  },
  {
    by: ['Sana Student', 'Aarav Mehta'],
    subject: 'Data Structures',
    academicYear: ago(1),
    resourceType: 'PRACTICAL',
    description: 'Practical file with the linked list and tree programs.',
    outcome: { fulfilledWith: { subject: 'Data Structures', resourceType: 'PRACTICAL' } },
  },
  {
    by: ['Sana Student'],
    subject: 'Discrete Mathematics',
    academicYear: ago(3),
    description: `Question paper of the ${ago(3)} mid-semester exam.`,
    outcome: { declined: `Nobody kept the ${ago(3)} mid-semester paper. The ${ago(2)} papers are on their way.` },
  },
];

/**
 * Seeds the demo requests through the same service as a student's, so they merge, fulfil and
 * decline by the real rules. Run after the demo library exists (a request is fulfilled by one of
 * its resources).
 */
export async function seedDemoRequests(
  services: { requests: RequestService; resources: ResourceService },
  people: ReadonlyMap<string, SessionUser>,
  cr: SessionUser,
): Promise<number> {
  const offered = services.requests.offeredAcademicYears();
  const ago = (years: number) => offered[Math.min(years, offered.length - 1)]!;
  let count = 0;
  for (const item of requests(ago)) {
    let id = '';
    for (const name of item.by) {
      const student = people.get(name);
      if (!student) continue;
      const body = { course: 'btech', branch: 'cse', semester: 3, subject: item.subject, academicYear: item.academicYear, resourceType: item.resourceType, exam: item.exam, description: item.description };
      id = (await services.requests.create(student, body)).request.id;
    }
    if (!id) continue;
    count++;
    if (!item.outcome) continue;
    if ('declined' in item.outcome) {
      await services.requests.decline(cr, id, item.outcome.declined);
      continue;
    }
    const { subject, resourceType } = item.outcome.fulfilledWith;
    const candidates = await services.resources.list(cr, {
      branch: 'cse',
      semester: 3,
      q: subject,
      resourceType: resourceType as 'PRACTICAL',
      sort: 'newest',
      page: 1,
      pageSize: 1,
    });
    const resource = candidates.resources[0];
    if (resource) await services.requests.fulfilWithResource(cr, id, resource.id);
  }
  return count;
}

import { randomInt } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Role, SessionUser } from '../shared/account.js';
import type { AccountService } from '../server/modules/accounts/account.service.js';
import type { ReportService } from '../server/modules/reports/report.service.js';
import type { RequestService } from '../server/modules/requests/request.service.js';
import type { ResourceService } from '../server/modules/resources/resource.service.js';
import { inferExam } from '../shared/exam-inference.js';
import { requestUploadFieldsSchema } from '../shared/upload-fields.js';
import { demoClassmates, unusablePassword } from './demo-classmates.js';
import { demoLibrary, type DemoResource } from './demo-library.js';
import { seedDemoReports } from './demo-reports.js';
import { seedDemoRequests } from './demo-requests.js';
import { createDemoPdf } from './demo-pdf.js';

export interface DemoAccount {
  role: Role;
  name: string;
  email: string;
  password: string;
  branch?: string;
  semester?: number;
  academicSession?: string;
}

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)]!;

/**
 * A fresh random password for one demo account, such as `Kq7m-Xp3t-Rw9z-Hd4b`: four groups of
 * upper, lower, digit, lower (about 64 bits), easy to type from the console, always meeting the
 * password rules. A published password must never open a server (DESIGN.md §1), so none is fixed.
 */
export function randomDemoPassword(): string {
  return Array.from({ length: 4 }, () => pick(UPPER) + pick(LOWER) + pick(DIGITS) + pick(LOWER)).join('-');
}

/** The demo accounts seeded into an empty database, each with a new random password. */
export function demoAccounts(domain: string, password: () => string = randomDemoPassword): DemoAccount[] {
  return [
    { role: 'ADMIN', name: 'Asha Admin', email: `admin@${domain}`, password: password() },
    { role: 'CR', name: 'Chirag Rep', email: `cr@${domain}`, password: password(), branch: 'cse', semester: 3, academicSession: '2024-25' },
    { role: 'STUDENT', name: 'Sana Student', email: `student@${domain}`, password: password(), branch: 'cse', semester: 3, academicSession: '2024-25' },
  ];
}

/** A demo paper's exam, month and year, as its header names them ("End Semester Examination, May 2024"). */
export function demoExamFields(item: DemoResource): { exam?: string; examMonth?: number; examYear?: number } {
  if (item.resourceType !== 'PYQ' || !item.document.exam) return {};
  const { exam, examMonth, examYear } = inferExam(item.document.exam.name);
  return { ...(exam ? { exam } : {}), ...(examMonth ? { examMonth } : {}), ...(examYear ? { examYear } : {}) };
}

export interface SeedResult {
  accounts: DemoAccount[];
  /** Classmates nobody logs in as, so the admin dashboard has users to manage. */
  classmates: number;
  resources: number;
  requests: number;
  reports: number;
}

/**
 * Seeds demo accounts and a demo library when the database has no users yet (DEMO_DATA), so a
 * newcomer sees real cards and previews. The PDFs go through the same upload rules as a
 * student's file. An existing library is never touched.
 */
export async function seedDemoData(
  services: { accounts: AccountService; resources?: ResourceService; requests?: RequestService; reports?: ReportService },
  options: { domain: string; isEmpty: () => Promise<boolean> },
): Promise<SeedResult> {
  if (!(await options.isEmpty())) return { accounts: [], classmates: 0, resources: 0, requests: 0, reports: 0 };
  const created: DemoAccount[] = [];
  const users: Partial<Record<Role, SessionUser>> = {};
  const people = new Map<string, SessionUser>();
  for (const account of demoAccounts(options.domain)) {
    users[account.role] = await services.accounts.createVerifiedUser(account);
    people.set(account.name, users[account.role]!);
    created.push(account);
  }
  const classmates = demoClassmates(options.domain);
  for (const classmate of classmates) {
    const user = await services.accounts.createVerifiedUser({
      ...classmate,
      password: unusablePassword(),
      requestAdmin: classmate.requestsAdmin,
    });
    people.set(classmate.name, user);
  }
  let resources = 0;
  if (services.resources) {
    for (const item of demoLibrary()) {
      const uploader = item.uploader === 'admin' ? users.ADMIN! : users.CR!;
      const fields = {
        course: 'btech',
        branch: item.branch,
        semester: item.semester,
        subject: item.subject,
        resourceType: item.resourceType,
        academicYear: item.academicYear,
        ...demoExamFields(item),
      };
      const file = { stream: Readable.from([createDemoPdf(item.document)]), filename: item.originalName };
      // The demo library is history with fixed years (its documents are dated): they stay valid
      // after they leave the years the upload form offers, like a request's older year.
      const resource = await services.resources.upload(uploader, { fields: requestUploadFieldsSchema.parse(fields), file });
      if (item.downloads) await services.resources.setDownloadsForDemo(resource.id, item.downloads);
      resources++;
    }
  }
  const requests =
    services.resources && services.requests
      ? await seedDemoRequests({ requests: services.requests, resources: services.resources }, people, users.CR!)
      : 0;
  const reports = services.reports ? await seedDemoReports(services.reports, users.STUDENT!, users.ADMIN!) : 0;
  return { accounts: created, classmates: classmates.length, resources, requests, reports };
}

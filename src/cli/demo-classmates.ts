import { randomBytes } from 'node:crypto';
import type { DemoAccount } from './demo-data.js';

/** A demo classmate: like a demo account, but nobody logs in as them (random password). */
export interface DemoClassmate extends Omit<DemoAccount, 'password'> {
  /** Signed up asking for admin access, so the dashboard shows a pending request. */
  requestsAdmin?: boolean;
}

const PEOPLE: readonly [name: string, branch: string, semester: number, session: string][] = [
  ['Aarav Mehta', 'cse', 3, '2024-25'],
  ['Diya Sharma', 'cse', 3, '2024-25'],
  ['Kabir Singh', 'cse', 5, '2023-24'],
  ['Meera Iyer', 'cse', 1, '2025-26'],
  ['Rohan Das', 'it', 3, '2024-25'],
  ['Ishita Rao', 'it', 5, '2023-24'],
  ['Vivaan Gupta', 'it', 7, '2022-23'],
  ['Ananya Nair', 'ee', 2, '2025-26'],
  ['Arjun Reddy', 'ee', 4, '2024-25'],
  ['Saanvi Joshi', 'ece', 3, '2024-25'],
  ['Kiran Patel', 'ece', 6, '2023-24'],
  ['Nisha Verma', 'me', 1, '2025-26'],
  ['Farhan Ali', 'me', 5, '2023-24'],
  ['Pooja Kulkarni', 'ce', 3, '2024-25'],
  ['Tanvi Bose', 'ce', 7, '2022-23'],
  ['Yash Malhotra', 'cse', 7, '2022-23'],
  ['Zara Khan', 'it', 1, '2025-26'],
  ['Dev Chatterjee', 'ece', 8, '2022-23'],
];

/** Enough classmates that the admin dashboard has pages, tabs and branch counts to show. */
export function demoClassmates(domain: string): DemoClassmate[] {
  const classmates: DemoClassmate[] = PEOPLE.map(([name, branch, semester, academicSession], index) => ({
    // Every fourth one (outside the demo class, whose CR seats the demo CR shares) is a CR.
    role: index % 4 === 2 ? 'CR' : 'STUDENT',
    name,
    email: `${name.toLowerCase().replace(/\s+/g, '.')}@${domain}`,
    branch,
    semester,
    academicSession,
  }));
  classmates.push({
    role: 'STUDENT',
    name: 'Neel Kapoor',
    email: `neel.kapoor@${domain}`,
    branch: 'cse',
    semester: 8,
    academicSession: '2022-23',
    requestsAdmin: true,
  });
  return classmates;
}

/** A password nobody knows that still meets the account rules (upper, lower, digit). */
export function unusablePassword(): string {
  return `Aa1${randomBytes(18).toString('base64url')}`;
}

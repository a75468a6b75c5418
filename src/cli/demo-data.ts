import type { Role } from '../shared/account.js';
import type { AccountService } from '../server/modules/accounts/account.service.js';

export interface DemoAccount {
  role: Role;
  name: string;
  email: string;
  password: string;
  branch?: string;
  semester?: number;
  academicSession?: string;
}

/** The demo accounts seeded into an empty database; README.md lists them. */
export function demoAccounts(domain: string): DemoAccount[] {
  return [
    { role: 'ADMIN', name: 'Asha Admin', email: `admin@${domain}`, password: 'ShelfAdmin2024' },
    { role: 'CR', name: 'Chirag Rep', email: `cr@${domain}`, password: 'ShelfRep2024', branch: 'cse', semester: 3, academicSession: '2024-25' },
    { role: 'STUDENT', name: 'Sana Student', email: `student@${domain}`, password: 'ShelfStudent2024', branch: 'cse', semester: 3, academicSession: '2024-25' },
  ];
}

/**
 * Seeds demo accounts when the database has no users yet (DEMO_DATA). Returns the accounts
 * created so the caller can print them; an existing library is never touched.
 */
export async function seedDemoData(
  accounts: AccountService,
  options: { domain: string; isEmpty: () => Promise<boolean> },
): Promise<DemoAccount[]> {
  if (!(await options.isEmpty())) return [];
  const created: DemoAccount[] = [];
  for (const account of demoAccounts(options.domain)) {
    await accounts.createVerifiedUser(account);
    created.push(account);
  }
  return created;
}

import type { SessionUser } from '../../../shared/account.js';
import type { AccountRepository } from './account.repository.js';
import { toSessionUser } from './account.service.js';

/** Finds an account for another module's tool: by address, or without one the first administrator. */
export type AccountLookup = (email?: string) => Promise<SessionUser | undefined>;

/** The accounts module's read interface for tools run as an account (the archive import's uploader). */
export function accountLookup(accounts: Pick<AccountRepository, 'findByEmail' | 'findFirstAdmin'>): AccountLookup {
  return async (email) => {
    const row = email ? await accounts.findByEmail(email.trim().toLowerCase()) : await accounts.findFirstAdmin();
    return row && toSessionUser(row);
  };
}

import type { UnitOfWorkTx } from '../../db/unit-of-work.js';
import { AccountRepository } from './account.repository.js';

/**
 * What another module may do to accounts inside its own unit of work: the admin dashboard
 * changes roles and CR seats, ends sessions and deletes accounts, in the same transaction as its audit entry.
 */
export type AccountChanges = Pick<AccountRepository, 'findById' | 'claimSeat' | 'countSeats' | 'setRole' | 'deleteUserRows' | 'endSessions'>;

export function accountChangesOn(tx: UnitOfWorkTx): AccountChanges {
  return new AccountRepository(tx);
}

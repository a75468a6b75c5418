import { crCapMessage } from '../../../shared/account.js';
import type { Executor } from '../../db/unit-of-work.js';
import { conflict } from '../../http/http-error.js';
import { AuditLogRepository } from '../audit/audit-log.repository.js';
import { AccountRepository, type UserProfileRow } from './account.repository.js';

export interface SavedProfile {
  name: string;
  branch: string;
  semester: number | null;
  academicSession: string;
  /** The term this save settles the semester for (decision 040). */
  semesterConfirmedTerm: string;
}

/**
 * Saves a user's profile inside the caller's transaction (account settings, the new term's
 * answer). A CR who changes class gives up the old seat and takes one in the new class under
 * the cap, by the same atomic insert as verification: when the new class is full, the caller's
 * transaction rolls back and the old seat is kept. A class change is audited.
 */
export async function saveProfile(tx: Executor, current: UserProfileRow, profile: SavedProfile, crCap: number, at: string): Promise<void> {
  const [accounts, audit] = [new AccountRepository(tx), new AuditLogRepository(tx)];
  const { branch, semester } = profile;
  const classChanged = current.branch !== branch || current.semester !== semester;
  if (classChanged && current.role === 'CR') {
    await accounts.releaseSeat(current.id);
    if (!semester || !(await accounts.claimSeat(branch, semester, current.id, crCap, at))) {
      const count = semester ? await accounts.countSeats(branch, semester) : 0;
      throw conflict(crCapMessage(crCap, semester ?? 0, count), { code: 'CR_CAP_REACHED', field: 'semester' });
    }
  }
  await accounts.updateProfile(current.id, profile, at);
  if (!classChanged) return;
  await audit.insert({
    actor: { id: current.id, name: profile.name },
    action: 'user.class_change',
    targetType: 'user',
    targetId: current.id,
    summary: `${profile.name} (${current.email}, ${current.role}) moved from ${classLabel(current.branch, current.semester)} to ${classLabel(branch, semester)}`,
    before: { branch: current.branch, semester: current.semester },
    after: { branch, semester },
  });
}

function classLabel(branch: string, semester: number | null): string {
  return branch && semester ? `${branch.toUpperCase()} semester ${semester}` : 'no class';
}

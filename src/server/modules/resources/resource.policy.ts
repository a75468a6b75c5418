import type { SessionUser } from '../../../shared/account.js';
import { can } from '../../../shared/permissions.js';

type Editor = Pick<SessionUser, 'id' | 'role'>;

/**
 * Who may change a resource's description (its title): the account that uploaded it, and
 * administrators, who look after the whole library. Other CRs may not, even of the same class.
 */
export function canEditResource(user: Editor, resource: { uploaded_by: string | null }): boolean {
  if (can(user.role, 'editAllResources')) return true;
  return resource.uploaded_by !== null && resource.uploaded_by === user.id;
}

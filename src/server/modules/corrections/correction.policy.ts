import type { SessionUser } from '../../../shared/account.js';
import { can } from '../../../shared/permissions.js';

type Handler = Pick<SessionUser, 'role' | 'branch' | 'semester'>;

/**
 * Who handles a suggested correction: administrators any, a CR those of their own class's
 * resources (branch and semester), as with requests: the class they represent.
 */
export function canHandleCorrection(user: Handler, resource: { branch: string; semester: number }): boolean {
  const scope = correctionScope(user);
  if (!scope) return false;
  return (scope.branch === undefined || scope.branch === resource.branch) && (scope.semester === undefined || scope.semester === Number(resource.semester));
}

/** The part of the queue a user sees: undefined = none, {} = every class, else one class. */
export function correctionScope(user: Handler): { branch?: string; semester?: number } | undefined {
  if (can(user.role, 'handleAllRequests')) return {};
  if (can(user.role, 'handleRequests')) return { branch: user.branch, semester: user.semester };
  return undefined;
}

import type { SessionUser } from '../../../shared/account.js';
import { can } from '../../../shared/permissions.js';

type Viewer = Pick<SessionUser, 'role' | 'branch' | 'semester'>;
type RequestClass = { branch: string; semester: number };

/**
 * Who may fulfil or decline a request: administrators any, a CR only those of their own class
 * (branch and semester), because that is the class they represent.
 */
export function canHandleRequest(user: Viewer, request: RequestClass): boolean {
  if (can(user.role, 'handleAllRequests')) return true;
  return can(user.role, 'handleRequests') && user.branch === request.branch && user.semester === request.semester;
}

/** Who may read a request: the students who want it, and whoever may handle it. */
export function canSeeRequest(user: Viewer, request: RequestClass, wantsIt: boolean): boolean {
  return wantsIt || canHandleRequest(user, request);
}

/** The part of the queue a user works on: undefined = none, {} = everything, else one class. */
export function queueScope(user: Viewer): Partial<RequestClass> | undefined {
  if (can(user.role, 'handleAllRequests')) return {};
  if (can(user.role, 'handleRequests')) return { branch: user.branch, semester: user.semester };
  return undefined;
}

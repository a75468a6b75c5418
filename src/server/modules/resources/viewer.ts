import type { SessionUser } from '../../../shared/account.js';
import { can } from '../../../shared/permissions.js';

/**
 * Everything about the signed-in user that changes how a resource is shown, derived once from
 * the user. The presenter reads nothing else of the user, and remembered answers are keyed by
 * the same value (sharedViewerKey), so a key cannot leave out something the answer depends on.
 */
export interface Viewer {
  /** Reads "you" on the resources they uploaded. */
  readonly id: string;
  /** Sees who uploaded each resource by name (admins). */
  readonly seesUploaderNames: boolean;
  /** Their class, for "by your CR". */
  readonly branch: string;
  readonly semester: number;
}

export function viewerOf(user: SessionUser): Viewer {
  return { id: user.id, seesUploaderNames: can(user.role, 'seeUploaderNames'), branch: user.branch, semester: user.semester };
}

/**
 * What viewers who may share an answer have in common: every field but the id, which matters only
 * on rows the viewer uploaded (an answer holding one is kept under the viewer's own key).
 */
export function sharedViewerKey(viewer: Viewer): string {
  // JSON leaves out an undefined field: a field added to Viewer joins the key by itself.
  return JSON.stringify({ ...viewer, id: undefined });
}

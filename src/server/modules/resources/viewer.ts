import type { SessionUser } from '../../../shared/account.js';
import { can } from '../../../shared/permissions.js';

/**
 * Everything about the signed-in user that changes how a resource is shown, derived once from
 * the user: the presenter reads nothing else of the user.
 */
export interface Viewer {
  /** Reads "you" on the resources they uploaded. */
  readonly id: string;
  /** Sees who uploaded each resource by name (admins). */
  readonly seesUploaderNames: boolean;
  /** Edits every resource (admins): told which past papers lack their exam. Presentation only. */
  readonly editsAllResources: boolean;
  /** Their class, for "by your CR". */
  readonly branch: string;
  readonly semester: number;
}

export function viewerOf(user: SessionUser): Viewer {
  return {
    id: user.id,
    seesUploaderNames: can(user.role, 'seeUploaderNames'),
    editsAllResources: can(user.role, 'editAllResources'),
    branch: user.branch,
    semester: user.semester,
  };
}

/**
 * Which columns a viewer's rows are read with: the only part of the viewer a cached list page
 * (resource-list.ts) is read for, and so the only part its key holds.
 */
export type RowShape = 'with-uploader-names' | 'plain';

export function rowShapeOf(viewer: Viewer): RowShape {
  return viewer.seesUploaderNames ? 'with-uploader-names' : 'plain';
}

import { RESOURCE_TYPE_NAMES, type ResourceType } from '../../../shared/catalogue.js';
import type { SessionUser } from '../../../shared/account.js';
import { resourceThumbnailUrl, type Resource, type UploaderKind } from '../../../shared/resource.js';
import type { ResourceTeaser } from '../../../shared/resource-teaser.js';
import type { NewAuditEntry } from '../audit/audit-log.repository.js';
import type { ResourceRow } from './resource.repository.js';
import type { Viewer } from './viewer.js';

/**
 * A row as `viewer` sees it: `uploadedByName` only for those who may see names (admins), and
 * `uploader` relative to them ("by your CR"). Without a viewer (the audit log's record), neither.
 */
export function presentResource(row: ResourceRow, viewer?: Viewer): Resource {
  return {
    id: row.id,
    fileName: row.file_name,
    originalName: row.original_name,
    title: row.title || row.subject,
    subject: row.subject,
    semester: row.semester,
    resourceType: row.resource_type as Resource['resourceType'],
    course: row.course,
    branch: row.branch,
    academicYear: row.academic_year,
    exam: row.exam ?? null,
    examMonth: row.exam_month === null || row.exam_month === undefined ? null : Number(row.exam_month),
    examYear: row.exam_year === null || row.exam_year === undefined ? null : Number(row.exam_year),
    // Told only to who can set it: to anyone else a paper without its exam is just a paper.
    ...(row.resource_type === 'PYQ' && !row.exam && viewer && canSetExam(row, viewer) ? { examNotSet: true } : {}),
    downloads: Number(row.downloads),
    fileSize: row.file_size_mb,
    sizeBytes: Number(row.size_bytes),
    pageCount: row.page_count,
    uploadedBy: row.uploaded_by,
    ...(viewer?.seesUploaderNames ? { uploadedByName: row.uploaded_by_name ?? null } : {}),
    uploader: uploaderKind(row, viewer),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    scanned: Boolean(row.scanned),
    beingRead: Boolean(row.being_read),
    thumbnailUrl: thumbnailUrlOf(row.id, row.thumbnail_key),
    pageImages: pageImagesOf(row),
  };
}

function canSetExam(row: ResourceRow, viewer: Viewer): boolean {
  return viewer.editsAllResources || (row.uploaded_by !== null && row.uploaded_by === viewer.id);
}

/** A resource as a signed-out holder of its link may see it (resourceTeaserResponseSchema): title and type only. */
export function presentTeaser(row: ResourceRow): ResourceTeaser {
  return { title: row.title || row.subject, resourceType: row.resource_type as ResourceType };
}

/**
 * Who uploaded a resource, relative to the viewer: themselves, a CR of their class (branch and
 * semester), another CR, or an admin. Roles are the uploader's current ones; a CR made a student
 * since, or a deleted account, says nothing (null).
 */
function uploaderKind(row: ResourceRow, viewer: Viewer | undefined): UploaderKind | null {
  if (!row.uploaded_by) return null;
  if (viewer && row.uploaded_by === viewer.id) return 'you';
  if (row.uploader_role === 'ADMIN') return 'admin';
  if (row.uploader_role !== 'CR') return null;
  return viewer && row.uploader_branch === viewer.branch && Number(row.uploader_semester) === viewer.semester ? 'your-cr' : 'cr';
}

/**
 * The address of a resource's first-page image, or null before processing made one. The stored
 * key changes whenever the image is remade, so it versions the long-cached address.
 */
export function thumbnailUrlOf(id: string, thumbnailKey: string | null): string | null {
  return thumbnailKey ? resourceThumbnailUrl(id, thumbnailKey.slice(-12)) : null;
}

/**
 * How many pages have preview images, their version (the set's key changes when they are remade,
 * so it versions the long-cached addresses) and page 1's size; null when there are none.
 */
export function pageImagesOf(row: Pick<ResourceRow, 'page_image_key' | 'page_image_count' | 'page_image_width' | 'page_image_height'>): Resource['pageImages'] {
  const count = Number(row.page_image_count ?? 0);
  if (!row.page_image_key || count < 1 || !row.page_image_width || !row.page_image_height) return null;
  return { count, version: row.page_image_key.slice(-12), width: Number(row.page_image_width), height: Number(row.page_image_height) };
}

/** '"Data Structures" (Notes, sem3, CSE, 2024-25)': how a message names an existing resource. */
export function describeResource(row: Pick<ResourceRow, 'subject' | 'resource_type' | 'semester' | 'branch' | 'academic_year'>): string {
  const type = RESOURCE_TYPE_NAMES[row.resource_type as ResourceType] ?? row.resource_type;
  return `"${row.subject}" (${type}, sem${row.semester}, ${row.branch.toUpperCase()}, ${row.academic_year})`;
}

/** The audit log's record of an admin giving a resource a new title. */
export function retitleAuditEntry(actor: Pick<SessionUser, 'id' | 'name'>, row: ResourceRow, title: string): NewAuditEntry {
  return {
    actor: { id: actor.id, name: actor.name },
    action: 'resource.retitle',
    targetType: 'resource',
    targetId: row.id,
    summary: `Retitled resource ${describeResource(row)}: "${title}"`,
    before: { title: row.title },
    after: { title },
  };
}

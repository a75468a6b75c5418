import type { ResourceRequest } from '../../../shared/request.js';
import type { ResourceType } from '../../../shared/catalogue.js';
import { thumbnailUrlOf } from '../resources/resource.presenter.js';
import type { RequestView, ResourceMatch } from './request.repository.js';

/** How many uploads that may fulfil an open request a list shows with it. */
export const MATCHES_SHOWN = 3;

/** A request row as the API shows it; `matches` only where lists ask for them. */
export function presentRequest(view: RequestView, matches?: readonly ResourceMatch[]): ResourceRequest {
  return {
    id: view.id,
    course: view.course,
    branch: view.branch,
    semester: view.semester,
    subject: view.subject,
    academicYear: view.academic_year,
    resourceType: (view.resource_type || null) as ResourceType | null,
    exam: view.exam || null,
    description: view.description,
    status: view.status,
    supporters: Number(view.supporters ?? 0),
    requestedByName: view.requested_by_name,
    supportedByMe: !!view.supported_by_viewer,
    declineReason: view.decline_reason,
    decidedByName: view.decided_by_name,
    decidedAt: view.decided_at,
    resource:
      view.resource_id && view.fulfilled_subject
        ? {
            id: view.resource_id,
            subject: view.fulfilled_subject,
            resourceType: view.fulfilled_type as ResourceType,
            academicYear: view.fulfilled_year ?? '',
            thumbnailUrl: thumbnailUrlOf(view.resource_id, view.fulfilled_thumbnail_key),
          }
        : null,
    ...(matches
      ? {
          matches: matches.slice(0, MATCHES_SHOWN).map((m) => ({
            id: m.id,
            subject: m.subject,
            resourceType: m.resource_type as ResourceType,
            academicYear: m.academic_year,
            thumbnailUrl: thumbnailUrlOf(m.id, m.thumbnail_key),
          })),
        }
      : {}),
    createdAt: view.created_at,
  };
}

import type { ResourceRequest } from '../../../shared/request.js';
import type { ResourceType } from '../../../shared/catalogue.js';
import { thumbnailUrlOf } from '../resources/resource.presenter.js';
import type { RequestView } from './request.repository.js';

/** A request row as the API shows it. */
export function presentRequest(view: RequestView): ResourceRequest {
  return {
    id: view.id,
    course: view.course,
    branch: view.branch,
    semester: view.semester,
    subject: view.subject,
    academicYear: view.academic_year,
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
    createdAt: view.created_at,
  };
}

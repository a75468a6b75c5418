import type { Correction, CorrectionKind } from '../../../shared/correction.js';
import type { CorrectionView } from './correction.repository.js';

export function presentCorrection(row: CorrectionView): Correction {
  return {
    id: row.id,
    resource: {
      id: row.resource_id,
      title: row.title || row.subject,
      subject: row.subject,
      branch: row.branch,
      semester: Number(row.semester),
      resourceType: row.resource_type,
      academicYear: row.academic_year,
    },
    kind: row.kind as CorrectionKind,
    proposed: row.proposed,
    note: row.note,
    status: row.status,
    suggestedByName: row.suggested_by_name,
    decidedByName: row.decided_by_name,
    createdAt: row.created_at,
    decidedAt: row.decided_at,
    decisionReason: row.decision_reason,
  };
}

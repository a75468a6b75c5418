import type { SessionUser } from '../../../shared/account.js';
import type { ResourceType } from '../../../shared/catalogue.js';
import { can } from '../../../shared/permissions.js';
import { EXAM_MESSAGES } from '../../../shared/exam-fields.js';
import { RESOURCE_MESSAGES, type Resource } from '../../../shared/resource.js';
import type { ResourceEdit } from '../../../shared/resource-edit.js';
import { generatedFileName } from '../../../shared/upload-fields.js';
import { badRequest, forbidden } from '../../http/http-error.js';
import type { Executor, UnitOfWork } from '../../db/unit-of-work.js';
import { systemClock, type Clock } from '../../system/clock.js';
import { AuditLogRepository, type NewAuditEntry } from '../audit/audit-log.repository.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { PageZeroRepository } from '../search/index.js';
import { ResourceEditRepository } from './resource-edit.repository.js';
import { notFound } from './resource-errors.js';
import { canEditResource } from './resource.policy.js';
import { describeResource, presentResource, retitleAuditEntry } from './resource.presenter.js';
import type { ResourceRepository, ResourceRow } from './resource.repository.js';

/** A resource's descriptive fields, as the API names them. */
export interface ResourceFields {
  title: string;
  subject: string;
  semester: number;
  resourceType: string;
  branch: string;
  academicYear: string;
  exam: string | null;
  examMonth: number | null;
  examYear: number | null;
}
type FieldName = keyof ResourceFields;
const FIELD_NAMES: readonly FieldName[] = ['title', 'subject', 'semester', 'resourceType', 'branch', 'academicYear', 'exam', 'examMonth', 'examYear'];
const EXAM_FIELDS = ['exam', 'examMonth', 'examYear'] as const;

/** What an edit changes: the fields before and after (only those that change), and the row's new values. */
export interface EditPlan {
  changed: FieldName[];
  before: Partial<ResourceFields>;
  after: Partial<ResourceFields>;
  next: ResourceFields;
}

export function fieldsOf(row: ResourceRow): ResourceFields {
  // As the API shows them (presentResource), so before and after read like the resource.
  const { title, subject, semester, resourceType, branch, academicYear, exam, examMonth, examYear } = presentResource(row);
  return { title, subject, semester: Number(semester), resourceType, branch, academicYear, exam, examMonth, examYear };
}

/**
 * The row's fields with `changes` laid over them (resource-edit.ts says how the exam fields
 * follow the type). Only a past paper keeps an exam, as at upload.
 */
export function planEdit(row: ResourceRow, changes: ResourceEdit): EditPlan {
  const current = fieldsOf(row);
  const next: ResourceFields = { ...current };
  for (const name of ['title', 'subject', 'semester', 'resourceType', 'branch', 'academicYear'] as const) {
    const value = changes[name];
    if (value !== undefined) (next as unknown as Record<string, unknown>)[name] = value;
  }
  for (const name of EXAM_FIELDS) {
    if (changes.resourceType !== undefined || changes[name] !== undefined) (next as unknown as Record<string, unknown>)[name] = changes[name] ?? null;
  }
  if (next.resourceType !== 'PYQ') Object.assign(next, { exam: null, examMonth: null, examYear: null });
  if (next.examMonth !== null && next.examYear === null) throw badRequest(EXAM_MESSAGES.yearWithMonth, { field: 'examYear' });
  const changed = FIELD_NAMES.filter((name) => next[name] !== current[name]);
  const pick = (fields: ResourceFields) => Object.fromEntries(changed.map((name) => [name, fields[name]])) as Partial<ResourceFields>;
  return { changed, before: pick(current), after: pick(next), next };
}

/** The audit log's record of an edit; `how` says what made it ("from a suggested correction"). */
export function editAuditEntry(actor: Pick<SessionUser, 'id' | 'name'>, row: ResourceRow, plan: EditPlan, how = ''): NewAuditEntry {
  const what = plan.changed.map((name) => `${name} ${String(plan.before[name] ?? '-')} -> ${String(plan.after[name] ?? '-')}`).join(', ');
  return {
    actor: { id: actor.id, name: actor.name },
    action: 'resource.edit',
    targetType: 'resource',
    targetId: row.id,
    summary: `Edited resource ${describeResource(row)}${how}: ${what}`,
    before: plan.before,
    after: plan.after,
  };
}

/**
 * Writes a planned edit on `tx`: the fields (and the generated file name they make), page 0 that
 * search matches, and, when the subject or type changes, processing again so the question bank
 * groups the paper under its new subject. False when the resource is gone.
 */
export async function writeEdit(tx: Executor, row: ResourceRow, plan: EditPlan, at: string): Promise<boolean> {
  const { next } = plan;
  const pageZero = await new ResourceEditRepository(tx).setFields(
    row.id,
    {
      title: next.title,
      subject: next.subject,
      semester: next.semester,
      resource_type: next.resourceType,
      branch: next.branch,
      academic_year: next.academicYear,
      exam: next.exam,
      exam_month: next.examMonth,
      exam_year: next.examYear,
      file_name: generatedFileName({ ...next, resourceType: next.resourceType as ResourceType, exam: undefined, examMonth: undefined, examYear: undefined, course: row.course }),
    },
    at,
  );
  if (!pageZero) return false;
  await new PageZeroRepository(tx).update(pageZero);
  if (plan.changed.includes('subject') || plan.changed.includes('resourceType')) await new ResourceEditRepository(tx).requeueProcessing(row.id, at);
  return true;
}

/**
 * Editing every field of a resource (issue 36): its uploader and admins (resource.policy.ts), with
 * the upload's checks. Admins' edits are audited, as are anyone's changes beyond the title (the
 * labels every student filters by). Lists and answers cached by write version see it at once.
 */
export class ResourceEditService {
  constructor(
    private readonly repository: ResourceRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly catalogue: CatalogueService,
    private readonly present: (user: SessionUser, id: string) => Promise<Resource>,
    private readonly clock: Clock = systemClock,
  ) {}

  /** A resource's stored row, for another module that edits through this one (corrections). */
  findRow(id: string): Promise<ResourceRow | undefined> {
    return this.repository.findById(id);
  }

  async edit(user: SessionUser, id: string, changes: ResourceEdit): Promise<Resource> {
    const row = await this.findRow(id);
    if (!row) throw notFound();
    if (!canEditResource(user, row)) throw forbidden(RESOURCE_MESSAGES.editForbidden);
    const plan = await this.plan(row, changes);
    if (plan.changed.length) {
      const audit = this.auditOf(user, row, plan);
      const written = await this.unitOfWork(async (tx) => {
        if (!(await writeEdit(tx, row, plan, this.clock().toISOString()))) return false;
        if (audit) await new AuditLogRepository(tx).insert(audit);
        return true;
      });
      if (!written) throw notFound();
    }
    return this.present(user, id);
  }

  /** planEdit, with the branch checked against the catalogue as at upload. */
  async plan(row: ResourceRow, changes: ResourceEdit): Promise<EditPlan> {
    const plan = planEdit(row, changes);
    if (plan.changed.includes('branch')) {
      const branches = await this.catalogue.listBranches();
      if (!branches.some((b) => b.id === plan.next.branch)) throw badRequest('Please choose one of the listed branches', { field: 'branch' });
    }
    return plan;
  }

  private auditOf(user: SessionUser, row: ResourceRow, plan: EditPlan): NewAuditEntry | undefined {
    const titleOnly = plan.changed.length === 1 && plan.changed[0] === 'title';
    // A title is the uploader's own wording; an admin's retitle keeps its entry of old (resource.retitle).
    if (titleOnly) return can(user.role, 'editAllResources') ? retitleAuditEntry(user, row, plan.next.title) : undefined;
    return editAuditEntry(user, row, plan);
  }
}

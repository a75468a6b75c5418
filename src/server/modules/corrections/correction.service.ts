import { randomUUID } from 'node:crypto';
import type { SessionUser } from '../../../shared/account.js';
import {
  CORRECTION_MESSAGES,
  PROPOSED_FIELD,
  correctionKindLabel,
  type Correction,
  type CorrectionStatus,
  type CreateCorrection,
} from '../../../shared/correction.js';
import type { ResourceEdit } from '../../../shared/resource-edit.js';
import type { Config } from '../../config.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { conflict, forbidden, notFound as notFoundError, tooManyRequests } from '../../http/http-error.js';
import { sendQuietly, type Mailer } from '../../mail/mailer.js';
import { systemClock, type Clock } from '../../system/clock.js';
import type { RateLimiter, RateLimitRule } from '../accounts/rate-limiter.js';
import { AuditLogRepository } from '../audit/audit-log.repository.js';
import { describeResource } from '../resources/resource.presenter.js';
import { editAuditEntry, writeEdit, type ResourceEditService } from '../resources/resource-edit.service.js';
import { notFound as resourceNotFound } from '../resources/resource-errors.js';
import { correctionAcceptedMail } from './correction-mails.js';
import { canHandleCorrection, correctionScope } from './correction.policy.js';
import { presentCorrection } from './correction.presenter.js';
import { CorrectionRepository, type CorrectionView } from './correction.repository.js';

/** How many corrections a queue shows (open ones are few; a class's CRs clear them). */
const QUEUE_LIMIT = 100;

/**
 * Suggested corrections (issue 36): anyone signed in suggests; the resource's class's CRs and the
 * admins accept (the change applied with the edit's own checks, audited, in the same
 * transaction that closes the correction) or dismiss. The student is told by mail on accept.
 */
export class CorrectionService {
  constructor(
    private readonly repository: CorrectionRepository,
    private readonly edits: ResourceEditService,
    private readonly unitOfWork: UnitOfWork,
    private readonly mailer: Mailer,
    private readonly config: Config,
    private readonly limiter: RateLimiter,
    private readonly limit: RateLimitRule,
    private readonly clock: Clock = systemClock,
  ) {}

  async suggest(user: SessionUser, resourceId: string, fields: CreateCorrection): Promise<Correction> {
    const resource = await this.edits.findRow(resourceId);
    if (!resource) throw resourceNotFound();
    // Counted in the database, so parallel posts and other instances share it (as requests do).
    const hit = await this.limiter.take(`correction:user:${user.id}`, this.limit);
    if ('retryAfterSeconds' in hit) {
      throw tooManyRequests(CORRECTION_MESSAGES.tooMany, { code: 'TOO_MANY_CORRECTIONS', retryAfterSeconds: hit.retryAfterSeconds });
    }
    const field = PROPOSED_FIELD[fields.kind as keyof typeof PROPOSED_FIELD];
    const id = randomUUID();
    await this.repository.insert({
      id,
      resource_id: resourceId,
      suggested_by: user.id,
      kind: fields.kind,
      proposed: field ? String(fields[field]) : null,
      note: fields.note ?? null,
      status: 'open',
      decided_by_name: null,
      decided_at: null,
      created_at: this.clock().toISOString(),
    });
    return presentCorrection(await this.findView(id));
  }

  /** The queue of whoever asks: a CR's class, or every class for admins. */
  async list(user: SessionUser, status: CorrectionStatus): Promise<Correction[]> {
    const scope = correctionScope(user);
    if (!scope) throw forbidden(CORRECTION_MESSAGES.notYourClass);
    return (await this.repository.list(status, scope, QUEUE_LIMIT)).map(presentCorrection);
  }

  /**
   * Applies the proposed value as an edit (the same plan and checks as PATCH /api/resources/:id)
   * and closes the correction, both in one transaction with the audit entry; then mails the student.
   */
  async accept(user: SessionUser, id: string): Promise<{ correction: Correction; mailed: boolean }> {
    const view = await this.openFor(user, id);
    const resource = await this.edits.findRow(view.resource_id);
    if (!resource) throw notFound();
    const field = PROPOSED_FIELD[view.kind as keyof typeof PROPOSED_FIELD];
    const changes = (field && view.proposed !== null ? { [field]: view.proposed } : {}) as ResourceEdit;
    const plan = await this.edits.plan(resource, changes);
    const at = this.clock().toISOString();
    const how = ` from a suggested correction (${correctionKindLabel(view.kind as Correction['kind'])})`;
    await this.unitOfWork(async (tx) => {
      if (!(await new CorrectionRepository(tx).closeIfOpen(id, 'accepted', user.name, at))) throw closed();
      const audit = new AuditLogRepository(tx);
      if (plan.changed.length) {
        if (!(await writeEdit(tx, resource, plan, at))) throw notFound();
        await audit.insert(editAuditEntry(user, resource, plan, how));
      }
      await audit.insert({
        actor: { id: user.id, name: user.name },
        action: 'correction.accept',
        targetType: 'resource',
        targetId: resource.id,
        summary: `Accepted a correction of ${describeResource(resource)}: ${correctionKindLabel(view.kind as Correction['kind'])}${view.proposed ? ` (${view.proposed})` : ''}`,
        after: { correction: id, kind: view.kind, proposed: view.proposed },
      });
    });
    const correction = presentCorrection(await this.findView(id));
    const to = view.suggested_by_email && view.suggested_by_name ? { name: view.suggested_by_name, email: view.suggested_by_email } : undefined;
    const mailed = to ? await sendQuietly(this.mailer, correctionAcceptedMail(this.config, to, correction, user.name)) : true;
    return { correction, mailed };
  }

  async dismiss(user: SessionUser, id: string): Promise<Correction> {
    const view = await this.openFor(user, id);
    await this.unitOfWork(async (tx) => {
      if (!(await new CorrectionRepository(tx).closeIfOpen(id, 'dismissed', user.name, this.clock().toISOString()))) throw closed();
      await new AuditLogRepository(tx).insert({
        actor: { id: user.id, name: user.name },
        action: 'correction.dismiss',
        targetType: 'resource',
        targetId: view.resource_id,
        summary: `Dismissed a correction of "${view.title || view.subject}": ${correctionKindLabel(view.kind as Correction['kind'])}`,
        after: { correction: id, kind: view.kind, proposed: view.proposed },
      });
    });
    return presentCorrection(await this.findView(id));
  }

  private async openFor(user: SessionUser, id: string): Promise<CorrectionView> {
    const view = await this.findView(id);
    if (!canHandleCorrection(user, view)) throw notFound();
    if (view.status !== 'open') throw closed();
    return view;
  }

  private async findView(id: string): Promise<CorrectionView> {
    const view = await this.repository.findView(id);
    if (!view) throw notFound();
    return view;
  }
}

const notFound = () => notFoundError(CORRECTION_MESSAGES.notFound);
const closed = () => conflict(CORRECTION_MESSAGES.closed, { code: 'CORRECTION_CLOSED' });

import { randomUUID } from 'node:crypto';
import type { SessionUser } from '../../../shared/account.js';
import {
  CORRECTION_MESSAGES,
  PROPOSED_FIELD,
  correctionKindLabel,
  replacesFile,
  type Correction,
  type CorrectionList,
  type CorrectionQuery,
  type CreateCorrection,
  type DismissCorrection,
} from '../../../shared/correction.js';
import type { ResourceEdit } from '../../../shared/resource-edit.js';
import type { Config } from '../../config.js';
import type { Executor, UnitOfWork } from '../../db/unit-of-work.js';
import { badRequest, conflict, forbidden, notFound as notFoundError, tooManyRequests } from '../../http/http-error.js';
import { drain } from '../../http/drain.js';
import type { IncomingFile } from '../../http/multipart-form.js';
import { sendQuietly, type Mailer } from '../../mail/mailer.js';
import { systemClock, type Clock } from '../../system/clock.js';
import type { RateLimiter, RateLimitRule } from '../accounts/rate-limiter.js';
import { AuditLogRepository, type NewAuditEntry } from '../audit/audit-log.repository.js';
import { describeResource } from '../resources/resource.presenter.js';
import { editAuditEntry, writeEdit, type ResourceEditService } from '../resources/resource-edit.service.js';
import { notFound as resourceNotFound } from '../resources/resource-errors.js';
import type { ResourceFileReplaceService } from '../resources/resource-file-replace.service.js';
import { correctionAcceptedMail, correctionDismissedMail } from './correction-mails.js';
import { canHandleCorrection, correctionScope } from './correction.policy.js';
import { presentCorrection } from './correction.presenter.js';
import { CorrectionRepository, type CorrectionView } from './correction.repository.js';

/**
 * Suggested corrections (issue 36): anyone signed in suggests; the resource's class's CRs and the
 * admins accept (the change applied with the edit's own checks, audited, in the same
 * transaction that closes the correction) or dismiss. The student is told by mail either way.
 * Pages missing and a better scan are accepted with the replacement PDF (decision 054).
 */
export class CorrectionService {
  constructor(
    private readonly repository: CorrectionRepository,
    private readonly edits: ResourceEditService,
    private readonly replacer: ResourceFileReplaceService,
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

  /** A page of the queue of whoever asks: a CR's class, or every class for admins. */
  async list(user: SessionUser, query: CorrectionQuery): Promise<CorrectionList> {
    const scope = correctionScope(user);
    if (!scope) throw forbidden(CORRECTION_MESSAGES.notYourClass);
    // One more than asked tells whether a next page exists.
    const rows = await this.repository.list(query.status, scope, { limit: query.limit + 1, offset: query.offset });
    const more = rows.length > query.limit;
    return { corrections: rows.slice(0, query.limit).map(presentCorrection), nextOffset: more ? query.offset + query.limit : null };
  }

  /**
   * Applies the proposed value as an edit (the same plan and checks as PATCH /api/resources/:id),
   * or for pages missing and a better scan swaps in `file`, and closes the correction, all in
   * one transaction with the audit entries; then mails the student.
   */
  async accept(user: SessionUser, id: string, file?: IncomingFile): Promise<{ correction: Correction; mailed: boolean }> {
    try {
      const view = await this.openFor(user, id);
      const resource = await this.edits.findRow(view.resource_id);
      if (!resource) throw notFound();
      const kind = view.kind as Correction['kind'];
      if (replacesFile(kind) && !file) throw badRequest(CORRECTION_MESSAGES.fileNeeded, { code: 'FILE_NEEDED', field: 'file' });
      if (!replacesFile(kind) && file) throw badRequest(CORRECTION_MESSAGES.noFileTaken, { field: 'file' });
      const how = ` from a suggested correction (${correctionKindLabel(kind)})`;
      const at = this.clock().toISOString();
      const close = async (tx: Executor) => {
        if (!(await new CorrectionRepository(tx).closeIfOpen(id, 'accepted', user.name, at))) throw closed();
        await new AuditLogRepository(tx).insert(acceptAudit(user, resource, view));
      };
      if (file) await this.replacer.replace(user, resource, file, how, close);
      else {
        const field = PROPOSED_FIELD[kind as keyof typeof PROPOSED_FIELD];
        const plan = await this.edits.plan(resource, (field && view.proposed !== null ? { [field]: view.proposed } : {}) as ResourceEdit);
        await this.unitOfWork(async (tx) => {
          if (plan.changed.length) {
            if (!(await writeEdit(tx, resource, plan, at))) throw notFound();
            await new AuditLogRepository(tx).insert(editAuditEntry(user, resource, plan, how));
          }
          await close(tx);
        });
      }
      return await this.tell(id, view, user, correctionAcceptedMail);
    } finally {
      if (file) await drain(file.stream);
    }
  }

  /** Closes it without a change, with the reason if given; the student is told. */
  async dismiss(user: SessionUser, id: string, { reason }: DismissCorrection): Promise<{ correction: Correction; mailed: boolean }> {
    const view = await this.openFor(user, id);
    await this.unitOfWork(async (tx) => {
      if (!(await new CorrectionRepository(tx).closeIfOpen(id, 'dismissed', user.name, this.clock().toISOString(), reason ?? null))) throw closed();
      await new AuditLogRepository(tx).insert({
        actor: { id: user.id, name: user.name },
        action: 'correction.dismiss',
        targetType: 'resource',
        targetId: view.resource_id,
        summary: `Dismissed a correction of "${view.title || view.subject}": ${correctionKindLabel(view.kind as Correction['kind'])}`,
        after: { correction: id, kind: view.kind, proposed: view.proposed, reason: reason ?? null },
      });
    });
    return this.tell(id, view, user, correctionDismissedMail);
  }

  /** Mails the student (after the commit, through the outbox) how their suggestion was decided. */
  private async tell(id: string, view: CorrectionView, user: SessionUser, mail: typeof correctionAcceptedMail): Promise<{ correction: Correction; mailed: boolean }> {
    const correction = presentCorrection(await this.findView(id));
    const to = view.suggested_by_email && view.suggested_by_name ? { name: view.suggested_by_name, email: view.suggested_by_email } : undefined;
    const mailed = to ? await sendQuietly(this.mailer, mail(this.config, to, correction, user.name)) : true;
    return { correction, mailed };
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

function acceptAudit(user: SessionUser, resource: { id: string } & Parameters<typeof describeResource>[0], view: CorrectionView): NewAuditEntry {
  return {
    actor: { id: user.id, name: user.name },
    action: 'correction.accept',
    targetType: 'resource',
    targetId: resource.id,
    summary: `Accepted a correction of ${describeResource(resource)}: ${correctionKindLabel(view.kind as Correction['kind'])}${view.proposed ? ` (${view.proposed})` : ''}`,
    after: { correction: view.id, kind: view.kind, proposed: view.proposed },
  };
}

const notFound = () => notFoundError(CORRECTION_MESSAGES.notFound);
const closed = () => conflict(CORRECTION_MESSAGES.closed, { code: 'CORRECTION_CLOSED' });

import { randomUUID } from 'node:crypto';
import type { SessionUser } from '../../../shared/account.js';
import {
  REQUEST_MESSAGES,
  REQUEST_QUEUE_PAGE_SIZE,
  subjectKey,
  type CreateRequest,
  type RequestQueueQuery,
  type RequestQueueResponse,
  type ResourceRequest,
} from '../../../shared/request.js';
import { can } from '../../../shared/permissions.js';
import type { Config } from '../../config.js';
import { HttpError, badRequest, conflict, forbidden, notFound as notFoundError, tooManyRequests } from '../../http/http-error.js';
import type { RateLimiter, RateLimitRule } from '../accounts/rate-limiter.js';
import { sendQuietly, type Mailer } from '../../mail/mailer.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { AuditLogRepository, type NewAuditEntry } from '../audit/audit-log.repository.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { RequestUploadForm } from '../../../shared/upload-fields.js';
import { academicYearsShown } from '../../../shared/academic-years.js';
import type { IncomingUpload, ResourceService } from '../resources/resource.service.js';
import { drain } from '../../http/drain.js';
import { systemClock, type Clock } from '../../system/clock.js';
import { requestDeclinedMail, requestFulfilledMail } from './request-mails.js';
import { canHandleRequest, canSeeRequest, queueScope } from './request.policy.js';
import { presentRequest } from './request.presenter.js';
import { RequestRepository, type RequestView } from './request.repository.js';

/** How many of their own requests /my-requests lists (newest first). */
const MY_REQUESTS_LIMIT = 200;

export interface Outcome {
  request: ResourceRequest;
  mailed: boolean;
}

/**
 * Resource requests: students ask, identical open requests merge into one with supporters, and
 * the class's CRs or an administrator fulfil them (by an upload or an existing resource) or
 * decline them with a reason. Everyone who wanted it is told by e-mail.
 */
export class RequestService {
  constructor(
    private readonly repository: RequestRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly resources: ResourceService,
    private readonly catalogue: CatalogueService,
    private readonly mailer: Mailer,
    private readonly config: Config,
    private readonly limiter: RateLimiter,
    private readonly limit: RateLimitRule,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * Stores a request for `user`, or adds them as a supporter of the identical open request
   * (same class, subject in any case, and year). `merged` says which happened. The fields passed
   * the route's schema; the branch must still be one the catalogue lists.
   */
  async create(user: SessionUser, fields: CreateRequest): Promise<{ request: ResourceRequest; merged: boolean; alreadySupported: boolean }> {
    // Counted before any work, in the database, so parallel posts and other instances share it.
    const hit = await this.limiter.take(`request:user:${user.id}`, this.limit);
    if ('retryAfterSeconds' in hit) {
      throw tooManyRequests(REQUEST_MESSAGES.tooMany, { code: 'TOO_MANY_REQUESTS', retryAfterSeconds: hit.retryAfterSeconds });
    }
    try {
      const created = await this.store(user, fields);
      // Supporting a request one already supports changes nothing, so it costs nothing.
      if (created.alreadySupported) await this.limiter.release(hit.held);
      return created;
    } catch (error) {
      await this.limiter.release(hit.held);
      throw error;
    }
  }

  private async store(user: SessionUser, fields: CreateRequest): Promise<{ request: ResourceRequest; merged: boolean; alreadySupported: boolean }> {
    await this.checkBranch(fields.branch);
    const now = this.clock().toISOString();
    const row = {
      id: randomUUID(),
      course: fields.course,
      branch: fields.branch,
      semester: fields.semester,
      subject: fields.subject,
      subject_key: subjectKey(fields.subject),
      academic_year: fields.academicYear,
      resource_type: fields.resourceType ?? '',
      // An exam says which past paper; for notes or a practical it means nothing.
      exam: fields.resourceType === 'PYQ' ? (fields.exam ?? '') : '',
      description: fields.description,
      requested_by: user.id,
      status: 'open' as const,
      decline_reason: null,
      resource_id: null,
      decided_by_name: null,
      decided_at: null,
      created_at: now,
      updated_at: now,
    };
    // A request and its first supporter land together or not at all.
    const { id, merged, added } = await this.unitOfWork(async (trx) => {
      const tx = new RequestRepository(trx);
      // The open twin may close between a refused insert and reading it back: then try again.
      for (let attempt = 0; attempt < 3; attempt++) {
        const twin = await tx.findOpenTwin(row);
        if (twin) return { id: twin, merged: true, added: await tx.addSupporter(twin, user.id, now) };
        if (await tx.insertUnlessOpenTwin(row)) return { id: row.id, merged: false, added: await tx.addSupporter(row.id, user.id, now) };
      }
      throw conflict(REQUEST_MESSAGES.submitFailed, { code: 'BUSY' });
    });
    return { request: await this.view(id, user), merged, alreadySupported: !added };
  }

  /** /my-requests: what the user asked for or supports, newest first. */
  async mine(user: SessionUser): Promise<ResourceRequest[]> {
    const rows = await this.repository.listSupportedBy(user.id, MY_REQUESTS_LIMIT);
    return this.withMatches(rows);
  }

  /** One request, for those who want it or may handle it; anyone else is told it does not exist. */
  async get(user: SessionUser, id: string): Promise<ResourceRequest> {
    const view = await this.repository.findView(id, user.id);
    if (!view || !canSeeRequest(user, view, !!view.supported_by_viewer)) throw notFound();
    return (await this.withMatches([view]))[0]!;
  }

  /** The queue a CR (their class) or an administrator (everything) works through. */
  async queue(user: SessionUser, query: RequestQueueQuery): Promise<RequestQueueResponse> {
    const scope = queueScope(user);
    if (!scope) throw forbidden(REQUEST_MESSAGES.notYourClass);
    const filter = { ...scope, status: query.status };
    const total = await this.repository.countQueue(filter);
    const offset = (query.page - 1) * REQUEST_QUEUE_PAGE_SIZE;
    const rows = offset < total ? await this.repository.listQueue(filter, user.id, offset, REQUEST_QUEUE_PAGE_SIZE) : [];
    return { requests: await this.withMatches(rows), total, page: query.page, pageSize: REQUEST_QUEUE_PAGE_SIZE };
  }

  /**
   * Fulfils a request with a new upload. The request is checked before a byte is stored; the
   * upload describes what was asked for (class, subject, year come from the request, only the
   * resource type and the file from the form), and closing the request follows the upload.
   */
  async fulfilWithUpload(user: SessionUser, id: string, upload: IncomingUpload<RequestUploadForm>): Promise<Outcome> {
    let view: RequestView;
    try {
      view = await this.openRequestFor(user, id);
    } catch (error) {
      await drain(upload.file.stream);
      throw error;
    }
    // The request's own fields passed its schema when it was made; its year may have left the window since.
    const resource = await this.resources.upload(user, {
      file: upload.file,
      fields: {
        resourceType: upload.fields.resourceType,
        confirmNearDuplicate: upload.fields.confirmNearDuplicate,
        course: view.course,
        branch: view.branch,
        semester: view.semester,
        subject: view.subject,
        academicYear: view.academic_year,
        // The exam the request names is the paper's, when a paper fulfils it.
        exam: upload.fields.resourceType === 'PYQ' && view.exam ? view.exam : undefined,
      },
    });
    try {
      return await this.close(user, view, { status: 'fulfilled', resource_id: resource.id, decline_reason: null });
    } catch (error) {
      // The file is a valid resource and stays in the library; say so rather than a bare 409.
      if (error instanceof HttpError && error.code === 'REQUEST_CLOSED') {
        throw conflict(REQUEST_MESSAGES.closedMeanwhile, { code: 'REQUEST_CLOSED' });
      }
      throw error;
    }
  }

  /** Fulfils a request with a resource already in the library, of the request's class. */
  async fulfilWithResource(user: SessionUser, id: string, resourceId: string): Promise<Outcome> {
    const view = await this.openRequestFor(user, id);
    const resource = await this.resources.get(user, resourceId).catch((error: unknown) => {
      if (error instanceof HttpError && error.statusCode === 404) {
        throw badRequest(REQUEST_MESSAGES.resourceMissing, { field: 'resourceId' });
      }
      throw error;
    });
    if (resource.branch !== view.branch || resource.semester !== view.semester) {
      throw badRequest(REQUEST_MESSAGES.otherClass, { field: 'resourceId' });
    }
    return this.close(user, view, { status: 'fulfilled', resource_id: resource.id, decline_reason: null });
  }

  async decline(user: SessionUser, id: string, reason: string): Promise<Outcome> {
    const view = await this.openRequestFor(user, id);
    return this.close(user, view, { status: 'declined', resource_id: null, decline_reason: reason });
  }

  /** The academic years a new request may name today, newest first (the upload form's list too). */
  offeredAcademicYears(): string[] {
    return academicYearsShown(this.config.academicYearsShown);
  }

  private async checkBranch(branch: string): Promise<void> {
    const branches = await this.catalogue.listBranches();
    if (!branches.some((b) => b.id === branch)) throw badRequest(REQUEST_MESSAGES.branch, { field: 'branch' });
  }

  private async openRequestFor(user: SessionUser, id: string): Promise<RequestView> {
    const view = await this.repository.findView(id, user.id);
    if (!view) throw notFound();
    if (!canHandleRequest(user, view)) {
      // Someone who wants it may know it exists; to anyone else it does not.
      if (view.supported_by_viewer) throw forbidden(REQUEST_MESSAGES.notYourClass);
      throw notFound();
    }
    if (view.status !== 'open') throw closed();
    return view;
  }

  /** Closes the request if still open, then tells everyone who wanted it (after the commit). */
  private async close(
    user: SessionUser,
    view: RequestView,
    closure: { status: 'fulfilled' | 'declined'; resource_id: string | null; decline_reason: string | null },
  ): Promise<Outcome> {
    // CRs act for their class; what administrators do goes to the audit log, with the change (decision 008).
    const audit = can(user.role, 'manageUsers') ? auditEntry(user, view, closure) : undefined;
    const closedNow = await this.unitOfWork(async (tx) => {
      const closedHere = await new RequestRepository(tx).closeIfOpen(view.id, {
        ...closure,
        decided_by_name: user.name,
        decided_at: this.clock().toISOString(),
      });
      if (closedHere && audit) await new AuditLogRepository(tx).insert(audit);
      return closedHere;
    });
    if (!closedNow) throw closed();
    const request = await this.view(view.id, user);
    const contacts = await this.repository.supporterContacts(view.id);
    const mails = contacts.map((to) =>
      closure.status === 'fulfilled'
        ? requestFulfilledMail(this.config, to, request, user.name)
        : requestDeclinedMail(this.config, to, request, user.name, closure.decline_reason ?? ''),
    );
    const sent = await Promise.all(mails.map((mail) => sendQuietly(this.mailer, mail)));
    return { request, mailed: sent.every(Boolean) };
  }

  /** Open requests with the uploads since that may fulfil them (closed ones need none). */
  private async withMatches(rows: RequestView[]): Promise<ResourceRequest[]> {
    const matches = await this.repository.newerMatches(rows.filter((r) => r.status === 'open').map((r) => r.id));
    return rows.map((row) => presentRequest(row, row.status === 'open' ? matches.filter((m) => m.request_id === row.id) : undefined));
  }

  private async view(id: string, user: SessionUser): Promise<ResourceRequest> {
    const view = await this.repository.findView(id, user.id);
    if (!view) throw notFound();
    return presentRequest(view);
  }

}

function auditEntry(
  user: SessionUser,
  view: RequestView,
  closure: { status: 'fulfilled' | 'declined'; resource_id: string | null; decline_reason: string | null },
): NewAuditEntry {
  const what = `${view.subject} (${view.branch.toUpperCase()} sem${view.semester}, ${view.academic_year})`;
  return {
    actor: { id: user.id, name: user.name },
    action: closure.status === 'fulfilled' ? 'request.fulfil' : 'request.decline',
    targetType: 'request',
    targetId: view.id,
    summary: closure.status === 'fulfilled' ? `Fulfilled the request for ${what}` : `Declined the request for ${what}`,
    before: { status: view.status },
    after: { status: closure.status, resourceId: closure.resource_id, reason: closure.decline_reason },
  };
}

const notFound = () => notFoundError(REQUEST_MESSAGES.notFound);
const closed = () => conflict(REQUEST_MESSAGES.alreadyClosed, { code: 'REQUEST_CLOSED' });

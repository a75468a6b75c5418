import { sql, type ExpressionBuilder } from 'kysely';
import type { Database, RequestStatus, ResourceRequestTable } from '../../db/schema.js';
import type { Executor } from '../../db/unit-of-work.js';

/** A request as the screens need it: its row plus who asked, how many want it and what fulfilled it. */
export interface RequestView extends ResourceRequestTable {
  requested_by_name: string | null;
  supporters: number | string | bigint | null;
  supported_by_viewer: number | null;
  fulfilled_subject: string | null;
  fulfilled_type: string | null;
  fulfilled_year: string | null;
  fulfilled_thumbnail_key: string | null;
}

/** Which requests a queue shows: a class (for CRs) or everything (admins), in one status. */
export interface QueueFilter {
  branch?: string;
  semester?: number;
  status: RequestStatus;
}

export interface Contact {
  name: string;
  email: string;
}

/** A resource that may fulfil an open request (newerMatches). */
export interface ResourceMatch {
  request_id: string;
  id: string;
  subject: string;
  resource_type: string;
  academic_year: string;
  thumbnail_key: string | null;
}

export type RequestClosure = Pick<ResourceRequestTable, 'status' | 'resource_id' | 'decline_reason' | 'decided_by_name' | 'decided_at'>;

/** Queries of resource requests and their supporters; the rules are in RequestService. */
export class RequestRepository {
  constructor(private readonly db: Executor) {}

  /** The open request for the same class, subject and year, if any (at most one: a unique index). */
  async findOpenTwin(
    row: Pick<ResourceRequestTable, 'branch' | 'semester' | 'subject_key' | 'academic_year' | 'resource_type' | 'exam'>,
  ): Promise<string | undefined> {
    const found = await this.db
      .selectFrom('resource_request')
      .select('id')
      .where('branch', '=', row.branch)
      .where('semester', '=', row.semester)
      .where('subject_key', '=', row.subject_key)
      .where('academic_year', '=', row.academic_year)
      .where('resource_type', '=', row.resource_type)
      .where('exam', '=', row.exam)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return found?.id;
  }

  /**
   * Inserts an open request unless an identical one is open (the partial unique index of
   * migration 005 decides, so two students asking at once still make one request): then false.
   */
  async insertUnlessOpenTwin(row: ResourceRequestTable): Promise<boolean> {
    const result = await this.db
      .insertInto('resource_request')
      .values(row)
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** Adds a supporter; false when they already were one. */
  async addSupporter(requestId: string, userId: string, at: string): Promise<boolean> {
    const result = await this.db
      .insertInto('request_supporter')
      .values({ request_id: requestId, user_id: userId, created_at: at })
      .onConflict((oc) => oc.columns(['request_id', 'user_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async findView(id: string, viewerId: string): Promise<RequestView | undefined> {
    return this.views(viewerId).where('resource_request.id', '=', id).executeTakeFirst();
  }

  /** Every request the user asked for or supports: open ones first (still waiting), each part newest first. */
  async listSupportedBy(userId: string, limit: number): Promise<RequestView[]> {
    return this.views(userId)
      .where('resource_request.id', 'in', (eb) =>
        eb.selectFrom('request_supporter').select('request_supporter.request_id').where('request_supporter.user_id', '=', userId),
      )
      .orderBy(sql`case when resource_request.status = 'open' then 0 else 1 end`)
      .orderBy('resource_request.created_at', 'desc')
      .orderBy('resource_request.id', 'desc')
      .limit(limit)
      .execute();
  }

  async countQueue(filter: QueueFilter): Promise<number> {
    const row = await this.db
      .selectFrom('resource_request')
      .where(this.inQueue(filter))
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** One page of a queue: the most wanted first, then the oldest (it has waited longest). */
  async listQueue(filter: QueueFilter, viewerId: string, offset: number, limit: number): Promise<RequestView[]> {
    return this.views(viewerId)
      .where(this.inQueue(filter))
      .orderBy('supporters', 'desc')
      .orderBy('resource_request.created_at', 'asc')
      .orderBy('resource_request.id', 'asc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  /** Closes a request that is still open (last changed when decided); false when somebody closed it first. */
  async closeIfOpen(id: string, closure: RequestClosure & { decided_at: string }): Promise<boolean> {
    const result = await this.db
      .updateTable('resource_request')
      .set({ ...closure, updated_at: closure.decided_at })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Resources uploaded after each open request that fit it: same class, subject (in any case),
   * year, and type and exam when the request names them. Newest first.
   */
  async newerMatches(requestIds: readonly string[]): Promise<ResourceMatch[]> {
    if (!requestIds.length) return [];
    return this.db
      .selectFrom('resource_request')
      .innerJoin('resource', (join) =>
        join
          .onRef('resource.branch', '=', 'resource_request.branch')
          .onRef('resource.semester', '=', 'resource_request.semester')
          .onRef('resource.academic_year', '=', 'resource_request.academic_year')
          .on(sql`lower(resource.subject)`, '=', sql.ref('resource_request.subject_key'))
          .onRef('resource.created_at', '>', 'resource_request.created_at'),
      )
      .select([
        'resource_request.id as request_id',
        'resource.id',
        'resource.subject',
        'resource.resource_type',
        'resource.academic_year',
        'resource.thumbnail_key',
      ])
      .where('resource_request.id', 'in', requestIds)
      .where('resource_request.status', '=', 'open')
      .where((eb) => eb.or([eb('resource_request.resource_type', '=', ''), eb('resource_request.resource_type', '=', eb.ref('resource.resource_type'))]))
      .where((eb) => eb.or([eb('resource_request.exam', '=', ''), eb('resource_request.exam', '=', eb.ref('resource.exam'))]))
      .orderBy('resource.created_at', 'desc')
      .orderBy('resource.id')
      .execute();
  }

  /** Names and addresses of everyone who wants the request (accounts deleted since are gone). */
  async supporterContacts(requestId: string): Promise<Contact[]> {
    return this.db
      .selectFrom('request_supporter')
      .innerJoin('user', 'user.id', 'request_supporter.user_id')
      .select(['user.name', 'user.email'])
      .where('request_supporter.request_id', '=', requestId)
      .orderBy('request_supporter.created_at')
      .execute();
  }

  private inQueue(filter: QueueFilter) {
    return (eb: ExpressionBuilder<Database, 'resource_request'>) =>
      eb.and([
        eb('resource_request.status', '=', filter.status),
        ...(filter.branch ? [eb('resource_request.branch', '=', filter.branch)] : []),
        ...(filter.semester ? [eb('resource_request.semester', '=', filter.semester)] : []),
      ]);
  }

  private views(viewerId: string) {
    return this.db
      .selectFrom('resource_request')
      .leftJoin('user as requester', 'requester.id', 'resource_request.requested_by')
      .leftJoin('resource', 'resource.id', 'resource_request.resource_id')
      .selectAll('resource_request')
      .select((eb) => [
        'requester.name as requested_by_name',
        'resource.subject as fulfilled_subject',
        'resource.resource_type as fulfilled_type',
        'resource.academic_year as fulfilled_year',
        'resource.thumbnail_key as fulfilled_thumbnail_key',
        eb
          .selectFrom('request_supporter')
          .select((s) => s.fn.countAll().as('n'))
          .whereRef('request_supporter.request_id', '=', 'resource_request.id')
          .as('supporters'),
        eb
          .selectFrom('request_supporter as mine')
          .select(sql<number>`1`.as('one'))
          .whereRef('mine.request_id', '=', 'resource_request.id')
          .where('mine.user_id', '=', viewerId)
          .limit(1)
          .as('supported_by_viewer'),
      ]);
  }
}

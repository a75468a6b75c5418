import type { Kysely } from 'kysely';
import type { Branch, Subject } from '../../../shared/catalogue.js';
import type { Database } from '../../db/schema.js';

/** Queries over the branch and subject tables. */
export class CatalogueRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async listBranches(): Promise<Branch[]> {
    const rows = await this.db
      .selectFrom('branch')
      .select(['id', 'name', 'short_name', 'description'])
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ id: r.id, name: r.name, shortName: r.short_name, description: r.description }));
  }

  async listSubjects(filter: { branchId?: string; semester?: number }): Promise<Subject[]> {
    let query = this.db.selectFrom('subject').select(['branch_id', 'semester', 'name']);
    if (filter.branchId) query = query.where('branch_id', '=', filter.branchId);
    if (filter.semester) query = query.where('semester', '=', filter.semester);
    const rows = await query.orderBy('branch_id').orderBy('semester').orderBy('id').execute();
    return rows.map((r) => ({ branchId: r.branch_id, semester: r.semester, name: r.name }));
  }
}

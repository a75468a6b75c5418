import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { resourcesWithUploader, type ResourceRow } from '../resources/resource.repository.js';

export type ShelfRow = ResourceRow & { saved_at: string };

/** Queries over shelf_item: one row per saved resource and user. */
export class ShelfRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Saves the resource unless it is saved already (then nothing changes). Selecting from resource
   * means an unknown id inserts nothing instead of failing on the foreign key. Returns whether the
   * resource exists.
   */
  async save(userId: string, resourceId: string, savedAt: string): Promise<boolean> {
    await this.db
      .insertInto('shelf_item')
      .columns(['user_id', 'resource_id', 'saved_at'])
      .expression((eb) =>
        eb
          .selectFrom('resource')
          // Typed, or PostgreSQL cannot tell a parameter's type in a select list.
          .select((sb) => [sb.cast(sb.val(userId), 'text').as('user_id'), sb.ref('resource.id').as('resource_id'), sb.cast(sb.val(savedAt), 'text').as('saved_at')])
          .where('resource.id', '=', resourceId),
      )
      .onConflict((oc) => oc.columns(['user_id', 'resource_id']).doNothing())
      .execute();
    const row = await this.db.selectFrom('resource').select('id').where('id', '=', resourceId).executeTakeFirst();
    return row !== undefined;
  }

  async remove(userId: string, resourceId: string): Promise<void> {
    await this.db.deleteFrom('shelf_item').where('user_id', '=', userId).where('resource_id', '=', resourceId).execute();
  }

  async has(userId: string, resourceId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('shelf_item')
      .select('resource_id')
      .where('user_id', '=', userId)
      .where('resource_id', '=', resourceId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async count(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('shelf_item')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The saved resource ids, newest saved first. */
  async ids(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('shelf_item')
      .select('resource_id')
      .where('user_id', '=', userId)
      .orderBy('saved_at', 'desc')
      .orderBy('resource_id')
      .execute();
    return rows.map((r) => r.resource_id);
  }

  /**
   * The saved resources with when they were saved, newest saved first; only `ids` when given
   * (ids not on the shelf are left out). The uploader's name only when asked (admins).
   */
  async list(userId: string, options: { ids?: readonly string[]; withUploaderName: boolean }): Promise<ShelfRow[]> {
    if (options.ids && options.ids.length === 0) return [];
    // Who uploaded it, relative to the viewer ("by your CR"), as in the browse list.
    let query = resourcesWithUploader(this.db, options.withUploaderName)
      .innerJoin('shelf_item', 'shelf_item.resource_id', 'resource.id')
      .select('shelf_item.saved_at')
      .where('shelf_item.user_id', '=', userId);
    if (options.ids) query = query.where('shelf_item.resource_id', 'in', [...options.ids]);
    return query.orderBy('shelf_item.saved_at', 'desc').orderBy('shelf_item.resource_id').execute();
  }
}

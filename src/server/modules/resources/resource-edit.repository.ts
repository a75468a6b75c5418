import type { Updateable } from 'kysely';
import type { ResourceTable } from '../../db/schema.js';
import type { Executor } from '../../db/unit-of-work.js';
import type { PageZeroSource } from '../search/index.js';

/** The descriptive columns an edit may set (issue 36): what an upload's form set. */
export type ResourceFieldsUpdate = Pick<
  Updateable<ResourceTable>,
  'title' | 'subject' | 'semester' | 'resource_type' | 'branch' | 'academic_year' | 'exam' | 'exam_month' | 'exam_year' | 'file_name'
>;

/** Queries of an edit to a resource's fields; the rules are in ResourceEditService. */
export class ResourceEditRepository {
  constructor(private readonly db: Executor) {}

  /** Sets the fields; returns what page 0 is made of, or undefined when the resource is gone. */
  async setFields(id: string, fields: ResourceFieldsUpdate, updatedAt: string): Promise<PageZeroSource | undefined> {
    return this.db
      .updateTable('resource')
      .set({ ...fields, updated_at: updatedAt })
      .where('id', '=', id)
      .returning(['id', 'subject', 'original_name', 'title'])
      .executeTakeFirst();
  }

  /**
   * Puts the resource's processing job back in line, so its questions are split and grouped
   * again under its new subject or type (question-book.ts reads both when it writes). A job under
   * way is left alone: it reads the new facts when it writes its result.
   */
  async requeueProcessing(id: string, at: string): Promise<void> {
    await this.db
      .updateTable('processing_job')
      .set({ status: 'pending', attempts: 0, next_attempt_at: at, last_error: null, finished_at: null, pages_done: 0, updated_at: at, priority: 1, ocr_from_page: 1 })
      .where('resource_id', '=', id)
      .where('status', '!=', 'running')
      .execute();
  }
}

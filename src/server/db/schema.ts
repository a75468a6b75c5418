import type { Generated } from 'kysely';

/** Table types for Kysely. Timestamps are ISO-8601 text on both dialects so they sort alike. */
export interface BranchTable {
  id: string;
  name: string;
  short_name: string;
  description: string;
  sort_order: number;
}

export interface SubjectTable {
  id: Generated<number>;
  branch_id: string;
  semester: number;
  name: string;
}

export interface Database {
  branch: BranchTable;
  subject: SubjectTable;
}

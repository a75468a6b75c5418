import type { SubjectAlias } from '../../../shared/search.js';
import type { Executor } from '../../db/unit-of-work.js';

/**
 * The words the index knows (search_term) and the subject abbreviations (subject_alias): plain
 * queries, the same on both databases.
 */
export class SearchVocabularyRepository {
  constructor(private readonly db: Executor) {}

  /** Which of these words occur somewhere in the index. */
  async knownTerms(words: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (let i = 0; i < words.length; i += 900) {
      const rows = await this.db.selectFrom('search_term').select('term').where('term', 'in', words.slice(i, i + 900)).execute();
      for (const row of rows) found.add(row.term);
    }
    return found;
  }

  /** Whether some indexed word starts with `prefix` (byte-wise range, like the primary key's order). */
  async hasPrefix(prefix: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('search_term')
      .select('term')
      .where('term', '>=', prefix)
      .where('term', '<', `${prefix}\uffff`)
      .limit(1)
      .executeTakeFirst();
    return !!row;
  }

  /** Subjects of these abbreviations (upper case), keyed by abbreviation. */
  async subjectsOf(aliases: string[]): Promise<Map<string, string>> {
    if (!aliases.length) return new Map();
    const rows = await this.db.selectFrom('subject_alias').select(['alias', 'subject']).where('alias', 'in', aliases).execute();
    return new Map(rows.map((r) => [r.alias, r.subject]));
  }

  async listAliases(): Promise<SubjectAlias[]> {
    return this.db.selectFrom('subject_alias').select(['alias', 'subject']).orderBy('alias').execute();
  }

  async findAlias(alias: string): Promise<SubjectAlias | undefined> {
    return this.db.selectFrom('subject_alias').select(['alias', 'subject']).where('alias', '=', alias).executeTakeFirst();
  }

  /** Inserts or changes an abbreviation. */
  async upsertAlias(alias: SubjectAlias): Promise<void> {
    await this.db
      .insertInto('subject_alias')
      .values({ alias: alias.alias, subject: alias.subject, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('alias').doUpdateSet({ subject: alias.subject }))
      .execute();
  }

  /** Deletes an abbreviation; what it was, or undefined when there was none. */
  async deleteAlias(alias: string): Promise<SubjectAlias | undefined> {
    return this.db.deleteFrom('subject_alias').where('alias', '=', alias).returning(['alias', 'subject']).executeTakeFirst();
  }
}

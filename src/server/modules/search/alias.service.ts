import type { SessionUser } from '../../../shared/account.js';
import { SEARCH_MESSAGES, type SubjectAlias } from '../../../shared/search.js';
import { notFound } from '../../http/http-error.js';
import { AuditLogRepository } from '../audit/audit-log.repository.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { SearchVocabularyRepository } from './search-vocabulary.repository.js';

/**
 * The abbreviations search understands (DSA -> Data Structures), edited by admins. Every change
 * is written to the audit log in the same transaction. A change applies to the next search on
 * every instance: it moves the database's write version, which cached answers are keyed by.
 */
export class AliasService {
  constructor(
    private readonly vocabulary: SearchVocabularyRepository,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  list(): Promise<SubjectAlias[]> {
    return this.vocabulary.listAliases();
  }

  async save(actor: SessionUser, alias: SubjectAlias): Promise<SubjectAlias> {
    const before = await this.vocabulary.findAlias(alias.alias);
    await this.unitOfWork(async (tx) => {
      await new SearchVocabularyRepository(tx).upsertAlias(alias);
      await new AuditLogRepository(tx).insert({
        actor: { id: actor.id, name: actor.name },
        action: 'subject_alias.save',
        targetType: 'subject_alias',
        targetId: alias.alias,
        summary: before
          ? `Changed abbreviation ${alias.alias} from "${before.subject}" to "${alias.subject}"`
          : `Added abbreviation ${alias.alias} for "${alias.subject}"`,
        before: before ?? null,
        after: { ...alias },
      });
    });
    return alias;
  }

  async delete(actor: SessionUser, alias: string): Promise<void> {
    const deleted = await this.unitOfWork(async (tx) => {
      const before = await new SearchVocabularyRepository(tx).deleteAlias(alias);
      if (!before) return false;
      await new AuditLogRepository(tx).insert({
        actor: { id: actor.id, name: actor.name },
        action: 'subject_alias.delete',
        targetType: 'subject_alias',
        targetId: before.alias,
        summary: `Deleted abbreviation ${before.alias} ("${before.subject}")`,
        before: { ...before },
      });
      return true;
    });
    if (!deleted) throw notFound(SEARCH_MESSAGES.aliasNotFound);
  }
}

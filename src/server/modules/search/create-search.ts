import type { Db } from '../../db/database.js';
import { unitOfWorkOn, type UnitOfWorkTx } from '../../db/unit-of-work.js';
import { AliasService } from './alias.service.js';
import { PostgresSearchRepository } from './postgres-search.repository.js';
import { SearchVocabularyRepository } from './search-vocabulary.repository.js';
import { SearchIndexRepository } from './search-index.repository.js';
import { SearchService } from './search.service.js';
import { SqliteSearchRepository } from './sqlite-search.repository.js';

/**
 * The search services for the configured database (FTS5 on SQLite, tsvector on PostgreSQL), and
 * its page index on a unit of work (processing writes a resource's text with it).
 */
export function createSearch(db: Db): { search: SearchService; aliases: AliasService; indexOn: (tx: UnitOfWorkTx) => SearchIndexRepository } {
  const vocabulary = new SearchVocabularyRepository(db.kysely);
  const repository = db.dialect === 'postgres' ? new PostgresSearchRepository(db) : new SqliteSearchRepository(db);
  return {
    search: new SearchService(repository, vocabulary),
    aliases: new AliasService(vocabulary, unitOfWorkOn(db.kysely)),
    indexOn: (tx) => new SearchIndexRepository(tx, db.dialect),
  };
}

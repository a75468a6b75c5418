import type { Branch, Subject } from '../../../shared/catalogue.js';
import type { SubjectListQuery } from '../../../shared/api/catalogue.schema.js';
import type { CatalogueRepository } from './catalogue.repository.js';

/**
 * The branch list and subject catalogue. Branches change rarely and are read on every page,
 * so they are kept in memory for the life of the process.
 */
export class CatalogueService {
  private branches: Promise<Branch[]> | undefined;

  constructor(private readonly repository: CatalogueRepository) {}

  listBranches(): Promise<Branch[]> {
    this.branches ??= this.repository.listBranches().catch((error: unknown) => {
      this.branches = undefined;
      throw error;
    });
    return this.branches;
  }

  listSubjects(query: SubjectListQuery): Promise<Subject[]> {
    return this.repository.listSubjects({ branchId: query.branch, semester: query.semester });
  }
}

import type { SessionUser } from '../../../shared/account.js';
import type { UploadGuess, UploadGuessRequest } from '../../../shared/upload-guess.js';
import { uploadAcademicYears } from '../../../shared/upload-fields.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { AliasService } from '../search/alias.service.js';
import { guessUpload } from './upload-guess.js';

interface GuessLimits {
  public: { academicYearsShown: number; firstAcademicYear: number; exams: readonly string[] };
}

/** Batch upload's autofill: a file's name and first page against the class's catalogue (decision 053). */
export class UploadGuessService {
  constructor(
    private readonly catalogue: Pick<CatalogueService, 'listSubjects'>,
    private readonly aliases: Pick<AliasService, 'list'>,
    private readonly limits: GuessLimits,
  ) {}

  async guess(_user: SessionUser, request: UploadGuessRequest): Promise<UploadGuess> {
    const { academicYearsShown, firstAcademicYear, exams } = this.limits.public;
    const [subjects, aliases] = await Promise.all([this.catalogue.listSubjects({ branch: request.branch, semester: request.semester }), this.aliases.list()]);
    return guessUpload(request.fileName, request.text, {
      semester: request.semester,
      subjects: subjects.map((s) => s.name),
      aliases,
      exams,
      academicYears: uploadAcademicYears(academicYearsShown, firstAcademicYear),
    });
  }
}

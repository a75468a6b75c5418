import type { SessionUser } from '../../../shared/account.js';
import { needsOcr } from '../../../shared/scan-text.js';
import type { UploadGuess, UploadGuessRequest } from '../../../shared/upload-guess.js';
import { uploadAcademicYears } from '../../../shared/upload-fields.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { AliasService } from '../search/alias.service.js';
import type { HeaderOcr } from './header-ocr-pool.js';
import { headerStrip } from './header-strip.js';
import { guessUpload } from './upload-guess.js';

interface GuessLimits {
  public: { academicYearsShown: number; firstAcademicYear: number; exams: readonly string[] };
}

/**
 * Batch upload's autofill: a file's name and first page against the class's catalogue (decision
 * 053); a scan's first page by OCR of its header strip, when the server has time (decision 056).
 */
export class UploadGuessService {
  constructor(
    private readonly catalogue: Pick<CatalogueService, 'listSubjects'>,
    private readonly aliases: Pick<AliasService, 'list'>,
    private readonly limits: GuessLimits,
    /** Reads a scan's header strip; undefined when HEADER_OCR=off. */
    private readonly headerOcr?: HeaderOcr,
  ) {}

  async guess(_user: SessionUser, request: UploadGuessRequest): Promise<UploadGuess> {
    const { academicYearsShown, firstAcademicYear, exams } = this.limits.public;
    // Checked even when not read, so a client learns of a bad strip whatever the server's load.
    const strip = request.headerImage === undefined ? undefined : headerStrip(request.headerImage);
    const [subjects, aliases, scanned] = await Promise.all([
      this.catalogue.listSubjects({ branch: request.branch, semester: request.semester }),
      this.aliases.list(),
      // A page with a text layer is read from it; OCR would only add time (and mistakes).
      strip && needsOcr(request.text) ? this.headerOcr?.read(strip.bytes, strip.dpi) : undefined,
    ]);
    const [text, from] = scanned ? ([scanned, 'scanned header'] as const) : ([request.text, 'first page'] as const);
    return guessUpload(request.fileName, text, {
      semester: request.semester,
      subjects: subjects.map((s) => s.name),
      aliases,
      exams,
      academicYears: uploadAcademicYears(academicYearsShown, firstAcademicYear),
    }, from);
  }
}

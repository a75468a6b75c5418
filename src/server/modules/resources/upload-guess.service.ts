import type { SessionUser } from '../../../shared/account.js';
import { needsOcr } from '../../../shared/scan-text.js';
import { HEADER_READS_AT_ONCE, type UploadGuessRequest, type UploadGuessResponse } from '../../../shared/upload-guess.js';
import { uploadAcademicYears } from '../../../shared/upload-fields.js';
import type { RateLimiter, RateLimitRule } from '../accounts/rate-limiter.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { AliasService } from '../search/alias.service.js';
import type { HeaderOcr } from './header-ocr-pool.js';
import { headerStrip, type HeaderStrip } from './header-strip.js';
import { guessUpload } from './upload-guess.js';

interface GuessLimits {
  public: { academicYearsShown: number; firstAcademicYear: number; exams: readonly string[] };
  /** Strips read for one uploader in a window (config.ts). */
  headerOcr: { perUser: RateLimitRule };
}

/** A strip's OCR text, or that its uploader is past their limit. */
type HeaderRead = { text?: string; limited?: true };

/**
 * Batch upload's autofill: a file's name and first page against the class's catalogue (decision
 * 053); a scan's first page by OCR of its header strip, when the server has time and the
 * uploader has strips left (decision 056).
 */
export class UploadGuessService {
  /** Strips being read now, by uploader. */
  private readonly reading = new Map<string, number>();

  constructor(
    private readonly catalogue: Pick<CatalogueService, 'listSubjects'>,
    private readonly aliases: Pick<AliasService, 'list'>,
    private readonly limits: GuessLimits,
    private readonly limiter: Pick<RateLimiter, 'take' | 'release'>,
    /** Reads a scan's header strip; undefined when HEADER_OCR=off. */
    private readonly headerOcr?: HeaderOcr,
  ) {}

  async guess(user: SessionUser, request: UploadGuessRequest): Promise<UploadGuessResponse> {
    const { academicYearsShown, firstAcademicYear, exams } = this.limits.public;
    // Checked even when not read, so a client learns of a bad strip whatever the server's load.
    const strip = request.headerImage === undefined ? undefined : headerStrip(request.headerImage);
    const [subjects, aliases, header] = await Promise.all([
      this.catalogue.listSubjects({ branch: request.branch, semester: request.semester }),
      this.aliases.list(),
      // A page with a text layer is read from it; OCR would only add time (and mistakes).
      strip && needsOcr(request.text) ? this.readHeader(user, strip) : undefined,
    ]);
    const [text, from] = header?.text ? ([header.text, 'scanned header'] as const) : ([request.text, 'first page'] as const);
    const guess = guessUpload(request.fileName, text, {
      semester: request.semester,
      subjects: subjects.map((s) => s.name),
      aliases,
      exams,
      academicYears: uploadAcademicYears(academicYearsShown, firstAcademicYear),
    }, from);
    return header?.limited ? { guess, headerNotRead: 'limit' } : { guess };
  }

  /**
   * One strip counted against its uploader before it is read, and at most HEADER_READS_AT_ONCE of
   * one uploader's read at once on this instance, so one CR (or a script with a CR's cookie)
   * cannot keep the only OCR line busy for everyone. A strip that never reached a process (the
   * line was full) cost nothing and is given back; one a process tried is kept counted.
   */
  private async readHeader(user: SessionUser, strip: HeaderStrip): Promise<HeaderRead> {
    const reading = this.reading.get(user.id) ?? 0;
    if (!this.headerOcr || reading >= HEADER_READS_AT_ONCE) return {};
    this.reading.set(user.id, reading + 1);
    try {
      // The limit failing (its database) costs this guess its strip, not the request.
      const hit = await this.limiter.take(`header-ocr:user:${user.id}`, this.limits.headerOcr.perUser).catch(() => undefined);
      if (!hit) return {};
      if ('retryAfterSeconds' in hit) return { limited: true };
      const read = await this.headerOcr.read(strip.bytes, strip.dpi);
      if ('text' in read) return { text: read.text };
      if (read.unread === 'busy') await this.limiter.release(hit.held).catch(() => undefined);
      return {};
    } finally {
      const left = (this.reading.get(user.id) ?? 1) - 1;
      if (left > 0) this.reading.set(user.id, left);
      else this.reading.delete(user.id);
    }
  }
}

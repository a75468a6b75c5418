import type { SessionUser } from '../../../shared/account.js';
import type { SemesterCheck } from '../../../shared/home.js';
import { SEMESTER_CHECK_MESSAGES, type SemesterCheckAnswer } from '../../../shared/semester-check.js';
import { batchFirstYear, currentTerm, semesterOn } from '../../../shared/term-calendar.js';
import type { Config } from '../../config.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { conflict, unauthorized } from '../../http/http-error.js';
import { AccountRepository, type UserProfileRow } from './account.repository.js';
import { toSessionUser } from './account.service.js';
import { saveProfile } from './class-change.js';
import { systemClock, type Clock } from '../../system/clock.js';

/**
 * The term moves on (issue 34, decision 040): from the batch (the profile's session) and the
 * term calendar, the semester a user with a class is in today; when it differs from the stored
 * one and this term has not been answered yet, the home page asks once. Anyone with a class and
 * a batch is asked, whatever their role; users without a batch never are.
 */
export class SemesterCheckService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly config: Config,
    private readonly clock: Clock = systemClock,
  ) {}

  private termNow(): string {
    return currentTerm(this.config.termCalendar.startMonths, this.config.termCalendar.today());
  }

  /** The question due for this user now, or null. */
  checkFor(row: UserProfileRow): SemesterCheck | null {
    const firstYear = batchFirstYear(row.academicSession);
    if (firstYear === null || !row.branch || !row.semester) return null;
    const { startMonths, today } = this.config.termCalendar;
    const term = this.termNow();
    if (row.semesterConfirmedTerm === term) return null;
    const semester = semesterOn(firstYear, startMonths, today());
    return semester === row.semester ? null : { semester, term };
  }

  async due(userId: string): Promise<SemesterCheck | null> {
    const row = await this.accounts.findById(userId);
    return row ? this.checkFor(row) : null;
  }

  /**
   * Records the answer to this term's question: `confirm` moves the user to the calendar's
   * semester (a CR's seat moves with them, under the cap), `not-right` only marks the term as
   * answered. Answering again in the same term changes nothing.
   */
  async answer(user: SessionUser, body: SemesterCheckAnswer): Promise<{ message: string; user: SessionUser }> {
    if (body.term !== this.termNow()) throw conflict(SEMESTER_CHECK_MESSAGES.termChanged, { code: 'TERM_CHANGED' });
    let message: string = SEMESTER_CHECK_MESSAGES.notRight;
    await this.unitOfWork(async (tx) => {
      const accounts = new AccountRepository(tx);
      const current = await accounts.findById(user.id);
      if (!current) throw unauthorized('Please log in to continue.');
      const check = this.checkFor(current);
      if (!check) {
        if (body.answer === 'confirm' && current.semester) message = SEMESTER_CHECK_MESSAGES.confirmed(current.semester);
        return;
      }
      if (body.answer === 'not-right') return accounts.setSemesterConfirmedTerm(current.id, check.term);
      message = SEMESTER_CHECK_MESSAGES.confirmed(check.semester);
      const profile = { name: current.name, branch: current.branch, academicSession: current.academicSession };
      const confirmed = { ...profile, semester: check.semester, semesterConfirmedTerm: check.term };
      await saveProfile(tx, current, confirmed, this.config.maxCrsPerClass, this.clock().toISOString());
    });
    const saved = await this.accounts.findById(user.id);
    if (!saved) throw unauthorized('Please log in to continue.');
    return { message, user: toSessionUser(saved) };
  }
}

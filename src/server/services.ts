import type { FileStore } from './storage/file-store.js';
import type { Mailer } from './mail/mailer.js';
import type { Db } from './db/database.js';
import type { Config } from './config.js';
import { unitOfWorkOn, type UnitOfWorkTx } from './db/unit-of-work.js';
import { systemClock, type Clock } from './system/clock.js';
import { createAuth, type AuthHooks } from './auth/auth.js';
import { MailDelivery } from './mail/mail-delivery.js';
import { MailOutboxRepository } from './mail/mail-outbox.repository.js';
import { OutboxMailer } from './mail/outbox-mailer.js';
import { AccountRepository } from './modules/accounts/account.repository.js';
import { AdminRepository } from './modules/admin/admin.repository.js';
import { AdminService } from './modules/admin/admin.service.js';
import { AuditLogRepository } from './modules/audit/audit-log.repository.js';
import { AccountMailService } from './modules/accounts/account-mail.service.js';
import { SsoService } from './modules/accounts/sso.service.js';
import { AccountSessionsService } from './modules/accounts/account-sessions.service.js';
import { TwoFactorRepository } from './modules/accounts/two-factor.repository.js';
import { TwoFactorService } from './modules/accounts/two-factor.service.js';
import { AccountSettingsService } from './modules/accounts/account-settings.service.js';
import { AccountService } from './modules/accounts/account.service.js';
import { SemesterCheckService } from './modules/accounts/semester-check.service.js';
import { CurrentSessionService } from './modules/accounts/current-session.service.js';
import { AccountVerificationService } from './modules/accounts/account-verification.service.js';
import { SignUpTickets } from './modules/accounts/sign-up-ticket.js';
import { LoginThrottle } from './modules/accounts/login-throttle.js';
import { MailLimit } from './modules/accounts/mail-limit.js';
import { RateLimitRepository } from './modules/accounts/rate-limit.repository.js';
import { RateLimiter } from './modules/accounts/rate-limiter.js';
import { CatalogueRepository } from './modules/catalogue/catalogue.repository.js';
import { CatalogueService } from './modules/catalogue/catalogue.service.js';
import { ResourceRepository } from './modules/resources/resource.repository.js';
import { HomeService } from './modules/home/home.service.js';
import { createSearch } from './modules/search/index.js';
import { NearDuplicateFlagger } from './modules/resources/near-duplicate-merge.js';
import { NearDuplicateService } from './modules/resources/near-duplicate.service.js';
import { ResourceService } from './modules/resources/resource.service.js';
import { ArchiveImportService } from './modules/resources/archive-import.service.js';
import { UploadGuessService } from './modules/resources/upload-guess.service.js';
import { accountLookup } from './modules/accounts/account-lookup.js';
import { ResourceEditService } from './modules/resources/resource-edit.service.js';
import { ResourceFileReplaceService } from './modules/resources/resource-file-replace.service.js';
import { CorrectionRepository } from './modules/corrections/correction.repository.js';
import { CorrectionService } from './modules/corrections/correction.service.js';
import { HeaderOcrPool } from './modules/resources/header-ocr-pool.js';
import { PdfInspectionPool, type PdfInspection } from './modules/resources/pdf-inspection-pool.js';
import { ReportRepository } from './modules/reports/report.repository.js';
import { ReportService } from './modules/reports/report.service.js';
import { ScreenshotReencoder } from './modules/reports/screenshot-reencoder.js';
import { RequestRepository } from './modules/requests/request.repository.js';
import { RequestService } from './modules/requests/request.service.js';
import { PageWordsRepository } from './modules/page-words/page-words.repository.js';
import { PageWordsService } from './modules/page-words/page-words.service.js';
import { QuestionBook } from './modules/questions/question-book.js';
import { QuestionHits } from './modules/questions/question-hits.js';
import { QuestionRepository } from './modules/questions/question.repository.js';
import { QuestionService } from './modules/questions/question.service.js';
import { ProcessingJobListRepository } from './modules/processing/processing-job-list.repository.js';
import { ProcessingJobRepository } from './modules/processing/processing-job.repository.js';
import { ProcessingRunner, type ProcessingRunnerOptions } from './modules/processing/processing-runner.js';
import { ProcessingService } from './modules/processing/processing.service.js';
import { ShelfRepository } from './modules/shelf/shelf.repository.js';
import { ShelfService } from './modules/shelf/shelf.service.js';
import { headerOcrWorkerFile, pdfWorkerFile, processingWorkerFile, screenshotReencoderFile } from './project-paths.js';
import { SCREENSHOT_MAX_BYTES } from '../shared/report.js';
import { REQUESTS_PER_HOUR } from '../shared/request.js';
import { CORRECTIONS_PER_HOUR } from '../shared/correction.js';

/*
 * The feature services and how they are wired together: the server (app.ts), main.ts's start-up
 * tasks and the CLI share this one wiring.
 */

const MINUTE = 60_000;

/**
 * Abuse limits, shared by every instance through the database. Logins: failures per account and
 * per client address (every attempt is reserved before its password check). Mails a visitor can
 * cause: per recipient address and kind (verify, reset), and per client address (sign-ups count
 * there too). Resource requests a user sends.
 */
export const LIMITS = {
  login: { account: { max: 5, windowMs: 15 * MINUTE }, ip: { max: 30, windowMs: 15 * MINUTE } },
  mail: { address: { max: 3, windowMs: 60 * MINUTE }, client: { max: 20, windowMs: 60 * MINUTE } },
  request: { max: REQUESTS_PER_HOUR, windowMs: 60 * MINUTE },
  correction: { max: CORRECTIONS_PER_HOUR, windowMs: 60 * MINUTE },
} as const;

export type Services = ReturnType<typeof createServices>;

export interface ServiceDependencies {
  config: Config;
  db: Db;
  fileStore: FileStore;
  /** The transport (SMTP or console); feature modules get a queue in front of it (mail/outbox-mailer.ts). */
  mailer: Mailer;
  pdfInspection?: PdfInspection;
  processing?: Partial<ProcessingRunnerOptions>;
  /** What services stamp times with (tests move their own). */
  clock?: Clock;
}

/** The feature services, wired once; main.ts and the CLI use the same wiring. */
export function createServices(deps: ServiceDependencies) {
  const { config, db } = deps;
  const mailOutbox = new MailOutboxRepository(db);
  const mailDelivery = new MailDelivery(mailOutbox, deps.mailer, {}, deps.clock);
  // Requests only queue mail; the delivery loop (started with the app) talks to SMTP.
  const mailer = new OutboxMailer(mailOutbox, () => mailDelivery.wake(), deps.clock);
  const pdfInspection = deps.pdfInspection ?? new PdfInspectionPool(pdfWorkerFile(), config.pdfCheck);
  const headerOcr = config.headerOcr.enabled ? new HeaderOcrPool(headerOcrWorkerFile(), config.headerOcr) : undefined;
  const catalogue = new CatalogueService(new CatalogueRepository(db.kysely));
  const authHooks: AuthHooks = {};
  const auth = createAuth({ ...deps, mailer, hooks: authHooks });
  const signUpTickets = new SignUpTickets(auth, config.unverifiedAccountTtlHours * 60 * MINUTE, config.publicUrl.startsWith('https:'));
  const limiter = new RateLimiter(new RateLimitRepository(db.kysely));
  const accountRepository = new AccountRepository(db.kysely);
  // Services run their multi-statement writes as units of work (decision 024).
  const unitOfWork = unitOfWorkOn(db.kysely);
  const loginThrottle = new LoginThrottle(limiter, LIMITS.login);
  const mailLimit = new MailLimit(limiter, LIMITS.mail);
  const search = createSearch(db);
  const resourceRepository = new ResourceRepository(db.kysely);
  const resources = new ResourceService(
    resourceRepository,
    unitOfWork,
    deps.fileStore,
    pdfInspection,
    catalogue,
    config,
    search.search,
    () => db.writeVersion(),
    deps.clock,
    new QuestionHits(new QuestionRepository(db.kysely)),
  );
  const processingJobs = new ProcessingJobRepository(db);
  const pageText = {
    index: search.indexOn,
    words: (tx: UnitOfWorkTx) => new PageWordsRepository(tx),
    questions: (tx: UnitOfWorkTx) => new QuestionBook(new QuestionRepository(tx)),
    duplicates: (tx: UnitOfWorkTx) => new NearDuplicateFlagger(tx, deps.clock ?? systemClock),
  };
  const processingRunner = new ProcessingRunner(processingJobs, unitOfWork, deps.fileStore, pageText, {
    workerFile: processingWorkerFile(),
    ...config.processing,
    ...deps.processing,
  }, deps.clock);
  resources.onStored(() => processingRunner.wake());
  const archiveImport = new ArchiveImportService(resources, resourceRepository, catalogue, search.aliases, pdfInspection, accountLookup(accountRepository), config);
  const resourceEdits = new ResourceEditService(resourceRepository, unitOfWork, catalogue, (user, id) => resources.get(user, id), deps.clock);
  const resourceFiles = new ResourceFileReplaceService(resourceRepository, unitOfWork, deps.fileStore, pdfInspection, { maxUploadMb: config.maxUploadMb }, () => processingRunner.wake(), deps.clock);
  const sessions = new CurrentSessionService(auth, accountRepository, config.require2faFor);
  const verification = new AccountVerificationService(auth, accountRepository, unitOfWork, config, signUpTickets, deps.clock);
  authHooks.beforeEmailVerification = (user) => verification.beforeVerified(user);
  const requests = new RequestService(
    new RequestRepository(db.kysely),
    unitOfWork,
    resources,
    catalogue,
    mailer,
    config,
    limiter,
    LIMITS.request,
    deps.clock,
  );
  const semesterCheck = new SemesterCheckService(accountRepository, unitOfWork, config, deps.clock);
  return {
    auth,
    catalogue,
    accounts: new AccountService(auth, accountRepository, unitOfWork, loginThrottle, config, signUpTickets, mailLimit, deps.clock),
    sessions,
    accountSettings: new AccountSettingsService(auth, accountRepository, unitOfWork, loginThrottle, catalogue, config, deps.clock),
    accountSessions: new AccountSessionsService(auth, accountRepository, deps.clock),
    twoFactor: new TwoFactorService(auth, new TwoFactorRepository(db.kysely), accountRepository, loginThrottle, config),
    accountMails: new AccountMailService(auth, accountRepository, mailLimit, config),
    sso: new SsoService(auth, unitOfWork, config, deps.clock),
    verification,
    limiter,
    resources,
    archiveImport,
    uploadGuesses: new UploadGuessService(catalogue, search.aliases, config, limiter, headerOcr),
    resourceEdits,
    resourceFiles,
    corrections: new CorrectionService(
      new CorrectionRepository(db.kysely),
      resourceEdits,
      resourceFiles,
      unitOfWork,
      mailer,
      config,
      limiter,
      LIMITS.correction,
      deps.clock,
    ),
    pageWords: new PageWordsService(new PageWordsRepository(db.kysely)),
    questions: new QuestionService(new QuestionRepository(db.kysely), unitOfWork, deps.clock),
    aliases: search.aliases,
    nearDuplicates: new NearDuplicateService(db.kysely, unitOfWork, deps.fileStore),
    requests,
    semesterCheck,
    home: new HomeService(resources.lists, requests, semesterCheck, config.termCalendar),
    reports: new ReportService(
      new ReportRepository(db.kysely),
      unitOfWork,
      deps.fileStore,
      new ScreenshotReencoder(screenshotReencoderFile(), { timeoutMs: 15_000, maxOutputBytes: 4 * SCREENSHOT_MAX_BYTES }),
      deps.clock,
    ),
    shelf: new ShelfService(new ShelfRepository(db.kysely), deps.fileStore, (user, id) => resources.recordDownload(user, id), deps.clock),
    admin: new AdminService(new AdminRepository(db.kysely), new AuditLogRepository(db.kysely), unitOfWork, catalogue, mailer, config, deps.clock),
    pdfInspection,
    headerOcr,
    mailDelivery,
    processing: new ProcessingService(processingJobs, new ProcessingJobListRepository(db), deps.clock),
    processingRunner,
  };
}

import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { hasSessionCookie } from './auth/auth.js';
import { registerSession } from './auth/session.js';
import { registerDiskReserve } from './http/disk-reserve.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerInvalidCharacterCheck } from './http/invalid-characters.js';
import { httpServerOptions, registerMinimumUploadRate } from './http/slow-requests.js';
import { loggerOptions, registerRequestIdHeader, requestIdOptions, requestLogOptions } from './http/logging.js';
import { registerMetrics } from './http/metrics-route.js';
import { registerPrivateApiAnswers } from './http/no-store.js';
import { registerOriginCheck } from './http/origin-check.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { responseSerializerCompiler } from './http/serialized-json.js';
import { homeFirstPaintReader } from './http/home-first-paint.js';
import { registerWebApp } from './http/web-app.js';
import type { Mailer } from './mail/mailer.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { accountRoutes } from './modules/accounts/account.routes.js';
import { accountSettingsRoutes } from './modules/accounts/account-settings.routes.js';
import { ssoRoutes } from './modules/accounts/sso.routes.js';
import { twoFactorRoutes } from './modules/accounts/two-factor.routes.js';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { homeRoutes } from './modules/home/home.routes.js';
import { searchAdminRoutes } from './modules/search/index.js';
import { resourceRoutes } from './modules/resources/resource.routes.js';
import { nearDuplicateRoutes } from './modules/resources/near-duplicate.routes.js';
import { uploadGuessRoutes } from './modules/resources/upload-guess.routes.js';
import { resourceFileRoutes } from './modules/resources/resource-file.routes.js';
import { correctionRoutes } from './modules/corrections/correction.routes.js';
import { reportRoutes } from './modules/reports/report.routes.js';
import { requestRoutes } from './modules/requests/request.routes.js';
import { pageWordsRoutes } from './modules/page-words/page-words.routes.js';
import { questionRoutes } from './modules/questions/question.routes.js';
import { processingRoutes } from './modules/processing/processing.routes.js';
import { shelfRoutes } from './modules/shelf/shelf.routes.js';
import { trackRequestsInFlight } from './http/graceful-shutdown.js';
import { lowestFreeBytes, type FileStore } from './storage/file-store.js';
import { createServices, type Services } from './services.js';

export interface AppDependencies {
  config: Config;
  db: Db;
  fileStore: FileStore;
  /** The transport (SMTP or console); feature modules get a queue in front of it (mail/outbox-mailer.ts). */
  mailer: Mailer;
  /** Folder of the Vite build; undefined serves the API only. */
  webRoot?: string;
  /** Pino logger options; tests pass false. */
  logger?: boolean | object;
  /** Services already wired (main.ts shares them with start-up tasks); built here when absent. */
  services?: Services;
}

/**
 * Builds the whole application without listening, so tests can `inject` into it or listen on a
 * port of their choosing. Plugins first, then the feature modules.
 */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    ...httpServerOptions(config.http),
    ...requestIdOptions,
    ...requestLogOptions(config),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandler(app);
  registerInvalidCharacterCheck(app);
  // Before any route is added: it wraps every handler (see the function).
  registerMinimumUploadRate(app, config.http);
  registerRequestIdHeader(app);
  trackRequestsInFlight(app);
  registerMetrics(app, config);

  const https = config.publicUrl.startsWith('https:');
  registerSecurityHeaders(app, https);
  registerPrivateApiAnswers(app);
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${config.public.productName} API`,
        version: '1',
        description: `JSON API of ${config.public.productName}. Every error has the shape {statusCode, error, message, code, field?}.`,
      },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { validatorUrl: null },
    staticCSP: true,
    // Swagger UI's own policy upgrades every request to https, which breaks plain-http installs.
    transformStaticCSP: (header) =>
      https ? header : header.replace(/\s*upgrade-insecure-requests;?/, '').replace(' validator.swagger.io', ''),
  });

  const services = deps.services ?? createServices(deps);
  app.addHook('onClose', () => services.pdfInspection.close());
  app.addHook('onClose', async () => services.headerOcr?.close());
  // Mails still being sent after their answer finish before the database closes.
  app.addHook('onClose', () => services.accountMails.settle());
  services.accountMails.reportErrorsTo((error) => app.log.error({ err: error }, 'account mail request failed'));
  // Queued mails go out while the app is up; closing waits briefly for sends under way.
  app.addHook('onReady', async () => services.mailDelivery.start(app.log));
  app.addHook('onClose', () => services.mailDelivery.stop());
  // The runner is started by main.ts (after demo seeding) and by tests that want it, never here.
  // It stops as soon as shutdown begins: a job under way goes back to pending for the next start.
  app.addHook('preClose', () => services.processingRunner.stop());
  registerOriginCheck(app, config.publicUrl);
  registerSession(app, (headers) => services.sessions.currentSession(headers));

  // Files are refused below MIN_FREE_DISK_MB free, so sessions and counters always have room.
  registerDiskReserve(app, { minFreeBytes: config.minFreeDiskBytes, freeBytes: lowestFreeBytes(deps.fileStore, db) });
  await app.register(healthRoutes({ db, fileStore: deps.fileStore, minFreeDiskBytes: config.minFreeDiskBytes }));
  await app.register(catalogueRoutes(services.catalogue), { prefix: '/api' });
  const { accounts, accountMails: mails, verification } = services;
  const institution = { institutionName: config.public.institutionName, emailDomain: config.public.institutionEmailDomain };
  await app.register(accountRoutes({ accounts, mails, verification, twoFactor: services.twoFactor, sso: services.sso, institution }), { prefix: '/api' });
  await app.register(twoFactorRoutes(services.twoFactor), { prefix: '/api' });
  await app.register(ssoRoutes(services.sso), { prefix: '/api' });
  await app.register(accountSettingsRoutes(services.accountSettings, services.semesterCheck, services.accountSessions), { prefix: '/api' });
  await app.register(resourceRoutes(services.resources, services.resourceEdits, config), { prefix: '/api' });
  await app.register(resourceFileRoutes(services.resourceFiles, (user, id) => services.resources.get(user, id), config), { prefix: '/api' });
  await app.register(uploadGuessRoutes(services.uploadGuesses), { prefix: '/api' });
  await app.register(pageWordsRoutes(services.pageWords), { prefix: '/api' });
  await app.register(questionRoutes(services.questions), { prefix: '/api' });
  await app.register(homeRoutes(services.home), { prefix: '/api' });
  await app.register(adminRoutes(services.admin), { prefix: '/api/admin' });
  await app.register(processingRoutes(services.processing), { prefix: '/api/admin' });
  await app.register(searchAdminRoutes(services.aliases), { prefix: '/api/admin' });
  await app.register(nearDuplicateRoutes(services.nearDuplicates), { prefix: '/api/admin' });
  await app.register(requestRoutes(services.requests, { maxUploadMb: config.maxUploadMb, exams: () => config.public.exams }), { prefix: '/api' });
  await app.register(reportRoutes(services.reports), { prefix: '/api' });
  await app.register(shelfRoutes(services.shelf), { prefix: '/api' });
  await app.register(correctionRoutes(services.corrections, { maxUploadMb: config.maxUploadMb }), { prefix: '/api' });

  await registerWebApp(app, {
    webRoot: deps.webRoot,
    publicConfig: config.public,
    homeFirstPaint: homeFirstPaintReader({
      loadSession: (headers) => services.sessions.currentSession(headers),
      branchName: async (id) => (await services.catalogue.listBranches()).find((branch) => branch.id === id)?.name,
      log: app.log,
    }),
    hasSessionCookie,
  });
  return app;
}

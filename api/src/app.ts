import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { withStartupLock } from './db/startup-lock.ts';
import cookie from '@fastify/cookie';
import { clientError, errorsPlugin, frameworkError } from './plugins/errors.ts';
import { inputTextPlugin } from './plugins/input-text.ts';
import { routeTablePlugin } from './plugins/route-table.ts';
import { lazySchemaCompilers } from './plugins/lazy-schema-compilers.ts';
import { loadSecret } from './plugins/secret.ts';
import { csrfPlugin } from './plugins/csrf.ts';
import { authPlugin } from './plugins/auth.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { webPlugin } from './web/web.plugin.ts';
import { compressionPlugin } from './web/compression.ts';
import { createMailer } from './mail/mailer.ts';
import { mailboxRoutes } from './mail/mailbox.routes.ts';
import { securityHeadersPlugin } from './web/security-headers.ts';
import { hostRoutingPlugin } from './modules/subdomains/host-routing.ts';
import { createStorage } from './storage/create-storage.ts';
import { createUploadStore } from './modules/uploads/upload-store.ts';
import { JobQueue } from './jobs/job-queue.ts';
import { AlertDispatcher } from './alerts/alert-dispatcher.ts';
import { SignedInCache } from './modules/auth/signed-in-cache.ts';
import { ListPageCache } from './modules/submissions/list-page-cache.ts';
import { killChildren } from './media/child-processes.ts';
import { Metrics, serveMetrics } from './metrics/metrics.ts';
import { assemble, findRequestRecipient, type Provider } from './wiring.ts';
import { removeOwnWorkDirs, sweepDeadWorkDirs } from './media/work-dirs.ts';

/** One log line per request, when it completes (Fastify's default writes two: incoming and completed). */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
    const fields = {
      method: request.method,
      url: request.url,
      route: request.routeOptions.url ?? 'unmatched',
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
      // A call made with a personal access token names the token and its person: the trail of what each token did.
      ...(request.accessToken ? { access_token_id: request.accessToken.id, user_id: request.user.id, account_id: request.user.accountId } : {}),
    };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request');
  }
}

export interface BuildOptions {
  /** An already open database (tests share one); otherwise opened from config. */
  database?: DatabaseHandle;
  logger?: boolean;
  /** The integrations (default: integrations/providers.ts); `config` must be loaded with the same (loadAppConfig). */
  providers?: readonly Provider[];
}

/**
 * An optional language prefix (/de, /pt-BR) may precede every path, the API included (spec §7). Removed here for the
 * API and the recorder (/ja/r/<token>: the recorder reads it from the address and speaks that language); the
 * dashboard's pages handle their own.
 */
const LOCALE_PREFIX = /^\/[a-z]{2}(?:-[A-Z]{2})?(?=\/(?:api|r)\/)/;

export async function buildApp(config: Readonly<Config>, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    logController: new OneLinePerRequest(),
    trustProxy: config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    rewriteUrl: (req) => (req.url ?? '/').replace(LOCALE_PREFIX, ''),
    // allowUnionTypes: the widget metadata schema's values are `type: [string, number, boolean, null]`, valid JSON Schema.
    ajv: { customOptions: { allErrors: true, allowUnionTypes: true } },
    schemaController: { compilersFactory: lazySchemaCompilers },
    // What the router and Node's HTTP parser refuse answers in the one error body too.
    frameworkErrors: frameworkError,
    clientErrorHandler: clientError,
  }).withTypeProvider<TypeBoxTypeProvider>();

  const { routeModules, jobs, alertChannels } = assemble(options.providers);
  const database = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const metrics = new Metrics(database, config.jobLivenessSeconds);
  const queue = new JobQueue({ database, jobs, workers: config.workers, log: app.log, livenessSeconds: config.jobLivenessSeconds, shutdownGraceSeconds: config.shutdownGraceSeconds, concurrency: config.jobConcurrency, metrics });
  await withStartupLock(database, async () => {
    await migrateToLatest(database.db);
    await queue.install();
  });
  const uploads = await createUploadStore(config, database);
  const signedIn = new SignedInCache();
  await signedIn.start(database);
  const ctx: AppContext = { config, database, db: database.db, secret: await loadSecret(config), mailer: createMailer(config), storage: createStorage(config), uploads, queue, signedIn, listPages: new ListPageCache(config.listCacheMb * 1024 * 1024), metrics, findRequestRecipient };
  app.decorate('ctx', ctx);
  // Closing: no new jobs at once, while the HTTP side drains its requests; then (onClose hooks run last-added first)
  // running jobs finish or are handed back, and only after them the uploads, caches and database close; last, the media
  // tools still running are killed: an upload's early processing may have started one after the jobs stopped.
  app.addHook('preClose', () => queue.stopTakingJobs());
  app.addHook('onClose', async () => {
    await killChildren();
    await removeOwnWorkDirs();
  });
  app.addHook('onClose', () => uploads.close());
  app.addHook('onClose', () => signedIn.stop());
  app.addHook('onClose', () => metrics.close());
  if (!options.database) app.addHook('onClose', () => database.close());
  app.addHook('onClose', () => queue.stop());
  const swept = await sweepDeadWorkDirs();
  if (swept.length > 0) app.log.warn({ folders: swept }, 'removed the temporary folders of processes that stopped without cleaning up');

  // First, so its onSend hook reaches every route registered after it.
  await app.register(compressionPlugin);
  app.addHook('onRequest', async (request) => {
    if (request.method === 'PATCH' && request.url.startsWith('/uploads/')) metrics.uploadsInProgress.inc();
  });
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'PATCH' && request.url.startsWith('/uploads/')) metrics.uploadsInProgress.dec();
    metrics.httpDuration.observe({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  if (config.metricsPort !== undefined) {
    const stopMetrics = await serveMetrics(metrics, config.metricsPort, config.host);
    app.addHook('onClose', stopMetrics);
  }
  await app.register(routeTablePlugin);
  await app.register(errorsPlugin);
  await app.register(inputTextPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(cookie, { secret: ctx.secret });
  await app.register(hostRoutingPlugin);
  await app.register(authPlugin);
  await app.register(csrfPlugin);
  await app.register(rateLimitPlugin);
  await app.register(openapiPlugin);
  for (const routes of routeModules) await app.register(routes);
  await queue.start(ctx);
  // Alerts go out from worker processes, as jobs do; web-only processes write events and NOTIFY wakes the workers.
  if (config.workers) {
    const dispatcher = new AlertDispatcher(ctx, alertChannels, app.log);
    await dispatcher.start();
    app.addHook('preClose', () => dispatcher.stop());
  }
  await app.register(mailboxRoutes);
  app.addHook('onClose', async () => ctx.mailer.close());
  await app.register(webPlugin);
  return app;
}

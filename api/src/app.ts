import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import cookie from '@fastify/cookie';
import { errorsPlugin } from './plugins/errors.ts';
import { loadSecret } from './plugins/secret.ts';
import { csrfPlugin } from './plugins/csrf.ts';
import { authPlugin } from './plugins/auth.ts';
import { routeModules } from './modules/index.ts';

export interface BuildOptions {
  /** An already open database (tests share one); otherwise opened from config. */
  database?: DatabaseHandle;
  logger?: boolean;
}

/** An optional language prefix (/de, /pt-BR) may precede every path, the API included (spec §7). */
const LOCALE_PREFIX = /^\/[a-z]{2}(?:-[A-Z]{2})?(?=\/api\/)/;

export async function buildApp(config: Readonly<Config>, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    rewriteUrl: (req) => (req.url ?? '/').replace(LOCALE_PREFIX, ''),
    ajv: { customOptions: { allErrors: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const database = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  await migrateToLatest(database.db);
  const ctx: AppContext = { config, database, db: database.db, secret: await loadSecret(config) };
  app.decorate('ctx', ctx);
  if (!options.database) app.addHook('onClose', () => database.close());

  await app.register(errorsPlugin);
  await app.register(cookie, { secret: ctx.secret });
  await app.register(authPlugin);
  await app.register(csrfPlugin);
  for (const routes of routeModules) await app.register(routes);
  return app;
}

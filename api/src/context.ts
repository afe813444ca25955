import type { Config } from './config.ts';
import type { DatabaseHandle, Db } from './db/database.ts';

/**
 * What every module needs, built once per process by buildApp and reachable as `app.ctx`.
 * Parts that arrive with later capabilities (storage, mailer, job queue, billing) add a field here.
 */
export interface AppContext {
  config: Readonly<Config>;
  database: DatabaseHandle;
  db: Db;
  /** Signs cookies and CSRF tokens: SESSION_SECRET or the one kept in DATA_DIR/secret (plugins/secret.ts). */
  secret: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

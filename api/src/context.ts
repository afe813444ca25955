import type { Config } from './config.ts';
import type { DatabaseHandle, Db } from './db/database.ts';
import type { Mailer } from './mail/mailer.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { Metrics } from './metrics/metrics.ts';
import type { FindRequestRecipient } from './modules/requests/request-recipient.ts';
import type { SignedInCache } from './modules/auth/signed-in-cache.ts';
import type { ListPageCache } from './modules/submissions/list-page-cache.ts';
import type { UploadStore } from './modules/uploads/upload-store.ts';
import type { Storage } from './storage/storage.ts';

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
  /** Outgoing email: SMTP when SMTP_URL is set, else the local mailbox (mail/). */
  mailer: Mailer;
  /** Videos and posters: local disk or S3 (storage/). */
  storage: Storage;
  /** tus uploads in progress, with the cross-process locker (modules/uploads/). */
  uploads: UploadStore;
  /** Durable background jobs on the database (jobs/). */
  queue: JobQueue;
  /** Sessions and profiles of signed-in requests, kept a few seconds and dropped on every change (modules/auth/). */
  signedIn: SignedInCache;
  /** The recordings list's pages, served again while the account's list version is unchanged (modules/submissions/). */
  listPages: ListPageCache;
  /** Prometheus metrics of this process (metrics/), served on METRICS_PORT. */
  metrics: Metrics;
  /** Whom a request's link was made for, when an integration made it for someone (modules/requests/request-recipient.ts). */
  findRequestRecipient: FindRequestRecipient;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

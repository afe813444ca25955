import pino from 'pino';
import { openDatabase } from './db/database.ts';
import { migrateToLatest, pendingMigrations } from './db/migrate.ts';
import { withStartupLock } from './db/startup-lock.ts';
import { JobQueue } from './jobs/job-queue.ts';
import { assemble, loadAppConfig } from './wiring.ts';

/**
 * `npm run migrate`: brings the database to this build's schema (migrations, the job queue's tables and queues) under
 * the same lock servers take at start, so a deploy may migrate before rolling the processes, or beside them.
 * `npm run migrate -- --check`: changes nothing; exits 1 when the database is behind this build.
 */
const log = pino({ level: 'info' });
const check = process.argv.includes('--check');
const config = loadAppConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  if (check) {
    const pending = await pendingMigrations(database.db);
    if (pending.length > 0) {
      log.error({ pending }, `the database is behind this build: ${pending.length} migration(s) to apply (npm run migrate)`);
      process.exitCode = 1;
    } else log.info('the database schema is up to date');
  } else {
    const queue = new JobQueue({ database, jobs: assemble().jobs, workers: false, log, livenessSeconds: config.jobLivenessSeconds, shutdownGraceSeconds: 0 });
    const applied = await withStartupLock(database, async () => {
      const names = await migrateToLatest(database.db);
      await queue.install();
      return names;
    });
    await queue.stop();
    log.info({ applied }, applied.length ? `applied ${applied.length} migration(s)` : 'the database is up to date');
  }
} catch (error) {
  log.fatal({ err: error }, 'migration failed');
  process.exitCode = 1;
} finally {
  await database.close();
}

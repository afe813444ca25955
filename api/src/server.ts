import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError } from './config.ts';
import { loadAppConfig } from './wiring.ts';
import { ensureSystemAdmin, firstAdminBox } from './modules/users/first-admin.ts';

/** After the grace period, handing jobs back and closing take seconds; past this margin something hangs. */
const CLOSE_MARGIN_SECONDS = 60;

async function main(): Promise<void> {
  let config;
  try {
    config = loadAppConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  const app = await buildApp(config);
  // The admin's password hash (scrypt, on libuv's thread pool) and Fastify compiling every route's schemas (on the
  // main thread) do not wait for each other; both finish before the port opens, so the box still comes first.
  const [admin] = await Promise.all([ensureSystemAdmin(app.ctx.db, config.adminEmail), app.ready()]);
  if (admin) console.log(`\n${firstAdminBox(admin, config.publicUrl)}\n`);
  let closing = false;
  /**
   * SIGTERM: the HTTP side stops accepting and finishes its requests (tus PATCHes included), the worker side takes no
   * new job and gives running ones SHUTDOWN_GRACE_SECONDS before handing them back; then exit 0. A second signal
   * hands the running jobs back at once.
   */
  const close = async (signal: string): Promise<void> => {
    if (closing) {
      app.log.info({ signal }, 'second signal: handing running jobs back now');
      app.ctx.queue.handBackNow();
      return;
    }
    closing = true;
    const started = Date.now();
    app.log.info({ signal, graceSeconds: config.shutdownGraceSeconds }, 'shutting down: no new requests or jobs');
    const timer = setTimeout(() => {
      app.log.error({ seconds: (Date.now() - started) / 1000 }, 'shutdown did not finish in time; exiting');
      process.exit(1);
    }, (config.shutdownGraceSeconds + CLOSE_MARGIN_SECONDS) * 1000);
    timer.unref();
    await app.close();
    app.log.info({ seconds: (Date.now() - started) / 1000 }, 'stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
}

// Whatever stops the start (database unreachable, a migration refused, a port taken) is one JSON log line, as the
// running server's are, for the log collector to find.
main().catch((error: unknown) => {
  pino({ level: 'info' }).fatal({ err: error }, 'could not start');
  process.exit(1);
});

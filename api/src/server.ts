import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { ensureSystemAdmin, firstAdminBox } from './modules/users/first-admin.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
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
  const close = async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
}

void main();

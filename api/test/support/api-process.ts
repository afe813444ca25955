import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyPgliteFolder } from './database-template.ts';
import { createPostgresDatabase } from './test-app.ts';

const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ApiProcess {
  url: string;
  output(): string;
  /** SIGKILL: no shutdown hooks run, as in a crash or an OOM kill. */
  kill(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The running process's id (undefined once it exited). */
  pid(): number | undefined;
  /** How the last run ended: its exit code, or the signal that ended it; undefined while it runs. */
  exit(): { code: number | null; signal: NodeJS.Signals | null } | undefined;
}

/**
 * The API server from source (`tsx src/server.ts`, so no build is needed and the code under test is what runs) as a
 * separate OS process on a fixed free port, for tests that kill it. e2e/support/server.ts does the same for the built
 * product in browser scenarios. `apiRoot` runs another checkout's api/ (a bench's baseline).
 */
export async function startApiProcess(env: Record<string, string>, options: { startTimeoutMs?: number; apiRoot?: string } = {}): Promise<ApiProcess> {
  const startTimeoutMs = options.startTimeoutMs ?? 45_000;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let out = '';
  const start = async (): Promise<void> => {
    const c = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: options.apiRoot ?? API_ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', PUBLIC_URL: url, ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = c;
    c.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    c.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    for (const deadline = Date.now() + startTimeoutMs; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
      if (c.exitCode !== null) throw new Error(`API process exited with ${c.exitCode}:\n${out}`);
      const healthy = await fetch(`${url}/api/health`).then((res) => res.ok, () => false);
      if (healthy) return;
    }
    throw new Error(`API process not healthy within ${startTimeoutMs / 1000} s:\n${out}`);
  };
  const signal = async (name: NodeJS.Signals): Promise<void> => {
    const c = child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill(name);
    await exited;
  };
  await start();
  return {
    url,
    output: () => out,
    kill: () => signal('SIGKILL'),
    start,
    stop: () => signal('SIGTERM'),
    pid: () => (child && child.exitCode === null && child.signalCode === null ? child.pid : undefined),
    exit: () => (child && (child.exitCode !== null || child.signalCode !== null) ? { code: child.exitCode, signal: child.signalCode } : undefined),
  };
}

export interface OwnApiProcess extends ApiProcess {
  dataDir: string;
  /** Stops the process, then drops its Postgres database and removes its data folder. */
  close(): Promise<void>;
}

/**
 * startApiProcess with a data folder of its own and the suite leg's database: the embedded PGlite in that folder, or a
 * fresh database on the TEST_DATABASE_URL server; either a copy of the run's migrated one (database-template.ts).
 */
export async function startOwnApiProcess(env: Record<string, string> = {}): Promise<OwnApiProcess> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-api-'));
  const database = process.env.TEST_DATABASE_URL ? await createPostgresDatabase(process.env.TEST_DATABASE_URL) : undefined;
  if (!database) await copyPgliteFolder(dataDir);
  const api = await startApiProcess({ DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}), ...env });
  const close = async (): Promise<void> => {
    await api.stop();
    await database?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  return { ...api, dataDir, close };
}

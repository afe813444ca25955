import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyPgliteFolder } from '../../api/test/support/database-template.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** How `npm start` runs the server (package.json's config.server_node_flags): the scenarios and benches run it so too. */
export const SERVER_NODE_FLAGS: string[] = JSON.parse(await fs.readFile(path.join(ROOT, 'package.json'), 'utf8')).config.server_node_flags.split(' ');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The built product (`npm run build` first) running as a real process on a free loopback port, with a data
 * folder of its own. `restart()` kills it hard and starts it again on the same port and data, for fault tests.
 */
export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** Everything the process printed so far (the admin password, logs). */
  output(): string;
  /** The running process's id (benches read its CPU time), undefined while it is stopped. */
  pid(): number | undefined;
  kill(signal?: NodeJS.Signals): Promise<void>;
  start(): Promise<void>;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** `root`: another built checkout of the product (a bench's baseline), run with its own server and front ends. */
export async function startServer(env: Record<string, string> = {}, root = ROOT): Promise<RunningServer> {
  const entry = path.join(root, 'api/dist/server.js');
  await fs.access(entry).catch(() => {
    throw new Error(`${entry} is missing: run \`npm run build\` before the browser scenarios`);
  });
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'showback-e2e-')));
  // A new data folder starts from the run's migrated database; another checkout (a baseline) may have other migrations.
  if (!env.DATA_DIR && root === ROOT) await copyPgliteFolder(dataDir);
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let out = '';

  const start = async (): Promise<void> => {
    child = spawn(process.execPath, [...SERVER_NODE_FLAGS, entry], {
      cwd: root,
      // No grace on stop: a scenario's server has no job worth waiting for once its test is over.
      env: { ...process.env, LOG_LEVEL: 'warn', PUBLIC_URL: url, SHUTDOWN_GRACE_SECONDS: '0', ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${out}`);
      try {
        const res = await fetch(`${url}/api/health`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    // A server that never became healthy is not handed to anyone who would stop it: stop it here.
    await kill('SIGKILL');
    throw new Error(`server did not become healthy within 60 s:\n${out}`);
  };

  async function kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const c = child;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill(signal);
    await exited;
  }

  await start();
  return {
    url,
    port,
    dataDir,
    output: () => out,
    pid: () => (child?.exitCode === null ? child.pid : undefined),
    kill,
    start,
    restart: async () => {
      await kill('SIGKILL');
      await start();
    },
    stop: async () => {
      await kill('SIGTERM');
      if (!env.DATA_DIR) await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

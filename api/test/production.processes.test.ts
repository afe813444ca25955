import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedSubmission } from '@showback/contract';
import { freePort, startApiProcess, type ApiProcess } from './support/api-process.ts';
import { signUp, type SignedUp } from './support/auth.ts';
import { addEndpoint } from './support/fixtures/alerts.ts';
import { mediaFile } from './support/fixtures/media.ts';
import { createRequest, json, submit, submitBody, tusUpload, waitForProcessing } from './support/fixtures/recording.ts';
import { isRunning } from '../src/media/work-dirs.ts';
import { startNginx, type ReverseProxy } from './support/reverse-proxy.ts';
import { createPostgresDatabase } from './support/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');
const RECORDINGS = 6;
const LIVENESS_SECONDS = 6;

/** ffmpeg processes a worker process runs now (its children, from /proc). */
async function ffmpegChildren(pid: number | undefined): Promise<number[]> {
  if (!pid) return [];
  const children = await fs.readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  const found: number[] = [];
  for (const child of children.trim().split(/\s+/).filter(Boolean)) {
    const comm = await fs.readFile(`/proc/${child}/comm`, 'utf8').catch(() => '');
    if (comm.trim() === 'ffmpeg') found.push(Number(child));
  }
  return found;
}

/** The first worker seen running ffmpeg, with that ffmpeg's pid. */
async function workerMidFfmpeg(workers: ApiProcess[], timeoutMs = 90_000): Promise<{ worker: ApiProcess; pid: number; ffmpeg: number }> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(50)) {
    for (const worker of workers) {
      const pid = worker.pid();
      const [ffmpeg] = await ffmpegChildren(pid);
      if (pid && ffmpeg) return { worker, pid, ffmpeg };
    }
  }
  throw new Error('no worker ran ffmpeg');
}

const exists = (file: string) => fs.stat(file).then(() => true, () => false);

// Several processes on one database: Postgres only (PGlite is one process by construction).
// Customers and the owner reach the web processes through nginx running the configuration docs/deployment.md gives.
describe.skipIf(!process.env.TEST_DATABASE_URL)('2 web + 2 worker processes started together on an empty database behind nginx, workers killed and stopped mid-job', () => {
  let database: { url: string; drop: () => Promise<void> };
  let dataDir: string;
  let tmp: string;
  let receiver: WebhookReceiver;
  let proxy: ReverseProxy;
  const verifyTls = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  let webs: ApiProcess[] = [];
  let workers: ApiProcess[] = [];
  const orphans: number[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, { empty: true });
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-processes-'));
    // The processes' temporary folders, where the test can see what they leave.
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-processes-tmp-'));
    receiver = await startWebhookReceiver();
    const proxyPort = await freePort();
    const env = {
      DATABASE_URL: database.url, DATA_DIR: dataDir, TMPDIR: tmp, OUTBOUND_ALLOW_LOCAL: 'true', JOB_LIVENESS_SECONDS: String(LIVENESS_SECONDS), SHUTDOWN_GRACE_SECONDS: '2',
      PUBLIC_URL: `https://127.0.0.1:${proxyPort}`, TRUST_PROXY: 'true',
    };
    // All four at the same moment on the empty database: migrations, queue creation and the first admin race.
    // Four TypeScript processes compiling at once on two busy cores: more than one process's usual 45 s to start.
    const slowStart = { startTimeoutMs: 150_000 };
    const started = await Promise.all([
      startApiProcess({ ...env, WORKERS: 'false' }, slowStart),
      startApiProcess({ ...env, WORKERS: 'false' }, slowStart),
      startApiProcess({ ...env, WORKERS: 'true' }, slowStart),
      startApiProcess({ ...env, WORKERS: 'true' }, slowStart),
    ]);
    webs = started.slice(0, 2);
    workers = started.slice(2);
    proxy = await startNginx(proxyPort, webs.map((web) => new URL(web.url).host));
    // The certificate is checked once below (tls.connect with it as the only CA); fetch and tus-js-client here cannot
    // be given a CA, so for them this process accepts the proxy's self-signed certificate.
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  }, 200_000);

  afterAll(async () => {
    if (verifyTls === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = verifyTls;
    await proxy?.close();
    for (const api of [...webs, ...workers]) await api.stop();
    for (const pid of orphans) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
    await receiver?.close();
    await database?.drop();
    for (const dir of [dataDir, tmp]) if (dir) await fs.rm(dir, { recursive: true, force: true });
  }, 60_000);

  it('every recording is ready once, with its bytes, through a crash and a stop', async () => {
    const all = [...webs, ...workers];
    const outputs = all.map((api) => api.output());
    // One process created the admin; none failed to start or printed a stack trace.
    expect(outputs.filter((out) => out.includes('System admin created'))).toHaveLength(1);
    for (const out of outputs) expect(out).not.toMatch(/deadlock|could not start|\n\s+at /);
    const admins = new pg.Client({ connectionString: database.url });
    await admins.connect();
    const { rows } = await admins.query<{ n: number }>('select count(*)::int as n from users where is_sysadmin');
    await admins.end();
    expect(rows[0]!.n).toBe(1);

    // nginx terminates TLS with its certificate and speaks HTTP/2.
    const alpn = await new Promise<string | false | null>((resolve, reject) => {
      const socket = tls.connect({ host: '127.0.0.1', port: Number(new URL(proxy.url).port), ca: proxy.certificate, ALPNProtocols: ['h2', 'http/1.1'] }, () => {
        resolve(socket.alpnProtocol);
        socket.end();
      });
      socket.on('error', reject);
    });
    expect(alpn).toBe('h2');
    expect((await fetch(`${proxy.url}/readyz`)).status).toBe(200);

    const owner: SignedUp = await signUp(proxy);
    await addEndpoint(proxy, owner, { url: `${receiver.url}/hooks`, events: ['submission.ready'] });
    const request = await createRequest(proxy.url, owner);
    const file = await fs.readFile(await mediaFile('vp9-opus-webm', 20, '640x360'));

    // Uploads through the proxy, its PATCHes spread over both web processes; the bytes stored are the bytes sent.
    const submissions: string[] = [];
    for (let i = 0; i < RECORDINGS; i++) {
      const sent = Buffer.concat([file, Buffer.from(`\n${i}`)]);
      const uploadId = await tusUpload(proxy.url, sent, { token: request.token, filetype: 'video/webm' });
      expect(sha256(await fs.readFile(path.join(dataDir, 'uploads', uploadId)))).toBe(sha256(sent));
      const res = await submit(proxy.url, request.token, submitBody(uploadId, { mime_type: 'video/webm', duration_ms: 20_000 }));
      expect(res.status).toBe(201);
      submissions.push((await json<CreatedSubmission>(res)).id);
    }
    const patches = (await proxy.accessLog()).split('\n').filter((line) => line.includes(' PATCH /uploads/'));
    for (const web of webs) expect(patches.filter((line) => line.startsWith(`${new URL(web.url).host} `)).length).toBeGreaterThan(0);
    expect(patches.filter((line) => !line.endsWith(' 204'))).toEqual([]);

    // kill -9 a worker while its ffmpeg runs; it comes back as a new process.
    const crashed = await workerMidFfmpeg(workers);
    await crashed.worker.kill();
    const killedAt = Date.now();
    orphans.push(crashed.ffmpeg);
    await crashed.worker.start();
    // The new process removed the temporary folders the dead one left.
    expect(await exists(path.join(tmp, `showback-work-${crashed.pid}`))).toBe(false);

    // SIGTERM a worker mid-job: it hands the job back after the 2 s grace period, kills its ffmpeg, cleans up, exits 0.
    const stopped = await workerMidFfmpeg(workers);
    const stopping = Date.now();
    await stopped.worker.stop();
    const shutdownMs = Date.now() - stopping;
    expect(stopped.worker.exit()).toEqual({ code: 0, signal: null });
    expect(shutdownMs).toBeLessThan(15_000);
    expect(isRunning(stopped.ffmpeg)).toBe(false);
    expect(await exists(path.join(tmp, `showback-work-${stopped.pid}`))).toBe(false);
    await stopped.worker.start();

    // Every recording ready within 2 minutes of the crash.
    for (const id of submissions) {
      const left = 120_000 - (Date.now() - killedAt);
      expect(await waitForProcessing(proxy.url, owner, id, Math.max(left, 1))).toMatchObject({ status: 'ready' });
    }
    // The MP4 plays through the proxy: a Range request answered 206 with the bytes asked for.
    const range = await fetch(`${proxy.url}/api/v1/submissions/${submissions[0]}/video`, { headers: { ...owner.headers, range: 'bytes=0-1023' } });
    expect(range.status).toBe(206);
    expect((await range.arrayBuffer()).byteLength).toBe(1024);
    // One submission.ready delivery per recording, none twice (a moment more for a duplicate to show up).
    await receiver.waitFor(RECORDINGS, 30_000);
    await sleep(2000);
    const delivered = receiver.received.map((r) => (JSON.parse(r.body) as { data: { submission: { id: string } } }).data.submission.id);
    expect(delivered.sort()).toEqual([...submissions].sort());
  }, 300_000);
});

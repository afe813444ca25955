// Work scheduled by what it costs (issue #25): mixed submissions arriving together, MP4 uploads remuxed while they
// uploaded (only finishing left) and WebM uploads that need a full transcode, on PostgreSQL with one web process
// (WORKERS=false) and 1 then 2 worker processes, each with its default job concurrency. Submit → ready (the row's
// created_at → processed_at) p50/p99 per kind and the throughput, for this checkout and for the FIFO baseline in the
// same run: the commit before the queue split (one process-submission queue, one job at a time per worker), run from
// source in a scratch worktree. Every recording is uploaded first; then all are submitted one after another,
// alternating WebM and MP4 (a WebM first), as fast as the API answers. Both checkouts run side by side, their legs
// alternating. p99 of 6 is the slowest of the 6.
//
//   TEST_DATABASE_URL=postgres://app:app@127.0.0.1:5432/app npm run bench -- scheduling
//   BASELINE_REF=<git ref> or BASELINE_ROOT=<checkout>: another baseline; BENCH_EACH=<n> recordings of each kind (6)
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startApiProcess, type ApiProcess } from '../api/test/support/api-process.ts';
import { signUp } from '../api/test/support/auth.ts';
import { mediaFile } from '../api/test/support/fixtures/media.ts';
import { createRequest, submit, submitBody, tusUpload } from '../api/test/support/fixtures/recording.ts';
import { createPostgresDatabase } from '../api/test/support/test-app.ts';
import { baselineCheckout } from './support/baseline-checkout.ts';
import { percentile } from './support/percentile.ts';

const POSTGRES = process.env.TEST_DATABASE_URL;
const EACH = Number(process.env.BENCH_EACH ?? 6);
const SECONDS = 20;
const SIZE = '640x360';
// The parent of c525653, which split finish-submission off process-submission and sized concurrency per job.
const BEFORE_QUEUE_SPLIT = 'c525653~1';

const load = (): string => os.loadavg().map((l) => l.toFixed(2)).join(' ');
const s = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

type Kind = 'mp4' | 'webm';
const KINDS: Record<Kind, { media: 'h264-opus-fmp4' | 'vp9-opus-webm'; mime: string }> = {
  mp4: { media: 'h264-opus-fmp4', mime: 'video/mp4;codecs=avc1,opus' },
  webm: { media: 'vp9-opus-webm', mime: 'video/webm;codecs=vp9,opus' },
};

interface Figures {
  p50: Record<Kind, number>;
  p99: Record<Kind, number>;
  perMinute: number;
}

/** Uploads EACH recordings of each kind, submits them all, and waits until every one is ready. */
async function measure(web: ApiProcess, databaseUrl: string): Promise<Figures> {
  const owner = await signUp(web);
  const request = await createRequest(web.url, owner, { title: 'Bench: scheduling' });
  const uploads: { kind: Kind; uploadId: string }[] = [];
  for (let i = 0; i < EACH; i++) {
    for (const kind of ['webm', 'mp4'] as const) {
      const file = await mediaFile(KINDS[kind].media, SECONDS, SIZE);
      uploads.push({ kind, uploadId: await tusUpload(web.url, file, { token: request.token, filetype: KINDS[kind].mime }) });
    }
  }
  const kindOf = new Map<string, Kind>();
  for (const upload of uploads) {
    const res = await submit(web.url, request.token, submitBody(upload.uploadId, { mime_type: KINDS[upload.kind].mime, duration_ms: SECONDS * 1000 }));
    if (res.status !== 201) throw new Error(`submit answered ${res.status}: ${await res.text()}`);
    kindOf.set(((await res.json()) as { id: string }).id, upload.kind);
  }
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const ids = [...kindOf.keys()];
    for (const deadline = Date.now() + 15 * 60_000; ; await new Promise((r) => setTimeout(r, 500))) {
      const { rows } = await db.query<{ id: string; status: string; error: string | null; created: Date; processed: Date | null }>(
        `select id, status, processing_error as error, created_at as created, processed_at as processed from submissions where id = any($1)`,
        [ids],
      );
      const failed = rows.find((r) => r.status === 'failed');
      if (failed) throw new Error(`submission ${failed.id} failed: ${failed.error}`);
      if (rows.every((r) => r.status === 'ready' && r.processed)) {
        const times: Record<Kind, number[]> = { mp4: [], webm: [] };
        for (const r of rows) times[kindOf.get(r.id)!].push(r.processed!.getTime() - r.created.getTime());
        const first = Math.min(...rows.map((r) => r.created.getTime()));
        const last = Math.max(...rows.map((r) => r.processed!.getTime()));
        return {
          p50: { mp4: percentile(times.mp4, 50), webm: percentile(times.webm, 50) },
          p99: { mp4: percentile(times.mp4, 99), webm: percentile(times.webm, 99) },
          perMinute: (rows.length / (last - first)) * 60_000,
        };
      }
      if (Date.now() > deadline) throw new Error('submissions not ready within 15 minutes');
    }
  } finally {
    await db.end();
  }
}

/** One checkout's processes on a database of its own: a web process, worker processes added by `addWorker`. */
async function cluster(name: string, apiRoot: string | undefined) {
  const database = await createPostgresDatabase(POSTGRES!);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-bench-scheduling-'));
  const env = { DATABASE_URL: database.url, DATA_DIR: dataDir };
  const options = { apiRoot, startTimeoutMs: 120_000 };
  const processes = [await startApiProcess({ ...env, WORKERS: 'false' }, options)];
  return {
    name,
    measure: () => measure(processes[0]!, database.url),
    addWorker: async () => void processes.push(await startApiProcess({ ...env, WORKERS: 'true' }, options)),
    output: () => processes.map((p) => p.output().slice(-3000)).join('\n'),
    /** Uploads whose early remux gave up so far (their job then transcodes the whole file): the web process's warnings. */
    earlyGaveUp: () => processes[0]!.output().split('early processing gave up').length - 1,
    close: async () => {
      for (const p of processes) await p.stop();
      await database.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

if (!POSTGRES) throw new Error('set TEST_DATABASE_URL (a PostgreSQL superuser URL): several processes share one database');
const baseline = baselineCheckout(BEFORE_QUEUE_SPLIT, { build: false });
console.log(
  `${EACH} MP4 + ${EACH} WebM recordings of ${SECONDS} s at ${SIZE} per leg, submitted together; ` +
    `cores ${os.cpus().length}, memory ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, load average ${load()}`,
);
// Both checkouts run side by side (an idle one only polls), their legs alternating, so a change in the machine's load
// weighs on both alike.
const checkouts = [await cluster('queues by cost', undefined), await cluster('FIFO baseline', path.join(baseline, 'api'))];
try {
  for (const workers of [1, 2]) {
    for (const c of checkouts) await c.addWorker();
    const figures: Figures[] = [];
    for (const c of checkouts) {
      const gaveUpBefore = c.earlyGaveUp();
      const f = await c.measure().catch((err: unknown) => {
        console.error(c.output());
        throw err;
      });
      figures.push(f);
      console.log(
        `${c.name.padEnd(14)} ${workers} worker process${workers > 1 ? 'es' : ''}: MP4 (finish) p50 ${s(f.p50.mp4)} p99 ${s(f.p99.mp4)}; ` +
          `WebM (transcode) p50 ${s(f.p50.webm)} p99 ${s(f.p99.webm)}; ${f.perMinute.toFixed(1)} recordings/min; ` +
          `${c.earlyGaveUp() - gaveUpBefore} MP4 early remux(es) gave up (load ${load()})`,
      );
    }
    const [c, b] = figures as [Figures, Figures];
    console.log(
      `${workers} worker(s), current/baseline: MP4 p50 ${(c.p50.mp4 / b.p50.mp4).toFixed(2)} p99 ${(c.p99.mp4 / b.p99.mp4).toFixed(2)}; ` +
        `WebM p50 ${(c.p50.webm / b.p50.webm).toFixed(2)} p99 ${(c.p99.webm / b.p99.webm).toFixed(2)}; throughput ${(c.perMinute / b.perMinute).toFixed(2)}`,
    );
  }
} finally {
  for (const c of checkouts) await c.close();
}

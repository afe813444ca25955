// Alert latency: from the event (the commit of a submission, or of its processing result) to the first delivery
// attempt reaching a webhook receiver, over SUBMISSIONS real submissions (tus upload, submit, MP4 processing) on
// PGlite in a temp dir and, with TEST_DATABASE_URL set, on a new Postgres database. Submissions are spaced by
// SPACING_MS so processing keeps running alongside the alerts, as in a live account; p50/p99/max per event type.
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../api/src/app.ts';
import { loadConfig } from '../api/src/config.ts';
import { openDatabase } from '../api/src/db/database.ts';
import { signUp } from '../api/test/support/auth.ts';
import { addEndpoint } from '../api/test/support/fixtures/alerts.ts';
import { mediaFile } from '../api/test/support/fixtures/media.ts';
import { createRequest, submit, submitBody, tusUpload } from '../api/test/support/fixtures/recording.ts';
import { createPostgresDatabase } from '../api/test/support/test-app.ts';
import { percentile } from './support/percentile.ts';

const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 60);
const SPACING_MS = Number(process.env.BENCH_SPACING_MS ?? 200);
const POSTGRES = process.env.TEST_DATABASE_URL;


async function run(name: string, databaseUrl: string | undefined): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-bench-alerts-'));
  const arrivals = new Map<string, number>();
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { type: string; data: { submission: { id: string } } };
      arrivals.set(`${body.type}:${body.data.submission.id}`, at);
      res.end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;

  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', WORKERS: 'true', OUTBOUND_ALLOW_LOCAL: 'true', STATIC_ROOT: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const database = await openDatabase({ databaseUrl, dataDir });
  const app = await buildApp(config, { database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const t = { url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
  try {
    const owner = await signUp(t);
    await app.ctx.db.updateTable('accounts').set({ plan: 'scale' }).where('id', '=', owner.user.account.id).execute();
    await addEndpoint(t, owner, { url: receiverUrl, events: ['submission.created', 'submission.ready'] });
    const request = await createRequest(t.url, owner);
    const file = await mediaFile('h264-opus-fmp4', 1, '160x120');
    const ids: string[] = [];
    for (let i = 0; i < SUBMISSIONS; i++) {
      const uploadId = await tusUpload(t.url, file, { token: request.token });
      const res = await submit(t.url, request.token, submitBody(uploadId));
      ids.push(((await res.json()) as { id: string }).id);
      await new Promise((r) => setTimeout(r, SPACING_MS));
    }
    for (const deadline = Date.now() + 120_000; arrivals.size < ids.length * 2 && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 100));
    const events = await app.ctx.db.selectFrom('alert_events').select(['type', 'submission_id', 'created_at']).where('account_id', '=', owner.user.account.id).execute();
    for (const type of ['submission.created', 'submission.ready']) {
      const latencies = events
        .filter((e) => e.type === type)
        .map((e) => (arrivals.get(`${type}:${e.submission_id}`) ?? Number.NaN) - new Date(e.created_at).getTime())
        .filter((ms) => Number.isFinite(ms));
      console.log(
        `${name.padEnd(9)} ${type.padEnd(19)} n=${String(latencies.length).padStart(3)}/${ids.length}  p50 ${percentile(latencies, 50)} ms  p99 ${percentile(latencies, 99)} ms  max ${Math.max(...latencies)} ms`,
      );
    }
  } finally {
    await app.close();
    await database.close();
    receiver.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

console.log(`event -> first delivery attempt at a local webhook receiver, ${SUBMISSIONS} submissions ${SPACING_MS} ms apart (time from the event's transaction start)`);
await run('PGlite', undefined);
if (POSTGRES) {
  const db = await createPostgresDatabase(POSTGRES);
  try {
    await run('Postgres', db.url);
  } finally {
    await db.drop();
  }
} else {
  console.log('TEST_DATABASE_URL is not set: the Postgres case is left out');
}

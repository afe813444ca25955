import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import PgBoss from 'pg-boss';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedSubmission } from '@showback/contract';
import type { AppContext } from '../src/context.ts';
import { openDatabase } from '../src/db/database.ts';
import { expireUploadsJob } from '../src/jobs/expire-uploads.job.ts';
import { defineJob, type JobDefinition, type JobRun } from '../src/jobs/job.ts';
import { JobQueue } from '../src/jobs/job-queue.ts';
import { assemble } from '../src/wiring.ts';
import { processSubmissionJob } from '../src/jobs/process-submission.job.ts';
import { sweepExpiredJob } from '../src/jobs/sweep-expired.job.ts';
import { signUp, type SignedUp } from './support/auth.ts';
import { mediaFile } from './support/fixtures/media.ts';
import { createRequest, json, submit, submitBody, tusUpload } from './support/fixtures/recording.ts';
import { createUpload, patch, sha256 } from './support/fixtures/tus-requests.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const { jobs } = assemble();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const run = (attempt: number, isLastAttempt = false): JobRun => ({ jobId: crypto.randomUUID(), attempt, isLastAttempt });

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; ; await sleep(100)) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
  }
}

// Workers off in the app: each test drives the queue or the handlers itself, so nothing runs behind its back.
describe(`job queue and jobs (${process.env.TEST_DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let t: TestApp;
  let owner: SignedUp;
  const queues: JobQueue[] = [];
  beforeAll(async () => {
    t = await startTestApp({}, { WORKERS: 'false' });
    owner = await signUp(t);
    await t.app.ctx.db.updateTable('accounts').set({ plan: 'starter' }).where('id', '=', owner.user.account.id).execute();
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    await t?.close();
  });

  async function startQueue(jobs: JobDefinition[]): Promise<JobQueue> {
    const queue = new JobQueue({ database: t.app.ctx.database, jobs, workers: true, log: t.app.log, pollingIntervalSeconds: 0.5, livenessSeconds: 2, shutdownGraceSeconds: 2 });
    queues.push(queue);
    await queue.start(t.app.ctx);
    return queue;
  }

  it('retries a failing job with exponential backoff and records its state until it completes or finally fails', async () => {
    const suffix = crypto.randomUUID().slice(0, 8);
    const attempts: { attempt: number; last: boolean; at: number }[] = [];
    const doomed: JobRun[] = [];
    const flaky = defineJob({
      name: `test-flaky-${suffix}`,
      schema: Type.Object({ n: Type.Integer() }),
      retryLimit: 3,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      async handler(payload, _ctx, r) {
        attempts.push({ attempt: r.attempt, last: r.isLastAttempt, at: Date.now() });
        if (r.attempt < 3) throw new Error(`failure ${r.attempt} of ${payload.n}`);
      },
    });
    const hopeless = defineJob({
      name: `test-hopeless-${suffix}`,
      schema: Type.Object({}),
      retryLimit: 1,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      async handler(_payload, _ctx, r) {
        doomed.push(r);
        throw new Error('always');
      },
    });
    const queue = await startQueue([flaky, hopeless] as unknown as JobDefinition[]);
    await expect(queue.send(flaky, { n: 'x' } as never)).rejects.toThrow(/Invalid payload/);
    const id = (await queue.send(flaky, { n: 7 }))!;
    const lostId = (await queue.send(hopeless, {}))!;

    await until('the flaky job to complete', async () => ((await queue.state(flaky.name, id)) === 'completed' ? true : undefined));
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    expect(attempts.map((a) => a.last)).toEqual([false, false, false]);
    // pg-boss backoff: the n-th retry waits between d·2^(n-1) and d·2^n seconds (d = 1 s here); a fixed delay would
    // make the second gap about as short as the first.
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(950);
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(1950);

    await until('the hopeless job to fail', async () => ((await queue.state(hopeless.name, lostId)) === 'failed' ? true : undefined));
    expect(doomed.map((r) => [r.attempt, r.isLastAttempt])).toEqual([[1, false], [2, true]]);
  });

  async function uploadedSubmission(file: string): Promise<{ id: string; uploadId: string }> {
    const request = await createRequest(t.url, owner);
    const uploadId = await tusUpload(t.url, file, { token: request.token });
    const res = await submit(t.url, request.token, submitBody(uploadId));
    expect(res.status).toBe(201);
    return { id: (await json<CreatedSubmission>(res)).id, uploadId };
  }

  const row = (id: string) => t.app.ctx.db.selectFrom('submissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const videoSha = async (id: string) => sha256(Buffer.from(await (await fetch(`${t.url}/api/v1/submissions/${id}/video`, { headers: owner.headers })).arrayBuffer()));

  it('records each attempt on the submission row; a rerun after a failed attempt or a duplicate delivery gives the same MP4', async () => {
    const file = await mediaFile('h264-opus-fmp4', 2);
    const broken: AppContext = { ...t.app.ctx, config: { ...t.app.ctx.config, ffmpegPath: '/bin/false' } };

    // Reference: processed in one go.
    const reference = await uploadedSubmission(file);
    await processSubmissionJob.handler({ submission_id: reference.id, watermark: false }, t.app.ctx, run(1));
    const referenceRow = await row(reference.id);
    expect(referenceRow.status).toBe('ready');

    // Attempt 1 fails after taking the upload in (ffmpeg missing); the row says it will retry.
    const { id, uploadId } = await uploadedSubmission(file);
    await expect(processSubmissionJob.handler({ submission_id: id, watermark: false }, broken, run(1))).rejects.toThrow();
    expect(await row(id)).toMatchObject({ status: 'queued', processing_attempts: 1, processing_error: expect.stringMatching(/^Attempt 1 failed, retrying: /), video_key: null });
    expect(await t.app.ctx.uploads.find(uploadId)).toBeUndefined();
    const original = await fetch(`${t.url}/api/v1/submissions/${id}/original`, { headers: owner.headers });
    expect(sha256(Buffer.from(await original.arrayBuffer()))).toBe(sha256(await fs.readFile(file)));

    // Attempt 2 continues from the stored original.
    await processSubmissionJob.handler({ submission_id: id, watermark: false }, t.app.ctx, run(2));
    const ready = await row(id);
    expect(ready).toMatchObject({ status: 'ready', processing_attempts: 2, processing_error: null, original_key: null });
    for (const key of ['duration_ms', 'width', 'height', 'size_bytes'] as const) expect(ready[key], key).toBe(referenceRow[key]);
    const sha = await videoSha(id);
    expect(sha).toBe(await videoSha(reference.id));

    // The same job delivered again (a worker died before acknowledging it) changes nothing.
    await processSubmissionJob.handler({ submission_id: id, watermark: false }, t.app.ctx, run(3));
    expect(await row(id)).toEqual(ready);
    expect(await videoSha(id)).toBe(sha);

    // A last attempt that fails marks the row failed and keeps the original downloadable.
    const last = await uploadedSubmission(file);
    await expect(processSubmissionJob.handler({ submission_id: last.id, watermark: false }, broken, run(4, true))).rejects.toThrow();
    expect(await row(last.id)).toMatchObject({ status: 'failed', processing_attempts: 4, processing_error: expect.not.stringMatching(/retrying/) });
    expect((await fetch(`${t.url}/api/v1/submissions/${last.id}/original`, { headers: owner.headers })).status).toBe(200);
  });

  it('two runs of one processing job at once (a job handed back while its run was still storing) alert once', async () => {
    const { id } = await uploadedSubmission(await mediaFile('h264-opus-fmp4', 2));
    await Promise.all([1, 2].map((attempt) => processSubmissionJob.handler({ submission_id: id, watermark: false }, t.app.ctx, run(attempt))));
    expect(await row(id)).toMatchObject({ status: 'ready' });
    const events = await t.app.ctx.db.selectFrom('alert_events').select('type').where('submission_id', '=', id).where('type', '=', 'submission.ready').execute();
    expect(events).toHaveLength(1);
  });

  it('deletes uploads never submitted within UPLOAD_EXPIRY_DAYS, once a day from the queue', async () => {
    const request = await createRequest(t.url, owner);
    const data = await fs.readFile(await mediaFile('h264-opus-fmp4', 1));
    const unfinished = async () => {
      const id = await createUpload(t.url, request.token, data.length);
      expect((await patch(t.url, id, 0, data.subarray(0, 1000))).status).toBe(204);
      return id;
    };
    const oldUnfinished = await unfinished();
    const oldFinished = await tusUpload(t.url, data, { token: request.token });
    const oldSubmitted = await tusUpload(t.url, data, { token: request.token });
    expect((await submit(t.url, request.token, submitBody(oldSubmitted))).status).toBe(201);
    const oldHeld = await tusUpload(t.url, data, { token: request.token });
    await t.app.ctx.db
      .insertInto('held_submissions')
      .values({ account_id: owner.user.account.id, request_id: request.id, upload_id: oldHeld, payload: JSON.stringify({}) as never })
      .execute();
    const young = await unfinished();
    const old = [oldUnfinished, oldFinished, oldSubmitted, oldHeld];
    const days = t.app.ctx.config.uploadExpiryDays;
    expect(days).toBe(7);
    await t.app.ctx.db.updateTable('uploads').set({ created_at: sql`now() - make_interval(days => ${days}, hours => 1)` }).where('id', 'in', old).execute();

    const queue = await startQueue([expireUploadsJob as unknown as JobDefinition]);
    // What the daily schedule queues (the schedules' own test is below).
    const id = (await queue.send(expireUploadsJob, {}))!;
    const stored = async (id: string) => (await fs.readdir(path.join(t.dataDir, 'uploads'))).some((name) => name.startsWith(id));
    const rows = async () => (await t.app.ctx.db.selectFrom('uploads').select('id').where('id', 'in', [...old, young]).execute()).map((r) => r.id).sort();
    // The run deletes the two abandoned uploads, files and rows.
    await until('the expiry run to complete', async () => ((await queue.state(expireUploadsJob.name, id)) === 'completed' ? true : undefined));
    expect(await rows()).toEqual([oldSubmitted, oldHeld, young].sort());
    for (const upload of [oldUnfinished, oldFinished]) {
      expect(await stored(upload), upload).toBe(false);
      const head = await fetch(`${t.url}/uploads/${upload}`, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0' } });
      expect(head.status).toBe(404);
    }
    for (const upload of [oldSubmitted, oldHeld, young]) expect(await stored(upload), upload).toBe(true);
  });

  it('deletes credentials a day past their expiry and rate-limit windows an hour past their end, hourly from the queue', async () => {
    const db = t.app.ctx.db;
    const request = await createRequest(t.url, owner);
    const upload = await tusUpload(t.url, await fs.readFile(await mediaFile('h264-opus-fmp4', 1)), { token: request.token });
    const submitted = await submit(t.url, request.token, submitBody(upload));
    const submissionId = ((await submitted.json()) as CreatedSubmission).id;
    const link = await db
      .insertInto('share_links')
      .values({ account_id: owner.user.account.id, submission_id: submissionId, token_hash: crypto.randomUUID(), audience: 'people', emails: JSON.stringify(['dev@example.com']) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000);
    // Each table: a row a little more than its grace past expiry (swept), one a little less (kept), one still valid.
    const ages = { swept: -25, kept: -23, valid: 1 };
    const windowAges = { swept: -1.1, kept: -0.9, valid: 1 };
    const marker = (age: string) => `${age}:${crypto.randomUUID()}`;
    const inserted: Record<string, Record<string, string>> = {};
    for (const [age, hours] of Object.entries(ages)) {
      const expires_at = hoursFromNow(hours);
      const m = (table: string) => ((inserted[table] ??= {})[age] = marker(age));
      await db.insertInto('sessions').values({ token_hash: m('sessions'), user_id: owner.user.id, persistent: false, expires_at }).execute();
      await db.insertInto('password_resets').values({ token_hash: m('password_resets'), user_id: owner.user.id, expires_at }).execute();
      await db
        .insertInto('widget_sessions')
        .values({ token_hash: m('widget_sessions'), account_id: owner.user.account.id, request_id: request.id, origin: 'https://shop.example', expires_at })
        .execute();
      await db.insertInto('share_link_codes').values({ share_link_id: link.id, email: 'dev@example.com', code_hash: m('share_link_codes'), expires_at }).execute();
      await db.insertInto('share_link_sessions').values({ token_hash: m('share_link_sessions'), share_link_id: link.id, email: 'dev@example.com', expires_at }).execute();
    }
    for (const [age, hours] of Object.entries(windowAges)) {
      await db.insertInto('rate_limits').values({ key: ((inserted.rate_limits ??= {})[age] = marker(age)), count: 1, expires_at: hoursFromNow(hours) }).execute();
    }

    const queue = await startQueue([sweepExpiredJob as unknown as JobDefinition]);
    // What the hourly schedule queues.
    const id = (await queue.send(sweepExpiredJob, {}))!;
    await until('the sweep to complete', async () => ((await queue.state(sweepExpiredJob.name, id)) === 'completed' ? true : undefined));

    const left = async (table: keyof typeof inserted) => {
      const markers = Object.values(inserted[table]!);
      const column = table === 'share_link_codes' ? 'code_hash' : table === 'rate_limits' ? 'key' : 'token_hash';
      const rows = await sql<{ marker: string }>`select ${sql.ref(column)} as marker from ${sql.table(table)} where ${sql.ref(column)} in (${sql.join(markers)})`.execute(db);
      return rows.rows.map((row) => row.marker.split(':')[0]).sort();
    };
    for (const table of Object.keys(inserted)) expect(await left(table), table).toEqual(['kept', 'valid']);
  });

  /** pg-boss's schedules as its public API reads them. */
  async function schedules(): Promise<{ name: string; cron: string }[]> {
    const boss = new PgBoss({ db: { executeSql: (text, values) => t.app.ctx.database.executeSql(text, values) }, schema: 'pgboss' });
    return (await boss.getSchedules()).map(({ name, cron }) => ({ name, cron })).sort((a, b) => a.name.localeCompare(b.name));
  }

  /** A job pg-boss queues every minute, the shortest slot a cron has; its runs' ids go into `runs`. */
  function everyMinute(runs: string[]): JobDefinition {
    return defineJob({
      name: `test-every-minute-${crypto.randomUUID().slice(0, 8)}`,
      schema: Type.Object({}),
      retryLimit: 0,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      schedule: { cron: '* * * * *' },
      async handler(_payload, _ctx, r) {
        runs.push(r.jobId);
      },
    }) as unknown as JobDefinition;
  }

  it("installs each periodic job's cron as a pg-boss schedule, runs it, and unschedules a job that lost its schedule", async () => {
    // What a server's start installs (the tests above installed queues of test jobs alone, which unscheduled the rest).
    const installer = new JobQueue({ database: t.app.ctx.database, jobs, workers: false, log: t.app.log, livenessSeconds: 60, shutdownGraceSeconds: 0 });
    await installer.install();
    await installer.stop();
    const periodic = jobs.filter((job) => job.schedule).map((job) => ({ name: job.name, cron: job.schedule!.cron }));
    expect(periodic.map((job) => job.name).sort()).toEqual(['expire-uploads', 'jira-webhooks', 'retention', 'sweep-expired', 'trial-notices']);
    expect(await schedules()).toEqual(periodic.sort((a, b) => a.name.localeCompare(b.name)));

    // A process whose jobs no longer schedule them leaves only its own schedule, and pg-boss's cron monitor runs it.
    const runs: string[] = [];
    const job = everyMinute(runs);
    const queue = new JobQueue({ database: t.app.ctx.database, jobs: [job], workers: true, log: t.app.log, pollingIntervalSeconds: 0.5, livenessSeconds: 60, shutdownGraceSeconds: 0, cronIntervalSeconds: 1 });
    queues.push(queue);
    await queue.start(t.app.ctx);
    expect(await schedules()).toEqual([{ name: job.name, cron: '* * * * *' }]);
    const id = await until('the scheduled job to run', async () => runs[0]);
    await until('the scheduled run to complete', async () => ((await queue.state(job.name, id)) === 'completed' ? true : undefined));
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('queues a schedule once per minute however many processes watch it (Postgres)', async () => {
    const runs: string[] = [];
    const job = everyMinute(runs);
    const since = (await sql<{ now: string }>`select now()::text as now`.execute(t.app.ctx.db)).rows[0]!.now;
    const peers = [t.app.ctx.database, await openDatabase({ databaseUrl: t.databaseUrl!, dataDir: t.dataDir })];
    const watching = peers.map((database) => new JobQueue({ database, jobs: [job], workers: true, log: t.app.log, pollingIntervalSeconds: 0.5, livenessSeconds: 60, shutdownGraceSeconds: 0, cronIntervalSeconds: 1 }));
    try {
      for (const queue of watching) await queue.start(t.app.ctx);
      await until('the scheduled job to run', async () => runs[0]);
      // Each cron pass stamps pg-boss's version table; every pass finds the every-minute schedule due.
      const passes = new Set<string>();
      await until('five cron passes', async () => {
        const { rows } = await sql<{ cron_on: string }>`select cron_on::text from pgboss.version`.execute(t.app.ctx.db);
        passes.add(rows[0]!.cron_on);
        return passes.size >= 5 ? true : undefined;
      });
      const { rows } = await sql<{ queued: number; minutes: number }>`
        select count(*)::int as queued, (extract(epoch from date_trunc('minute', now()) - date_trunc('minute', ${since}::timestamptz)) / 60)::int + 1 as minutes
          from pgboss.job where name = ${job.name}`.execute(t.app.ctx.db);
      expect(rows[0]!.queued).toBeGreaterThan(0);
      expect(rows[0]!.queued, `runs queued in ${rows[0]!.minutes} minute(s) by ${passes.size} cron passes`).toBeLessThanOrEqual(rows[0]!.minutes);
    } finally {
      for (const queue of watching) await queue.stop();
      await peers[1]!.close();
    }
  });
});

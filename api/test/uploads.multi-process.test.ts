import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedSubmission } from '@showback/contract';
import { signUp, type SignedUp } from './support/auth.ts';
import { ffprobe, mediaFile } from './support/fixtures/media.ts';
import { createRequest, json, submit, submitBody, waitForProcessing } from './support/fixtures/recording.ts';
import { createUpload, headOffset, openPatch, patch, sha256 } from './support/fixtures/tus-requests.ts';
import { startPeerApp, startTestApp, type TestApp } from './support/test-app.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until the upload's file on the shared disk has grown to a size. Not HEAD: HEAD takes the upload's lock,
 * which asks an open PATCH to let go, and these tests need that PATCH to stay open.
 */
async function waitForBytes(t: TestApp, id: string, atLeast: number): Promise<number> {
  const file = path.join(t.dataDir, 'uploads', id);
  for (const deadline = Date.now() + 10_000; ; await sleep(20)) {
    const { size } = await fs.stat(file);
    if (size >= atLeast) return size;
    if (Date.now() > deadline) throw new Error(`upload stuck at ${size} bytes, wanted ${atLeast}`);
  }
}

async function heldUploadLocks(t: TestApp): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_locks
    where locktype = 'advisory' and classid = 7311 and database = (select oid from pg_database where datname = current_database())`.execute(t.app.ctx.db);
  return rows[0]!.n;
}

// Several processes can only share a Postgres: PGlite is one process by construction (docs/recording-pipeline.md).
describe.skipIf(!process.env.TEST_DATABASE_URL)('two API processes, one Postgres, one data folder', () => {
  let one: TestApp;
  let two: TestApp;
  let owner: SignedUp;
  let work: string;
  beforeAll(async () => {
    // No workers yet: the test reads the original before a third process takes the job.
    one = await startTestApp({}, { WORKERS: 'false' });
    two = await startPeerApp(one, { WORKERS: 'false' });
    owner = await signUp(one);
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-multi-'));
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
    if (work) await fs.rm(work, { recursive: true, force: true });
  });

  it('serves one upload from both, never interleaves two PATCHes, and a third process processes it', async () => {
    expect(one.app.ctx.uploads.locker.constructor.name).toBe('PostgresLocker');
    const data = await fs.readFile(await mediaFile('h264-opus-fmp4', 4));
    const half = Math.floor(data.length / 2);
    const request = await createRequest(one.url, owner);
    const id = await createUpload(one.url, request.token, data.length);

    // First half through process one; process two sees the same offset.
    const first = await patch(one.url, id, 0, data.subarray(0, half));
    expect(first.status).toBe(204);
    expect(await headOffset(two.url, id)).toEqual({ offset: half, length: data.length });

    // A client that vanishes mid-PATCH on process one leaves no lock behind: process two continues at once.
    const dropped = openPatch(one.url, id, half);
    await dropped.write(data.subarray(half, half + 8192));
    let offset = await waitForBytes(two, id, half + 8192);
    // The upload's advisory lock (postgres-locker.ts: class 7311, hashtext of the id), held while a PATCH writes.
    const held = async () => (await sql<{ n: number }>`select count(*)::int as n from pg_locks where locktype = 'advisory' and classid = 7311 and objid = hashtext(${id})::oid and objsubid = 2`.execute(one.app.ctx.db)).rows[0]!.n;
    expect(await held()).toBe(1);
    dropped.destroy();
    // Released by the request's end, not left to the next writer's acquire timeout: gone before process two writes.
    await expect.poll(held, { timeout: 10_000 }).toBe(0);
    const next = await patch(two.url, id, offset, data.subarray(offset, offset + 8192));
    expect(next.status).toBe(204);
    offset += 8192;

    // Process one holds the upload (a PATCH whose body pauses); process two's PATCH must wait until tus stops it.
    const stale = openPatch(one.url, id, offset);
    await stale.write(data.subarray(offset, offset + 8192));
    offset = await waitForBytes(two, id, offset + 8192);
    const contender = Date.now();
    const fresh = patch(two.url, id, offset, data.subarray(offset, offset + 16384));
    const freshResponse = await fresh;
    const freshAt = Date.now();
    // The late bytes of the request that held the lock must not land anywhere.
    await stale.write(Buffer.alloc(8192, 0xee));
    const staleAnswer = await Promise.race([stale.response, sleep(5000).then(() => undefined)]);
    stale.destroy();
    expect(freshResponse.status).toBe(204);
    // It waited for the release (tus gives the holder lockDrainTimeout, 3 s, to finish) and the holder ended first.
    expect(freshAt - contender).toBeGreaterThan(1000);
    expect(staleAnswer?.at).toBeLessThanOrEqual(freshAt);
    offset += 16384;
    expect((await headOffset(one.url, id)).offset).toBe(offset);

    // A PATCH at a stale offset is refused (409) and releases its lock like any other error.
    expect((await patch(one.url, id, offset - 100, data.subarray(offset - 100))).status).toBe(409);
    const rest = await patch(two.url, id, offset, data.subarray(offset));
    expect(rest.status).toBe(204);
    expect(await headOffset(one.url, id)).toEqual({ offset: data.length, length: data.length });
    expect(await heldUploadLocks(one)).toBe(0);

    const created = await submit(two.url, request.token, submitBody(id));
    expect(created.status).toBe(201);
    const { id: submissionId } = await json<CreatedSubmission>(created);
    const original = await fetch(`${one.url}/api/v1/submissions/${submissionId}/original`, { headers: owner.headers });
    expect(original.status).toBe(200);
    expect(sha256(Buffer.from(await original.arrayBuffer()))).toBe(sha256(data));

    // A process started later with workers picks up the queued job from the shared database.
    const three = await startPeerApp(one, { WORKERS: 'true' });
    try {
      const done = await waitForProcessing(three.url, owner, submissionId);
      expect(done).toMatchObject({ status: 'ready', processing_error: null, width: 320, height: 240 });
      const mp4 = Buffer.from(await (await fetch(`${two.url}${String(done.download_url)}`, { headers: owner.headers })).arrayBuffer());
      const out = path.join(work, 'out.mp4');
      await fs.writeFile(out, mp4);
      const probe = await ffprobe(out);
      expect(probe.streams.map((s) => `${s.codec_type}:${s.codec_name}`).sort()).toEqual(['audio:aac', 'video:h264']);
      expect((await fetch(`${one.url}/api/v1/submissions/${submissionId}/original`, { headers: owner.headers })).status).toBe(404);
    } finally {
      await three.close();
    }
  });
});

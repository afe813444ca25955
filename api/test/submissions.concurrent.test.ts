import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedSubmission } from '@showback/contract';
import { signUp, type SignedUp } from './support/auth.ts';
import { mediaFile } from './support/fixtures/media.ts';
import { createRequest, json, submit, submitBody, tusUpload } from './support/fixtures/recording.ts';
import { startPeerApp, startTestApp, type TestApp } from './support/test-app.ts';
import { sql } from 'kysely';
import { recordAlertEvent } from '../src/alerts/alert-events.ts';
import { admitSubmission } from '../src/modules/submissions/assert-can-submit.ts';
import { updateSubmission } from '../src/modules/submissions/submissions.repository.ts';

const AT_ONCE = 50;

// Several processes on one database: Postgres only.
describe.skipIf(!process.env.TEST_DATABASE_URL)('one account receiving many recordings at once over two API processes', () => {
  let one: TestApp;
  let two: TestApp;
  let owner: SignedUp;
  beforeAll(async () => {
    // One process works the jobs, so recordings turn ready (and record their alert events) while the others arrive.
    one = await startTestApp({}, { WORKERS: 'true' });
    two = await startPeerApp(one, { WORKERS: 'false' });
    owner = await signUp(one);
    await one.app.ctx.db.updateTable('accounts').set({ plan: 'business' }).where('id', '=', owner.user.account.id).execute();
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it(`${AT_ONCE} submissions at once: no 5xx, and the account's and requests' counts are exact`, async () => {
    const data = await fs.readFile(await mediaFile('h264-opus-fmp4', 1));
    const requests = await Promise.all([0, 1, 2].map(() => createRequest(one.url, owner)));
    const uploads: { token: string; uploadId: string }[] = [];
    for (let i = 0; i < AT_ONCE; i++) {
      const { token } = requests[i % requests.length]!;
      uploads.push({ token, uploadId: await tusUpload((i % 2 ? two : one).url, data, { token }) });
    }
    const answers = await Promise.all(uploads.map(({ token, uploadId }, i) => submit((i % 2 ? two : one).url, token, submitBody(uploadId, { duration_ms: 1000 }))));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.every((status) => status === 201)).toBe(true);
    const ids = await Promise.all(answers.map(async (res) => (await json<CreatedSubmission>(res)).id));
    expect(new Set(ids).size).toBe(AT_ONCE);

    const db = one.app.ctx.db;
    const counted = await db.selectFrom('account_submission_counts').select('submissions').where('account_id', '=', owner.user.account.id).executeTakeFirstOrThrow();
    expect(Number(counted.submissions)).toBe(AT_ONCE);
    const perRequest = await db.selectFrom('request_submission_counts').select(['request_id', 'submissions']).where('request_id', 'in', requests.map((r) => r.id)).execute();
    expect(perRequest.map((row) => Number(row.submissions)).sort()).toEqual(requests.map((_, i) => Math.ceil((AT_ONCE - i) / requests.length)).sort());
    const listed = await fetch(`${one.url}/api/v1/submissions?limit=1`, { headers: owner.headers });
    expect((await listed.json()) as { total: number }).toMatchObject({ total: AT_ONCE });
  }, 180_000);

  it('a recording turning ready while another is admitted for the same account: both commit, neither deadlocks', async () => {
    const db = one.app.ctx.db;
    const accountId = owner.user.account.id;
    const request = await createRequest(one.url, owner);
    const data = await fs.readFile(await mediaFile('h264-opus-fmp4', 1));
    const res = await submit(one.url, request.token, submitBody(await tusUpload(one.url, data, { token: request.token })));
    const readyId = (await json<CreatedSubmission>(res)).id;
    let admitting!: () => void;
    const admissionInserting = new Promise<void>((resolve) => (admitting = resolve));
    // What process-submission's settle() does: the submission's update (its trigger locks the account's counts row),
    // then the alert event (its foreign key share-locks the account row), in one transaction.
    const settling = db.transaction().execute(async (trx) => {
      await updateSubmission(trx, readyId, { processing_error: null });
      await admissionInserting;
      await new Promise((r) => setTimeout(r, 300));
      await recordAlertEvent(trx, { accountId, type: 'submission.ready', submissionId: readyId });
    });
    const admission = admitSubmission(db, accountId, { request_id: request.id, upload_id: 'held', payload: {} }, async (trx) => {
      admitting();
      await sql`insert into submissions (account_id, request_id, client_submission_id, upload_id, source, mime_type)
        values (${accountId}, ${request.id}, ${crypto.randomUUID()}, ${crypto.randomUUID()}, 'link', 'video/mp4')`.execute(trx);
    });
    const outcomes = await Promise.allSettled([settling, admission]);
    expect(outcomes.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : 'ok'))).toEqual(['ok', 'ok']);
  });
});

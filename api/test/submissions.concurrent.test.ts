import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedSubmission } from '@showback/contract';
import { signUp, type SignedUp } from './support/auth.ts';
import { mediaFile } from './support/fixtures/media.ts';
import { createRequest, json, submit, submitBody, tusUpload } from './support/fixtures/recording.ts';
import { startPeerApp, startTestApp, type TestApp } from './support/test-app.ts';

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
});

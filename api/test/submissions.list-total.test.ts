import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedSubmission, SubmissionList } from '@showback/contract';
import { signUp, type SignedUp } from './support/auth.ts';
import { mediaFile } from './support/fixtures/media.ts';
import { createRequest, json, submit, submitBody, tusUpload } from './support/fixtures/recording.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

// The list's total comes from a count the database keeps on every insert and delete (migration 0240), not from
// counting the rows; whichever way rows come and go, it must equal count(*).
describe('submissions list: total and order', () => {
  let t: TestApp;
  let owner: SignedUp;
  let stranger: SignedUp;
  beforeAll(async () => {
    t = await startTestApp();
    owner = await signUp(t);
    stranger = await signUp(t);
  });
  afterAll(() => t.close());

  const deleting = (who: SignedUp) => ({ method: 'DELETE', headers: { cookie: who.cookie, 'x-csrf-token': who.csrf } });
  const list = async (who: SignedUp, query = ''): Promise<SubmissionList> => json<SubmissionList>(await fetch(`${t.url}/api/v1/submissions${query}`, { headers: who.headers }));
  const counted = async (accountId: string): Promise<number> => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from submissions where account_id = ${accountId}`.execute(t.app.ctx.db);
    return rows[0]!.n;
  };
  /** Rows written as a bulk job would: one statement, many rows, several sharing a created_at. */
  const insertMany = (accountId: string, requestId: string, n: number) =>
    sql`insert into submissions (account_id, request_id, client_submission_id, upload_id, source, mime_type, status, created_at)
        select ${accountId}, ${requestId}, gen_random_uuid(), 'list-' || gen_random_uuid(), 'link', 'video/mp4', 'ready', now() - (g / 3) * interval '1 minute'
        from generate_series(1, ${n}::int) g`.execute(t.app.ctx.db);

  it('keeps the total exact through submitting, bulk inserts and deletions, per account', async () => {
    const accountId = owner.user.account.id;
    const request = await createRequest(t.url, owner);
    const uploadId = await tusUpload(t.url, await mediaFile('h264-noaudio-mp4', 1), { token: request.token });
    const { id } = await json<CreatedSubmission>(await submit(t.url, request.token, submitBody(uploadId)));
    expect((await list(owner)).total).toBe(1);

    await insertMany(accountId, request.id, 30);
    const other = await createRequest(t.url, owner);
    await insertMany(accountId, other.id, 5);
    expect(await list(owner)).toMatchObject({ total: 36 });
    expect((await list(owner, `?request_id=${other.id}`)).total).toBe(5);
    expect((await list(stranger)).total).toBe(0);

    const del = await fetch(`${t.url}/api/v1/submissions/${id}`, deleting(owner));
    expect(del.status).toBe(204);
    expect((await list(owner)).total).toBe(35);

    const delRequest = await fetch(`${t.url}/api/v1/requests/${other.id}`, deleting(owner));
    expect(delRequest.status).toBe(204);
    expect((await list(owner)).total).toBe(30);
    expect(await counted(accountId)).toBe(30);

    // A rolled-back insert leaves the count as it was. Inside its transaction the insert was counted, and the
    // transaction ends with the test's own error, not a failed insert: so the rollback is what undid the count.
    const rollBack = new Error('roll back');
    await expect(
      t.app.ctx.db.transaction().execute(async (trx) => {
        await sql`insert into submissions (account_id, request_id, client_submission_id, upload_id, source, mime_type)
                  values (${accountId}, ${request.id}, gen_random_uuid(), 'rolled-back', 'link', 'video/mp4')`.execute(trx);
        const { rows } = await sql<{ n: number }>`select submissions::int as n from account_submission_counts where account_id = ${accountId}`.execute(trx);
        expect(rows[0]!.n).toBe(31);
        throw rollBack;
      }),
    ).rejects.toBe(rollBack);
    expect((await list(owner)).total).toBe(30);
    expect(await counted(accountId)).toBe(30);
  });

  it('pages newest first with ties broken by id, each submission on exactly one page', async () => {
    const account = await signUp(t);
    const request = await createRequest(t.url, account);
    await insertMany(account.user.account.id, request.id, 25);
    const pages = await Promise.all([1, 2, 3].map((page) => list(account, `?per_page=10&page=${page}`)));
    const ids = pages.flatMap((p) => p.items.map((item) => item.id));
    expect(pages.map((p) => p.items.length)).toEqual([10, 10, 5]);
    expect(new Set(ids).size).toBe(25);
    const { rows } = await sql<{ id: string }>`select id from submissions where account_id = ${account.user.account.id} order by created_at desc, id desc`.execute(t.app.ctx.db);
    expect(ids).toEqual(rows.map((r) => r.id));

    // The total rides on the page's rows; a page with none still answers it, as does an account with none yet.
    expect(await list(account, '?per_page=10&page=4')).toMatchObject({ items: [], total: 25 });
    expect(await list(await signUp(t))).toMatchObject({ items: [], total: 0 });
    // The list formats created_at in the database; the submission's own answer formats it in Node: the same text.
    const [first] = pages[0]!.items;
    const one = await json<{ created_at: string }>(await fetch(`${t.url}/api/v1/submissions/${first!.id}`, { headers: account.headers }));
    expect(first!.created_at).toBe(one.created_at);
    expect(first!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubmissionList } from '@showback/contract';
import { signUp, type SignedUp } from './support/auth.ts';
import { createRequest, json } from './support/fixtures/recording.ts';
import { startPeerApp, startTestApp, type TestApp } from './support/test-app.ts';

/** Names every submission of an account's, unseen by the version triggers (the table owner may switch them off). */
const updateUnseen = (app: TestApp, accountId: string, recipientName: string) =>
  app.app.ctx.db.transaction().execute(async (trx) => {
    await sql`alter table submissions disable trigger submissions_list_version_on_update`.execute(trx);
    await sql`update submissions set recipient_name = ${recipientName} where account_id = ${accountId}`.execute(trx);
    await sql`alter table submissions enable trigger submissions_list_version_on_update`.execute(trx);
  });

// Each process keeps the unfiltered list's pages it served and serves one again only while the account's list_version
// (migration 0310) is the one it was read at; the triggers bump it in every statement that changes what a page shows.
// A change written with those triggers switched off shows whether a page came from memory: the kept page still lacks
// it, while a list read anew (a search) has it.
describe('submissions list: kept pages', () => {
  let t: TestApp;
  let owner: SignedUp;
  let requestId: string;
  beforeAll(async () => {
    t = await startTestApp();
    owner = await signUp(t);
    requestId = (await createRequest(t.url, owner, { title: 'Checkout bug' })).id;
    await insertMany(owner.user.account.id, requestId, 3);
  });
  afterAll(() => t.close());

  const list = async (who: SignedUp, query = ''): Promise<SubmissionList> => json<SubmissionList>(await fetch(`${t.url}/api/v1/submissions${query}`, { headers: who.headers }));
  const insertMany = (accountId: string, id: string, n: number) =>
    sql`insert into submissions (account_id, request_id, client_submission_id, upload_id, source, mime_type, status, created_at)
        select ${accountId}, ${id}, gen_random_uuid(), 'kept-' || gen_random_uuid(), 'link', 'video/mp4', 'ready', now() - g * interval '1 minute'
        from generate_series(1, ${n}::int) g`.execute(t.app.ctx.db);
  const version = async (): Promise<number> => {
    const { rows } = await sql<{ v: number }>`select list_version as v from account_submission_counts where account_id = ${owner.user.account.id}`.execute(t.app.ctx.db);
    return Number(rows[0]!.v);
  };
  const names = (page: SubmissionList) => page.items.map((item) => item.recipient_name);
  const patchTitle = (title: string) => fetch(`${t.url}/api/v1/requests/${requestId}`, { method: 'PATCH', headers: owner.headers, body: JSON.stringify({ title }) });

  it('serves a kept page while the version is unchanged, and every change to what it shows at the next request', async () => {
    expect(names(await list(owner))).toEqual([null, null, null]);
    await updateUnseen(t, owner.user.account.id, 'Unseen');
    // Kept: the unseen update is not in the page, though a search, read anew, finds it.
    expect(names(await list(owner))).toEqual([null, null, null]);
    expect((await list(owner, '?q=Unseen')).total).toBe(3);

    // An update as a job in any process would write it: the version moves in the same statement, the page is read again.
    const before = await version();
    await sql`update submissions set status = 'failed' where id = (select id from submissions where account_id = ${owner.user.account.id} order by created_at desc limit 1)`.execute(t.app.ctx.db);
    expect(await version()).toBeGreaterThan(before);
    const updated = await list(owner);
    expect(updated.items.map((item) => item.status)).toEqual(['failed', 'ready', 'ready']);
    expect(names(updated)).toEqual(['Unseen', 'Unseen', 'Unseen']);

    // A new submission, a renamed request, a deletion: each in the very next answer.
    await insertMany(owner.user.account.id, requestId, 1);
    expect((await list(owner)).total).toBe(4);
    expect((await patchTitle('Checkout bug on Safari')).status).toBe(200);
    expect(new Set((await list(owner)).items.map((item) => item.request_title))).toEqual(new Set(['Checkout bug on Safari']));
    const [newest] = (await list(owner)).items;
    const del = await fetch(`${t.url}/api/v1/submissions/${newest!.id}`, { method: 'DELETE', headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrf } });
    expect(del.status).toBe(204);
    const after = await list(owner);
    expect(after.total).toBe(3);
    expect(after.items.map((item) => item.id)).not.toContain(newest!.id);

    // Saving a request without changing its title leaves the pages as they are.
    const unchanged = await version();
    expect((await patchTitle('Checkout bug on Safari')).status).toBe(200);
    expect(await version()).toBe(unchanged);
  });

  it('keeps each page apart: by account, page and page size', async () => {
    await updateUnseen(t, owner.user.account.id, 'Again');
    const firstTwo = await list(owner, '?per_page=2');
    const secondTwo = await list(owner, '?per_page=2&page=2');
    // Never served before the unseen update, so read now: they have it, while the kept default page does not.
    expect(names(firstTwo)).toEqual(['Again', 'Again']);
    expect(names(secondTwo)).toEqual(['Again']);
    expect(names(await list(owner))).toEqual(['Unseen', 'Unseen', 'Unseen']);
    const stranger = await signUp(t);
    expect(await list(stranger)).toMatchObject({ items: [], total: 0 });
    // A stranger's first submission creates their version: their kept empty page is not served again.
    const strangerRequest = await createRequest(t.url, stranger);
    await insertMany(stranger.user.account.id, strangerRequest.id, 2);
    expect((await list(stranger)).total).toBe(2);
    expect((await list(owner)).total).toBe(3);
  });

  it('keeps nothing with LIST_CACHE_MB=0', async () => {
    const uncached = await startTestApp({}, { LIST_CACHE_MB: '0' });
    try {
      const someone = await signUp(uncached);
      const request = await createRequest(uncached.url, someone);
      await sql`insert into submissions (account_id, request_id, client_submission_id, upload_id, source, mime_type)
                values (${someone.user.account.id}, ${request.id}, gen_random_uuid(), 'uncached', 'link', 'video/mp4')`.execute(uncached.app.ctx.db);
      const read = async () => (await json<SubmissionList>(await fetch(`${uncached.url}/api/v1/submissions`, { headers: someone.headers }))).items[0]!.recipient_name;
      expect(await read()).toBeNull();
      await updateUnseen(uncached, someone.user.account.id, 'Read anew');
      expect(await read()).toBe('Read anew');
    } finally {
      await uncached.close();
    }
  });

  describe.skipIf(!process.env.TEST_DATABASE_URL)('with a second API process on the database', () => {
    it("serves another process's change at the next request, with no notice between them", async () => {
      const peer = await startPeerApp(t);
      try {
        const kept = await list(owner);
        const res = await fetch(`${peer.url}/api/v1/requests/${requestId}`, { method: 'PATCH', headers: owner.headers, body: JSON.stringify({ title: 'Renamed elsewhere' }) });
        expect(res.status).toBe(200);
        const now = await list(owner);
        expect(now.items.map((item) => item.request_title)).toEqual(kept.items.map(() => 'Renamed elsewhere'));
      } finally {
        await peer.close();
      }
    });
  });
});

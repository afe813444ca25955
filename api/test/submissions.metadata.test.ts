import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Submission, SubmissionList } from '@showback/contract';
import { signUp, type SignedUp } from './support/auth.ts';
import { createRequest, json } from './support/fixtures/recording.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

// The host page's metadata (setMetadata, the metadata option, open({ metadata })) on a recording and in the list's
// filter (`meta=key:value`, jsonb containment on an index) and search (`q`).
describe('submissions: the integrator’s metadata', () => {
  let t: TestApp;
  let owner: SignedUp;
  let stranger: SignedUp;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp();
    owner = await signUp(t);
    stranger = await signUp(t);
    const request = await createRequest(t.url, owner);
    // As a widget submission stores it (widget/submission-context.ts): a context row beside the submission.
    const add = async (name: string, accountId: string, requestId: string, metadata: object | null) => {
      const { rows } = await sql<{ id: string }>`insert into submissions (account_id, request_id, client_submission_id, upload_id, source, mime_type, status)
        values (${accountId}, ${requestId}, gen_random_uuid(), ${`meta-${name}`}, 'widget', 'video/mp4', 'ready') returning id`.execute(t.app.ctx.db);
      ids[name] = rows[0]!.id;
      if (metadata) await sql`insert into submission_context (submission_id, metadata) values (${ids[name]}, ${JSON.stringify(metadata)}::jsonb)`.execute(t.app.ctx.db);
    };
    await add('enterprise', owner.user.account.id, request.id, { plan: 'enterprise', app_version: '4.2.1', seats: 12 });
    await add('enterpriseOld', owner.user.account.id, request.id, { plan: 'enterprise', app_version: '4.1.0', seats: '12' });
    await add('free', owner.user.account.id, request.id, { plan: 'free', beta: true, note: 'ENTERPRISE trial asked' });
    await add('link', owner.user.account.id, request.id, null);
    const theirs = await createRequest(t.url, stranger);
    await add('stranger', stranger.user.account.id, theirs.id, { plan: 'enterprise' });
  });
  afterAll(() => t.close());

  const list = async (who: SignedUp, query: string): Promise<string[]> => {
    const res = await fetch(`${t.url}/api/v1/submissions?${query}`, { headers: who.headers });
    const page = await json<SubmissionList>(res);
    if (!query.includes('per_page')) expect(page.total).toBe(page.items.length);
    return page.items.map((i) => Object.keys(ids).find((k) => ids[k] === i.id)!).sort();
  };

  it('shows a recording’s metadata as the page attached it, {} where there is none', async () => {
    const one = await json<Submission>(await fetch(`${t.url}/api/v1/submissions/${ids.enterprise}`, { headers: owner.headers }));
    expect(one.metadata).toEqual({ plan: 'enterprise', app_version: '4.2.1', seats: 12 });
    const link = await json<Submission>(await fetch(`${t.url}/api/v1/submissions/${ids.link}`, { headers: owner.headers }));
    expect(link.metadata).toEqual({});
  });

  it('filters by key:value, exactly, all conditions together, the account’s own recordings only', async () => {
    expect(await list(owner, 'meta=plan:enterprise')).toEqual(['enterprise', 'enterpriseOld']);
    expect(await list(owner, 'meta=plan:free')).toEqual(['free']);
    expect(await list(owner, 'meta=plan:Enterprise')).toEqual([]);
    expect(await list(owner, 'meta=plan:enter')).toEqual([]);
    expect(await list(owner, 'meta=plan:enterprise&meta=app_version:4.2.1')).toEqual(['enterprise']);
    // A value that spells a number, boolean or null finds the typed value as well as the text.
    expect(await list(owner, 'meta=seats:12')).toEqual(['enterprise', 'enterpriseOld']);
    expect(await list(owner, 'meta=beta:true')).toEqual(['free']);
    // Split at the first colon: the value may hold more.
    expect(await list(owner, `meta=${encodeURIComponent('plan:enterprise:x')}`)).toEqual([]);
    expect(await list(stranger, 'meta=plan:enterprise')).toEqual(['stranger']);
    // With another filter, and paged.
    expect(await list(owner, 'meta=plan:enterprise&status=ready&per_page=1&page=1')).toHaveLength(1);
  });

  it('refuses a condition without a key and value, or too many', async () => {
    for (const query of ['meta=plan', 'meta=:enterprise', 'meta=' + 'a'.repeat(1200) + ':x', Array.from({ length: 6 }, (_, i) => `meta=k${i}:v`).join('&')]) {
      const res = await fetch(`${t.url}/api/v1/submissions?${query}`, { headers: owner.headers });
      expect(res.status, query).toBe(422);
      expect((await res.json()) as object).toMatchObject({ statusCode: 422, code: 'VALIDATION_FAILED' });
    }
  });

  it('search (q) finds metadata values, case-insensitively, as text; LIKE characters are literal', async () => {
    expect(await list(owner, 'q=enterprise')).toEqual(['enterprise', 'enterpriseOld', 'free']);
    expect(await list(owner, 'q=4.2.1')).toEqual(['enterprise']);
    expect(await list(owner, 'q=4.%25')).toEqual([]);
    // Keys are not values.
    expect(await list(owner, 'q=app_version')).toEqual([]);
  });

  it('answers the containment from its index', async () => {
    const plan = await t.app.ctx.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select submission_id from submission_context where metadata @> ${JSON.stringify({ plan: 'enterprise' })}::jsonb`.execute(trx);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('submission_context_metadata');
  });
});

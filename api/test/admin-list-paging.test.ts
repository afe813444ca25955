import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, signUp, signUpSysadmin, type SignedUp } from './support/auth.ts';
import { createRequest } from './support/fixtures/recording.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

// The admin lists find a page's ids first and read the joined columns and per-row counts for those ids only
// (admin.repository.ts); walking every page must give the one-page list exactly, ties included.
describe('admin lists: pages found before their columns', () => {
  let t: TestApp;
  let staff: SignedUp;
  let owners: SignedUp[];
  beforeAll(async () => {
    t = await startTestApp({}, { WORKERS: 'false' });
    staff = await signUpSysadmin(t);
    owners = [];
    for (let i = 0; i < 6; i++) owners.push(await signUp(t, { name: `Paging Person ${i}`, account_name: `Paging Co ${i}` }));
    const db = t.app.ctx.db;
    // Ties on every sort key but the id: only the id orders them, and it must, the same way on every page.
    await sql`update users set created_at = '2026-11-01T00:00:00Z', last_active_at = null`.execute(db);
    await sql`update accounts set created_at = '2026-11-01T00:00:00Z', trial_ends_at = null`.execute(db);
    const request = await createRequest(t.url, owners[2]!);
    await sql`insert into submissions (account_id, request_id, client_submission_id, upload_id, source, mime_type)
      select ${owners[2]!.user.account.id}, ${request.id}, gen_random_uuid(), 'paging-' || g, 'link', 'video/mp4' from generate_series(1, 3) g`.execute(db);
  });
  afterAll(() => t.close());

  const list = async (path: string) => body(await fetch(`${t.url}${path}`, { headers: staff.headers }));
  const walk = async (path: string, total: number) => {
    const items = [];
    for (let page = 1; page <= Math.ceil(total / 2) + 1; page++) items.push(...(await list(`${path}&per_page=2&page=${page}`)).items);
    return items;
  };

  it('walks users page by page in each order as one page lists them, ties broken by id', async () => {
    for (const sort of ['newest', 'oldest', 'email', 'last_active']) {
      const all = await list(`/api/v1/admin/users?sort=${sort}&per_page=100`);
      expect(all.total).toBe(7);
      expect(await walk(`/api/v1/admin/users?sort=${sort}`, all.total), sort).toEqual(all.items);
    }
    const found = await list('/api/v1/admin/users?q=paging%20person&sort=email&per_page=2&page=3');
    expect(found).toMatchObject({ total: 6, page: 3 });
    expect(found.items.map((u: { name: string; account_name: string }) => u.account_name.replace('Co', 'Person'))).toEqual(found.items.map((u: { name: string }) => u.name));
  });

  it('walks accounts page by page with their member and recording counts', async () => {
    for (const sort of ['newest', 'oldest', 'name', 'trial_ending']) {
      const all = await list(`/api/v1/admin/accounts?sort=${sort}&per_page=100`);
      expect(all.total).toBe(7);
      expect(await walk(`/api/v1/admin/accounts?sort=${sort}`, all.total), sort).toEqual(all.items);
    }
    const named = await list('/api/v1/admin/accounts?sort=name&q=paging&per_page=1&page=3');
    expect(named).toMatchObject({ total: 6, items: [{ name: 'Paging Co 2', user_count: 1, submission_count: 3 }] });
    expect((await list('/api/v1/admin/accounts?q=paging%20co&per_page=100')).total).toBe(6);
  });
});

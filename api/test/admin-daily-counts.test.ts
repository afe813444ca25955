import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOverview } from '@showback/contract';
import type { Db } from '../src/db/database.ts';
import { body, signUp, signUpSysadmin, type SignedUp } from './support/auth.ts';
import { createRequest } from './support/fixtures/recording.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

// The overview's sign-up and submission counts come from admin_daily_counts, kept by triggers (migration 0220), and
// the requests list's submission counts from request_submission_counts (0221), not from counting the rows; whichever
// way rows come, go or move to another day, they must equal counting them.
describe('admin counts kept by the database', () => {
  let t: TestApp;
  let staff: SignedUp;
  let owner: SignedUp;
  let requestId: string;
  beforeAll(async () => {
    t = await startTestApp({}, { WORKERS: 'false' });
    staff = await signUpSysadmin(t);
    owner = await signUp(t);
    requestId = (await createRequest(t.url, owner)).id;
  });
  afterAll(() => t.close());

  /** Rows as a bulk job writes them: one statement, `n` rows, one every `hours` hours back from 3 hours ago. */
  const insertSubmissions = (n: number, hours: number) =>
    sql`insert into submissions (account_id, request_id, client_submission_id, upload_id, source, mime_type, status, created_at)
        select ${owner.user.account.id}, ${requestId}, gen_random_uuid(), 'daily-' || gen_random_uuid(), 'link', 'video/mp4', 'ready', now() - interval '3 hours' - (g * ${hours}::int) * interval '1 hour'
        from generate_series(0, ${n - 1}::int) g`.execute(t.app.ctx.db);

  // `db`: a transaction, to look at the counts from inside it (PGlite's one connection is that transaction's meanwhile).
  const kept = async (kind: string, db: Db = t.app.ctx.db) => {
    const { rows } = await sql<{ day: string; n: number }>`select to_char(day, 'YYYY-MM-DD') as day, count::int as n from admin_daily_counts where kind = ${kind} and count <> 0 order by 1`.execute(db);
    return rows;
  };
  const counted = async (table: 'users' | 'submissions', db: Db = t.app.ctx.db) => {
    const { rows } = await sql<{ day: string; n: number }>`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n from ${sql.table(table)} group by 1 order by 1`.execute(db);
    return rows;
  };
  /** Submissions per request as kept (migration 0221) and as counted: requests with none may keep a zero or no row. */
  const perRequest = async (db: Db = t.app.ctx.db) => {
    const { rows } = await sql<{ kept: string; counted: string }>`
      select coalesce((select string_agg(request_id || ':' || submissions, ',' order by request_id) from request_submission_counts where submissions <> 0), '') as kept,
             coalesce((select string_agg(request_id || ':' || n, ',' order by request_id) from (select request_id, count(*) as n from submissions group by request_id) c), '') as counted`.execute(db);
    return rows[0]!;
  };
  const expectExact = async (db: Db = t.app.ctx.db) => {
    expect(await kept('submissions', db)).toEqual(await counted('submissions', db));
    expect(await kept('users', db)).toEqual(await counted('users', db));
    const requests = await perRequest(db);
    expect(requests.kept).toBe(requests.counted);
  };

  it('stays equal to the rows through bulk inserts, deletes, moved dates and a rollback', async () => {
    await expectExact();
    await insertSubmissions(120, 7);
    await expectExact();

    await sql`delete from submissions where created_at < now() - interval '20 days'`.execute(t.app.ctx.db);
    await expectExact();

    await sql`update submissions set created_at = created_at - interval '2 days' where created_at > now() - interval '5 days'`.execute(t.app.ctx.db);
    await sql`update submissions set status = 'failed' where created_at < now() - interval '10 days'`.execute(t.app.ctx.db);
    await sql`update users set created_at = now() - interval '12 days' where id = ${owner.user.id}`.execute(t.app.ctx.db);
    await expectExact();

    // The insert is counted inside its transaction, which ends with the test's own error (not a failed insert); the
    // rollback then leaves the counts as they were.
    const keptBefore = await kept('submissions');
    const rollBack = new Error('roll back');
    await expect(
      t.app.ctx.db.transaction().execute(async (trx) => {
        await sql`insert into submissions (account_id, request_id, client_submission_id, upload_id, source, mime_type) values (${owner.user.account.id}, ${requestId}, gen_random_uuid(), 'rolled-back', 'link', 'video/mp4')`.execute(trx);
        await expectExact(trx);
        expect(await kept('submissions', trx)).not.toEqual(keptBefore);
        throw rollBack;
      }),
    ).rejects.toBe(rollBack);
    expect(await kept('submissions')).toEqual(keptBefore);
    await expectExact();

    // An account deleted with its users and submissions (cascades are deletes too).
    const leaving = await signUp(t);
    const leavingRequest = await createRequest(t.url, leaving);
    await sql`insert into submissions (account_id, request_id, client_submission_id, upload_id, source, mime_type)
      select ${leaving.user.account.id}, ${leavingRequest.id}, gen_random_uuid(), 'leaving-' || g, 'link', 'video/mp4' from generate_series(1, 4) g`.execute(t.app.ctx.db);
    await expectExact();
    await sql`delete from accounts where id = ${leaving.user.account.id}`.execute(t.app.ctx.db);
    await expectExact();
  });

  it('answers the overview as counting the rows would: today, 7 and 30 days to this moment, and per day', async () => {
    await insertSubmissions(80, 9);
    const { rows } = await sql<{ today: number; week: number; month: number }>`
      select count(*) filter (where created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')::int as today,
             count(*) filter (where created_at >= now() - interval '7 days')::int as week,
             count(*) filter (where created_at >= now() - interval '30 days')::int as month
      from submissions`.execute(t.app.ctx.db);
    const expected = rows[0]!;
    const overview = (await body(await fetch(`${t.url}/api/v1/admin/overview`, { headers: staff.headers }))) as AdminOverview;
    expect(overview.submissions).toEqual({ today: expected.today, last_7_days: expected.week, last_30_days: expected.month });
    expect(overview.submissions.last_7_days).toBeGreaterThan(0);
    const perDay = new Map((await counted('submissions')).map((r) => [r.day, r.n]));
    expect(overview.submissions_per_day).toEqual(overview.submissions_per_day.map(({ day }) => ({ day, count: perDay.get(day) ?? 0 })));
    expect(overview.submissions_per_day.reduce((n, d) => n + d.count, 0)).toBeGreaterThan(0);
  });
});

import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedQuery } from '../src/db/prepared-query.ts';
import { SIGNED_IN_CHANNEL, SIGNED_IN_TABLES } from '../src/modules/auth/signed-in-cache.ts';
import { body, signUp, type SignedUp } from './support/auth.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

// Signed-in requests read their session and profile from a per-process cache (modules/auth/signed-in-cache.ts).
// These check that no change to what it copies is missed: the process's own writes, other connections' writes
// (NOTIFY from the triggers of migration 20261126_0300), and a lost LISTEN connection.
describe('the signed-in cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const me = (who: SignedUp) => fetch(`${t.url}/api/v1/users/me`, { headers: who.headers });
  const list = (who: SignedUp) => fetch(`${t.url}/api/v1/submissions`, { headers: who.headers });
  /** Reads twice, so the second answer comes from the cache. */
  const warm = async (who: SignedUp) => {
    for (let i = 0; i < 2; i++) {
      expect((await me(who)).status).toBe(200);
      expect((await list(who)).status).toBe(200);
    }
  };

  it('has a change trigger on exactly the tables it copies', async () => {
    const { rows } = await sql<{ table: string }>`select distinct tgrelid::regclass::text as table from pg_trigger where tgname like '%\\_signed\\_in\\_%'`.execute(t.app.ctx.db);
    expect(rows.map((r) => r.table).sort()).toEqual([...SIGNED_IN_TABLES].sort());
  });

  it("sees this process's own writes at once: raw SQL, Kysely and executeSql", async () => {
    const disabled = await signUp(t);
    await warm(disabled);
    await sql`update users set disabled_at = now() where id = ${disabled.user.id}`.execute(t.app.ctx.db);
    expect((await me(disabled)).status).toBe(401);
    expect((await list(disabled)).status).toBe(401);

    const renamed = await signUp(t);
    await warm(renamed);
    await t.app.ctx.db.updateTable('accounts').set({ name: 'Renamed workspace' }).where('id', '=', renamed.user.account.id).execute();
    expect((await body(await me(renamed))).account.name).toBe('Renamed workspace');

    const signedOut = await signUp(t);
    await warm(signedOut);
    await t.app.ctx.database.executeSql('delete from sessions where user_id = $1', [signedOut.user.id]);
    expect((await me(signedOut)).status).toBe(401);
    expect((await list(signedOut)).status).toBe(401);
  });

  it('sees a sign-out through the API at once', async () => {
    const owner = await signUp(t);
    await warm(owner);
    const signOut = await fetch(`${t.url}/api/v1/users/sign_out`, { method: 'DELETE', headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrf } });
    expect(signOut.status).toBeLessThan(300);
    expect((await me(owner)).status).toBe(401);
  });

  it('binds each call its own values in a query compiled once', async () => {
    const echo = preparedQuery('test_echo', (db, v: { word: string; n: number }) => db.selectNoFrom([sql<string>`${v.word}::text`.as('word'), sql<number>`${v.n}::int + ${5}::int`.as('n')]));
    expect(await echo(t.app.ctx.database, { word: 'first', n: 1 })).toEqual([{ word: 'first', n: 6 }]);
    expect(await echo(t.app.ctx.database, { word: 'second', n: 2 })).toEqual([{ word: 'second', n: 7 }]);
  });

  describe.skipIf(!process.env.TEST_DATABASE_URL)("other connections' writes (PostgreSQL)", () => {
    let other: pg.Client;
    beforeAll(async () => {
      other = new pg.Client({ connectionString: t.databaseUrl });
      await other.connect();
    });
    afterAll(() => other.end());

    it('drops a session ended, a user disabled and an account changed by another process within moments', async () => {
      const ended = await signUp(t);
      const disabled = await signUp(t);
      await warm(ended);
      await warm(disabled);
      await other.query('delete from sessions where user_id = $1', [ended.user.id]);
      await other.query('update users set disabled_at = now() where id = $1', [disabled.user.id]);
      await other.query('update accounts set name = $1 where id = $2', ['Changed elsewhere', ended.user.account.id]);
      await expect.poll(async () => (await me(ended)).status, { timeout: 2000, interval: 20 }).toBe(401);
      await expect.poll(async () => (await list(disabled)).status, { timeout: 2000, interval: 20 }).toBe(401);

      const upgraded = await signUp(t);
      await warm(upgraded);
      await other.query(`update accounts set plan = 'growth' where id = $1`, [upgraded.user.account.id]);
      await expect.poll(async () => (await body(await me(upgraded))).account.plan, { timeout: 2000, interval: 20 }).toBe('growth');
    });

    it('caches nothing while its LISTEN connection is lost, and hears changes again once it is back', async () => {
      const first = await signUp(t);
      await warm(first);
      const { rowCount } = await other.query('select pg_terminate_backend(pid) from pg_stat_activity where query = $1 and datname = current_database() and pid <> pg_backend_pid()', [`listen "${SIGNED_IN_CHANNEL}"`]);
      expect(rowCount).toBeGreaterThan(0);
      await other.query('delete from sessions where user_id = $1', [first.user.id]);
      // The NOTIFY of that delete went nowhere: the process hears of the loss at once (it reconnects only after a
      // second) and forgets everything it held.
      await expect.poll(async () => (await me(first)).status, { timeout: 800, interval: 20 }).toBe(401);

      // Back on LISTEN, a change made elsewhere is heard again, well before a copy would age out (10 s).
      await expect.poll(async () => (await other.query('select 1 from pg_stat_activity where query = $1 and datname = current_database()', [`listen "${SIGNED_IN_CHANNEL}"`])).rowCount, { timeout: 10_000 }).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 200));
      const second = await signUp(t);
      await warm(second);
      await other.query('update users set name = $1 where id = $2', ['Renamed elsewhere', second.user.id]);
      await expect.poll(async () => (await body(await me(second))).name, { timeout: 2000, interval: 20 }).toBe('Renamed elsewhere');
    });
  });
});

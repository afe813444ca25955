import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { body, signUp } from './support/auth.ts';

// GET /users/me and requireUser each look the session up in a query of their own (prepared statements on Postgres);
// both must refuse the same sessions.
describe('GET /users/me and the session lookup agree', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const status = async (path: string, headers: Record<string, string>) => (await fetch(`${t.url}${path}`, { headers })).status;

  it('answers the user of a live session, then 401 once the user is disabled or the session has expired', async () => {
    const disabled = await signUp(t);
    expect(await status('/api/v1/users/me', disabled.headers)).toBe(200);
    expect(await status('/api/v1/submissions', disabled.headers)).toBe(200);
    // Disabled without the admin route (which also deletes the sessions): the lookups alone must refuse it.
    await sql`update users set disabled_at = now() where id = ${disabled.user.id}`.execute(t.app.ctx.db);
    const me = await fetch(`${t.url}/api/v1/users/me`, { headers: disabled.headers });
    expect(me.status).toBe(401);
    expect(await body(me)).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(await status('/api/v1/submissions', disabled.headers)).toBe(401);

    const expired = await signUp(t);
    await sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${expired.user.id}`.execute(t.app.ctx.db);
    expect(await status('/api/v1/users/me', expired.headers)).toBe(401);
    expect(await status('/api/v1/submissions', expired.headers)).toBe(401);
  });
});

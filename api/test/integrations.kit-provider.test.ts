import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providers } from '../src/integrations/providers.ts';
import { body, signUp, type SignedUp } from './support/auth.ts';
import { fakeVendorProvider } from './support/fake-vendor/fake-vendor.provider.ts';
import { startFakeVendorServer, type FakeVendorServer } from './support/fake-vendor/fake-vendor-server.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const PUBLIC_URL = 'https://showback.example';

/**
 * A provider added the way the issue asks for: declared through the kit in a folder of its own
 * (support/fake-vendor/), registered with one line, against a local vendor.
 */
describe('a provider declared through the kit', () => {
  let t: TestApp;
  let vendor: FakeVendorServer;
  const api = (path: string) => `${t.url}/api/v1/integrations/fakevendor${path}`;
  const workspace = (user: SignedUp) => fetch(api('/workspace'), { headers: user.headers });

  /** What a browser does: asks for the authorize URL, lets the vendor approve, follows the redirect back. */
  async function connect(user: SignedUp): Promise<Response> {
    const { authorize_url } = await body(await fetch(api('/authorize'), { method: 'POST', headers: user.headers, body: '{}' }));
    const consent = await fetch(authorize_url, { redirect: 'manual' });
    return fetch(consent.headers.get('location')!.replace(PUBLIC_URL, t.url), { headers: { cookie: user.cookie }, redirect: 'manual' });
  }

  beforeAll(async () => {
    vendor = await startFakeVendorServer();
    const env = { FAKEVENDOR_CLIENT_ID: vendor.clientId, FAKEVENDOR_CLIENT_SECRET: vendor.clientSecret, FAKEVENDOR_URL: vendor.url, PUBLIC_URL };
    t = await startTestApp({}, env, [...providers, fakeVendorProvider]);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await vendor?.close();
  });

  it('connects by OAuth through the kit and keeps the tokens sealed in the connection store', async () => {
    const owner = await signUp(t);
    const { authorize_url } = await body(await fetch(api('/authorize'), { method: 'POST', headers: owner.headers, body: '{}' }));
    const sent = new URL(authorize_url);
    expect(sent.origin + sent.pathname).toBe(`${vendor.url}/oauth/authorize`);
    expect(Object.fromEntries(sent.searchParams)).toMatchObject({ client_id: vendor.clientId, response_type: 'code', redirect_uri: `${PUBLIC_URL}/api/v1/integrations/fakevendor/callback`, code_challenge_method: 'S256' });

    expect((await connect(owner)).headers.get('location')).toBe('/my/integrations?fakevendor=connected');
    const row = await t.app.ctx.db.selectFrom('integration_connections').selectAll().where('account_id', '=', owner.user.account.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ provider: 'fakevendor', connected_by: owner.user.id, error: null });
    expect(row.access_token_encrypted).toMatch(/^v1\./);
    expect(row.refresh_token_encrypted).toMatch(/^v1\./);
    expect(row.access_token_encrypted).not.toContain('fv_access_');
    expect(await body(await workspace(owner))).toEqual({ name: 'Fake Vendor Workspace' });
  });

  it('refreshes an expired token once, under the row lock, when two calls need it at once', async () => {
    const owner = await signUp(t);
    await connect(owner);
    await t.app.ctx.db.updateTable('integration_connections').set({ access_token_expires_at: new Date(Date.now() - 1000) }).where('account_id', '=', owner.user.account.id).execute();
    const before = vendor.grants.length;
    const answers = await Promise.all([workspace(owner), workspace(owner)]);
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    expect(vendor.grants.slice(before)).toEqual(['refresh_token']);
    const row = await t.app.ctx.db.selectFrom('integration_connections').selectAll().where('account_id', '=', owner.user.account.id).executeTakeFirstOrThrow();
    expect(new Date(row.access_token_expires_at!).getTime()).toBeGreaterThan(Date.now());
  });

  it("reports the vendor's failures in the one error shape", async () => {
    const owner = await signUp(t);
    await connect(owner);
    vendor.failNextCall(429);
    const limited = await workspace(owner);
    expect(limited.status).toBe(429);
    expect(await body(limited)).toMatchObject({ code: 'RATE_LIMITED', message: 'Fake Vendor is rate limiting Showback.', details: { retry_after_seconds: 7 } });
    vendor.failNextCall(503);
    const down = await workspace(owner);
    expect(down.status).toBe(502);
    expect(await body(down)).toMatchObject({ code: 'UPSTREAM_FAILED', message: 'Fake Vendor answered HTTP 503.' });
    // A refused refresh (the grant spent elsewhere) is the grant failure of kit/oauth.ts, kept on the connection.
    const row = await t.app.ctx.db.selectFrom('integration_connections').selectAll().where('account_id', '=', owner.user.account.id).executeTakeFirstOrThrow();
    await t.app.ctx.db.updateTable('integration_connections').set({ access_token_expires_at: new Date(0), refresh_token_encrypted: row.access_token_encrypted }).where('account_id', '=', owner.user.account.id).execute();
    const refused = await workspace(owner);
    expect(refused.status).toBe(502);
    expect(await body(refused)).toMatchObject({ code: 'UPSTREAM_FAILED', message: 'Fake Vendor refused the grant (invalid_grant: The grant is spent or unknown.). Reconnect Fake Vendor.' });
    expect((await t.app.ctx.db.selectFrom('integration_connections').select('error').where('account_id', '=', owner.user.account.id).executeTakeFirstOrThrow()).error).toMatch(/refused the grant/);
  });
});

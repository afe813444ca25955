import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSubdomain, ErrorBody, PlanId, RecordingRequest } from '@showback/contract';
import { cookiesOf, signUp, type SignedUp } from './support/auth.ts';
import { createRequest } from './support/fixtures/recording.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const BASE = 'showback.test';
const PUBLIC_URL = 'http://app.showback.test:3000';

interface HostResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request with its own Host header, as a browser sends to acme.showback.test (fetch may not set Host). */
function hostRequest(t: TestApp, method: string, host: string, urlPath: string, headers: Record<string, string> = {}, body?: string): Promise<HostResponse> {
  const { port } = new URL(t.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: urlPath, headers: { ...headers, host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('branded subdomains', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-subdomains-'));
    await fs.mkdir(path.join(root, 'recorder/dist'), { recursive: true });
    await fs.writeFile(path.join(root, 'recorder/dist/index.html'), '<!doctype html><html><head><title>recorder</title><!--app-meta--></head><body>recorder</body></html>');
    t = await startTestApp({ staticRoot: root }, { BRANDED_BASE_DOMAIN: BASE, PUBLIC_URL });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(root, { recursive: true, force: true });
  });

  const setPlan = async (who: SignedUp, plan: PlanId, trialEndsAt: Date | null = null) => {
    await t.app.ctx.db.updateTable('accounts').set({ plan, trial_ends_at: trialEndsAt }).where('id', '=', who.user.account.id).execute();
  };
  const ownerOn = async (plan: PlanId, trialEndsAt: Date | null = null): Promise<SignedUp> => {
    const owner = await signUp(t);
    await setPlan(owner, plan, trialEndsAt);
    return owner;
  };
  const claim = (who: SignedUp, name: string) => fetch(`${t.url}/api/v1/account/subdomain`, { method: 'PUT', headers: who.headers, body: JSON.stringify({ name }) });
  const state = async (who: SignedUp) => (await (await fetch(`${t.url}/api/v1/account/subdomain`, { headers: who.headers })).json()) as AccountSubdomain;
  const unique = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}`;
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

  it('refuses names that break a DNS-label rule or are reserved, one message per rule', async () => {
    const owner = await ownerOn('scale');
    const cases: [string, string][] = [
      ['ab', 'must be at least 3 characters'],
      ['a'.repeat(64), 'must be at most 63 characters'],
      ['acme_co', 'may contain only lowercase letters (a–z), digits and hyphens'],
      ['acme.co', 'may contain only lowercase letters (a–z), digits and hyphens'],
      ['-acme', 'must not start or end with a hyphen'],
      ['acme-', 'must not start or end with a hyphen'],
      ['xn--acme', 'must not have hyphens in its third and fourth characters'],
      ['www', 'is reserved'],
      ['admin', 'is reserved'],
      // The label of PUBLIC_URL's own host.
      ['app', 'is reserved'],
    ];
    for (const [name, message] of cases) {
      const res = await claim(owner, name);
      expect(res.status, name).toBe(422);
      const body = (await res.json()) as ErrorBody;
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.errors, name).toEqual({ name: [message] });
    }
    // DNS is case-insensitive: what the owner types in capitals is the lowercase label.
    const name = unique('Acme');
    const ok = await claim(owner, `  ${name} `);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as AccountSubdomain).subdomain).toMatchObject({ name: name.toLowerCase(), status: 'active', origin: `http://${name.toLowerCase()}.${BASE}:3000` });
  });

  it('lets Scale and Enterprise claim, a trial preview, and refuses free, starter and growth with PLAN_REQUIRED', async () => {
    for (const plan of ['free', 'starter', 'growth'] as const) {
      const owner = await ownerOn(plan);
      expect((await state(owner)).can_claim).toBe(false);
      const res = await claim(owner, unique(plan));
      expect(res.status, plan).toBe(402);
      expect(((await res.json()) as ErrorBody).code).toBe('PLAN_REQUIRED');
    }
    for (const plan of ['scale', 'enterprise'] as const) {
      const owner = await ownerOn(plan);
      const res = await claim(owner, unique(plan));
      expect(res.status, plan).toBe(200);
      expect(((await res.json()) as AccountSubdomain).subdomain?.status).toBe('active');
    }
    const trial = await ownerOn('free', inDays(10));
    const name = unique('trial');
    expect(await claim(trial, name)).toHaveProperty('status', 200);
    expect((await state(trial)).subdomain?.status).toBe('preview');
    // A preview serves the account's links on the subdomain, but links shown stay on the default host.
    const request = await createRequest(t.url, trial);
    expect(request.link_url).toBe(`${PUBLIC_URL}/r/${request.token}`);
    expect((await hostRequest(t, 'GET', `${name}.${BASE}`, `/r/${request.token}`)).status).toBe(200);
  });

  it('refuses members: only owners and admins manage the subdomain', async () => {
    const owner = await ownerOn('scale');
    await t.app.ctx.db.updateTable('users').set({ role: 'member' }).where('id', '=', owner.user.id).execute();
    expect((await claim(owner, unique('member'))).status).toBe(403);
  });

  it('gives a name to one account only: concurrent claims, any case', async () => {
    const owners = await Promise.all([ownerOn('scale'), ownerOn('scale'), ownerOn('scale'), ownerOn('enterprise')]);
    const name = unique('race');
    const answers = await Promise.all(owners.map((o) => claim(o, name)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 422, 422, 422]);
    const refused = answers.find((r) => r.status === 422)!;
    expect(((await refused.json()) as ErrorBody).errors).toEqual({ name: ['is taken by another account'] });
    const other = owners[answers.findIndex((r) => r.status === 422)]!;
    const upper = await claim(other, name.toUpperCase());
    expect(upper.status).toBe(422);
  });

  it('shows links on the active subdomain and serves only that account’s recorder there', async () => {
    const acme = await ownerOn('scale');
    const other = await ownerOn('scale');
    const name = unique('acme');
    const host = `${name}.${BASE}`;
    await claim(acme, name);
    const mine = await createRequest(t.url, acme);
    const theirs = await createRequest(t.url, other);
    expect(mine.link_url).toBe(`http://${host}:3000/r/${mine.token}`);
    const listed = (await (await fetch(`${t.url}/api/v1/requests`, { headers: acme.headers })).json()) as { items: RecordingRequest[] };
    expect(listed.items[0]!.link_url).toBe(mine.link_url);

    const page = await hostRequest(t, 'GET', host, `/r/${mine.token}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('recorder');
    expect((await hostRequest(t, 'GET', host, `/api/v1/public/requests/${mine.token}`)).status).toBe(200);

    // Another account's link is not found on acme's subdomain, as a page and through the recipient API.
    const foreign = await hostRequest(t, 'GET', host, `/r/${theirs.token}`);
    expect(foreign.status).toBe(404);
    expect(foreign.headers['content-type']).toContain('text/html');
    expect(foreign.body).toContain('This recording link does not exist');
    const foreignApi = await hostRequest(t, 'GET', host, `/api/v1/public/requests/${theirs.token}`);
    expect(foreignApi.status).toBe(404);
    expect(JSON.parse(foreignApi.body)).toMatchObject({ code: 'NOT_FOUND' });
    const foreignSubmit = await hostRequest(t, 'POST', host, `/api/v1/public/requests/${theirs.token}/submissions`, { 'content-type': 'application/json' }, '{}');
    expect(foreignSubmit.status).toBe(404);
    const tokenMeta = (token: string) => `token ${Buffer.from(token).toString('base64')},filetype ${Buffer.from('video/webm').toString('base64')}`;
    const foreignUpload = await hostRequest(t, 'POST', host, '/uploads', { 'tus-resumable': '1.0.0', 'upload-length': '10', 'upload-metadata': tokenMeta(theirs.token) });
    expect(foreignUpload.status).toBe(404);
    const ownUpload = await hostRequest(t, 'POST', host, '/uploads', { 'tus-resumable': '1.0.0', 'upload-length': '10', 'upload-metadata': tokenMeta(mine.token) });
    expect(ownUpload.status).toBe(201);

    // The dashboard and sign-in live on the main host; the API behind them is not served here, however spelled.
    const signIn = await hostRequest(t, 'GET', host, '/sign-in?next=%2Fmy');
    expect(signIn.status).toBe(302);
    expect(signIn.headers.location).toBe(`${PUBLIC_URL}/sign-in?next=%2Fmy`);
    for (const p of ['/api/v1/users/me', '/%61pi/v1/users/me', '/api/v1/requests']) {
      const res = await hostRequest(t, 'GET', host, p, { cookie: acme.cookie });
      expect(res.status, p).toBe(404);
      expect(JSON.parse(res.body)).toMatchObject({ code: 'NOT_FOUND' });
    }

    // Links on the default host keep working.
    expect((await fetch(`${t.url}/api/v1/public/requests/${mine.token}`)).status).toBe(200);
  });

  it('answers an unknown subdomain with a clear page', async () => {
    for (const host of [`${unique('nobody')}.${BASE}`, `a.b.${BASE}`]) {
      const res = await hostRequest(t, 'GET', host, '/r/abcdefghijklmnopqrstuvwx');
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('This address is not in use');
      expect(res.body).toMatch(/^<!doctype html><html lang="en" dir="ltr">/);
    }
    // In the customer's language: the browser's (Arabic, right to left), unless the link's prefix says otherwise.
    const nobody = `${unique('nobody')}.${BASE}`;
    const arabic = await hostRequest(t, 'GET', nobody, '/r/abcdefghijklmnopqrstuvwx', { 'accept-language': 'ar-EG, en;q=0.5' });
    expect(arabic.status).toBe(404);
    expect(arabic.headers['content-language']).toBe('ar');
    expect(arabic.body).toMatch(/^<!doctype html><html lang="ar" dir="rtl">/);
    expect(arabic.body).toContain('<h1>هذا العنوان غير مستخدم</h1>');
    expect(arabic.body).toContain(`\u2068${nobody}\u2069`);
    const french = await hostRequest(t, 'GET', nobody, '/fr/r/abcdefghijklmnopqrstuvwx', { 'accept-language': 'ar' });
    expect(french.body).toMatch(/^<!doctype html><html lang="fr" dir="ltr">/);
    expect(french.body).toContain('Cette adresse n’est pas utilisée');
    const api = await hostRequest(t, 'GET', `${unique('nobody')}.${BASE}`, '/api/v1/public/requests/abcdefghijklmnopqrstuvwx');
    expect(api.status).toBe(404);
    expect(JSON.parse(api.body)).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('sets dashboard cookies host-only on the main host and no cookie on a subdomain', async () => {
    const owner = await ownerOn('scale');
    const signIn = await fetch(`${t.url}/api/v1/users/sign_in`, {
      method: 'POST',
      headers: { ...owner.headers, cookie: `sb_csrf=${owner.jar.sb_csrf}` },
      body: JSON.stringify({ email: owner.user.email, password: owner.password, remember_me: true }),
    });
    expect(signIn.status).toBe(200);
    const setCookies = signIn.headers.getSetCookie();
    expect(setCookies.length).toBeGreaterThan(0);
    for (const line of setCookies) expect(line.toLowerCase()).not.toContain('domain=');
    expect(Object.keys(cookiesOf(await fetch(`${t.url}/api/v1/csrf`)))).toContain('sb_csrf');

    const name = unique('cookies');
    await claim(owner, name);
    const request = await createRequest(t.url, owner);
    const host = `${name}.${BASE}`;
    for (const p of [`/r/${request.token}`, `/api/v1/public/requests/${request.token}`, '/sign-in', '/api/v1/csrf']) {
      const res = await hostRequest(t, 'GET', host, p);
      expect(res.headers['set-cookie'], p).toBeUndefined();
    }
  });

  it('after a downgrade shows links on the default host and keeps the subdomain serving them', async () => {
    const owner = await ownerOn('scale');
    const name = unique('down');
    await claim(owner, name);
    const request = await createRequest(t.url, owner);
    await setPlan(owner, 'growth');
    expect((await state(owner)).subdomain).toMatchObject({ name, status: 'inactive' });
    const reread = (await (await fetch(`${t.url}/api/v1/requests/${request.id}`, { headers: owner.headers })).json()) as RecordingRequest;
    expect(reread.link_url).toBe(`${PUBLIC_URL}/r/${request.token}`);
    expect((await hostRequest(t, 'GET', `${name}.${BASE}`, `/r/${request.token}`)).status).toBe(200);
    // Still the account's: nobody else may take it, the owner cannot rename it, and giving it up frees it.
    expect((await claim(await ownerOn('scale'), name)).status).toBe(422);
    expect((await claim(owner, unique('other'))).status).toBe(402);
    await setPlan(owner, 'scale');
    expect((await state(owner)).subdomain?.status).toBe('active');
    const released = await fetch(`${t.url}/api/v1/account/subdomain`, { method: 'DELETE', headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrf } });
    expect(((await released.json()) as AccountSubdomain).subdomain).toBeNull();
    expect((await hostRequest(t, 'GET', `${name}.${BASE}`, `/r/${request.token}`)).status).toBe(404);
  });

  it('lets a trial preview lapse when the trial ends without Scale, freeing the name', async () => {
    const trial = await ownerOn('free', inDays(5));
    const name = unique('lapse');
    await claim(trial, name);
    const request = await createRequest(t.url, trial);
    await setPlan(trial, 'free', inDays(-1));
    expect((await state(trial)).subdomain).toBeNull();
    expect((await hostRequest(t, 'GET', `${name}.${BASE}`, `/r/${request.token}`)).body).toContain('This address is not in use');
    const taker = await ownerOn('scale');
    expect((await claim(taker, name)).status).toBe(200);
  });
});

describe('branded subdomains switched off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('says so to the owner and refuses a claim', async () => {
    const owner = await signUp(t);
    await t.app.ctx.db.updateTable('accounts').set({ plan: 'scale' }).where('id', '=', owner.user.account.id).execute();
    const got = (await (await fetch(`${t.url}/api/v1/account/subdomain`, { headers: owner.headers })).json()) as AccountSubdomain;
    expect(got).toEqual({ base_domain: null, can_claim: false, subdomain: null });
    const res = await fetch(`${t.url}/api/v1/account/subdomain`, { method: 'PUT', headers: owner.headers, body: JSON.stringify({ name: 'acme' }) });
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).message).toContain('BRANDED_BASE_DOMAIN');
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordingRequest } from '@showback/contract';
import { signUpSysadmin, type SignedUp } from './support/auth.ts';
import { createRequest } from './support/fixtures/recording.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Routes that take no CSRF token because cookies do not authenticate them. Adding one here is a security decision:
 * the route must authorise by something a cross-site form cannot send (a token in the URL or body, a signature, CORS).
 */
const COOKIELESS = [
  'DELETE /uploads',
  'DELETE /uploads/*',
  'PATCH /uploads',
  'PATCH /uploads/*',
  'POST /api/v1/public/alerts/unsubscribe',
  'POST /api/v1/public/requests/:token/submissions',
  'POST /api/v1/stripe/webhook',
  // Linear's webhook, authorised by its Linear-Signature HMAC over the raw body (docs/linear.md).
  'POST /api/v1/integrations/linear/webhook',
  // GitHub's issues webhook, authorised by its X-Hub-Signature-256 HMAC over the raw body (docs/github.md).
  'POST /api/v1/integrations/github/webhook',
  // Intercom's Canvas Kit requests (the inbox app, the configure flow, the Messenger card), authorised by their X-Body-Signature HMAC over the raw body (docs/intercom.md).
  'POST /api/v1/integrations/intercom/canvas/initialize',
  'POST /api/v1/integrations/intercom/canvas/submit',
  'POST /api/v1/integrations/intercom/canvas/configure',
  'POST /api/v1/integrations/intercom/messenger/initialize',
  // Jira: Authorization: Bearer JWT signed HS256 with the OAuth app's client secret.
  'POST /api/v1/integrations/jira/webhook',
  'POST /api/v1/widget/sessions',
  // The MCP server: a personal access token in Authorization is its only credential; it never reads cookies (docs/mcp.md).
  'POST /mcp',
  'DELETE /mcp',
  // Called by Zapier with the account's X-API-Key; a browser's cookies do not authenticate them.
  'POST /api/v1/zapier/hooks',
  'DELETE /api/v1/zapier/hooks/:id',
  // The Zendesk app trades its verifier for its token: no session exists yet (docs/zendesk.md).
  'POST /api/v1/integrations/zendesk/app/token',
  'POST /uploads',
  'POST /uploads/*',
];

/** The same path as a browser or an attacker may spell it; the router decodes each to the route it names. */
function spellings(path: string): { path: string; routes: boolean }[] {
  const [, first = '', rest = ''] = /^\/([^/]+)(.*)$/.exec(path) ?? [];
  const hex = (c: string, upper = false) => `%${c.charCodeAt(0).toString(16)[upper ? 'toUpperCase' : 'toLowerCase']()}`;
  const lastSlash = path.lastIndexOf('/');
  const out = [
    { path: `/${hex(first[0]!)}${first.slice(1)}${rest}`, routes: true },
    { path: `/${[...first].map((c) => hex(c, true)).join('')}${rest}`, routes: true },
    { path: path.slice(0, lastSlash + 1) + hex(path[lastSlash + 1]!) + path.slice(lastSlash + 2), routes: true },
    { path: `${path}?_=1`, routes: true },
    { path: `${path}/`, routes: false },
    { path: `/${first}${rest.replace('/', '%2f')}`, routes: false },
  ];
  // The app accepts a language prefix before /api/ (spec §7): the same routes under /de and /pt-BR.
  if (path.startsWith('/api/')) {
    out.push({ path: `/de${path}`, routes: true }, { path: `/pt-BR${path}`, routes: true }, { path: `/de/${hex('a')}${path.slice(2)}`, routes: false });
  }
  return out;
}

/** One fingerprint of every row of every table: equal before and after means nothing was written. */
async function databaseFingerprint(t: TestApp): Promise<Record<string, string>> {
  const db = t.app.ctx.db;
  const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`.execute(db);
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const { rows } = await sql<{ h: string | null }>`select md5(string_agg(t::text, '|' order by t::text)) as h from ${sql.table(name)} t`.execute(db);
    out[name] = rows[0]?.h ?? 'empty';
  }
  return out;
}

describe('CSRF on every state-changing route', () => {
  let t: TestApp;
  let admin: SignedUp;
  let request: RecordingRequest;
  beforeAll(async () => {
    // No workers: the database must change only through the requests this test sends.
    t = await startTestApp({ workers: false });
    // A system admin and account owner: every route would act for this session if CSRF let the request through.
    admin = await signUpSysadmin(t);
    request = await createRequest(t.url, admin);
  });
  afterAll(() => t.close());

  const concrete = (url: string): string =>
    url
      .replace(/:token\b/g, request.token)
      .replace(/:(\w+)/g, request.id)
      .replace(/\*$/, 'x');

  it('refuses a signed-in session without the token at the plain, percent-encoded and language-prefixed paths, changing nothing', async () => {
    const unsafe = t.app.routeTable.filter((r) => UNSAFE.has(r.method));
    const exempt = unsafe.filter((r) => r.config.csrf === false).map((r) => `${r.method} ${r.url}`);
    expect(exempt.filter((route) => !COOKIELESS.includes(route)), 'routes without CSRF that nobody reviewed').toEqual([]);
    const checked = unsafe.filter((r) => r.config.csrf !== false);
    expect(checked.length).toBeGreaterThan(20);

    const before = await databaseFingerprint(t);
    const failures: string[] = [];
    let refused = 0;
    for (const route of checked) {
      const form = route.config.csrf === 'form';
      const headers = { cookie: admin.cookie, 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' };
      const body = form ? 'redirect_to=%2F' : '{}';
      for (const variant of [{ path: concrete(route.url), routes: true }, ...spellings(concrete(route.url))]) {
        const res = await fetch(`${t.url}${variant.path}`, { method: route.method, headers, body, redirect: 'manual' });
        const answer = (await res.json().catch(() => ({}))) as { code?: string };
        const csrfRefusal = res.status === 403 && answer.code === 'CSRF_INVALID';
        const unrouted = res.status === 404 && answer.code === 'NOT_FOUND';
        if (csrfRefusal) refused++;
        if (variant.routes ? !csrfRefusal : !(csrfRefusal || unrouted)) failures.push(`${route.method} ${variant.path} → ${res.status} ${answer.code ?? ''}`);
      }
    }
    expect(failures).toEqual([]);
    expect(refused).toBeGreaterThan(checked.length * 4);
    expect(await databaseFingerprint(t)).toEqual(before);

    // The session still works, and so does the same call with its token: the refusals were CSRF's, not a broken session.
    const me = await fetch(`${t.url}/api/v1/users/me`, { headers: admin.headers });
    expect(me.status).toBe(200);
    const revoked = await fetch(`${t.url}/%61pi/v1/requests/${request.id}/revoke`, { method: 'POST', headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf } });
    expect(revoked.status).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUp } from './support/auth.ts';
import { startBillingApp, type BillingApp } from './support/billing-app.ts';
import { createRequest, submit, submitBody, tusUpload } from './support/fixtures/recording.ts';
import { exampleOf, loadOperations, type Operation, type Parameter } from './support/openapi-walk.ts';
import { request } from './support/raw-http.ts';
import { videoLike } from './support/fixtures/media.ts';

/**
 * Tenancy, walked from the OpenAPI document: every operation that takes an id in its path is called with another
 * account's real ids (gathered from what that account's own calls answered, so a new kind of id is picked up too),
 * signed in as a different owner, with that owner's personal access token (write scope), and without a session. Only
 * 401, 403 or 404 may come back, and nothing
 * of the other account may be in the body. A new route with a path id is covered the day it is added.
 *
 * /api/v1/public/… routes are left out: their path token is the capability (a recipient's link, a widget session).
 * Every GET route without a parameter, from the router's own table (pages and routes hidden from the document
 * included), is read the same two ways: none may show the other account's data (the local mailbox once did).
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ID_LIKE = /^[\w-]{16,200}$/;
const ALLOWED = new Set([401, 403, 404]);

/** Ids and tokens in a response: uuids, long opaque tokens, and the last path segment of URLs. */
function harvest(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    if (UUID.test(value) || ID_LIKE.test(value)) into.add(value);
    else if (/^https?:\/\//.test(value)) {
      const last = new URL(value).pathname.split('/').pop() ?? '';
      if (ID_LIKE.test(last)) into.add(last);
    }
    return;
  }
  if (value && typeof value === 'object') for (const child of Object.values(value)) harvest(child, into);
}

/** Values a path parameter's schema accepts; others would only test validation, answered before any lookup. */
function fits(param: Parameter, value: string): boolean {
  if (param.schema.format === 'uuid') return UUID.test(value);
  // A number in the path (a transcript segment's index) is a position, never another account's id.
  if (param.schema.type === 'integer' || param.schema.type === 'number') return false;
  if (typeof param.schema.pattern === 'string') return new RegExp(param.schema.pattern).test(value);
  return true;
}

/**
 * A path parameter the walk does not aim at: an unknown id of the shape its schema accepts (a uuid, or digits like a
 * helpdesk's ticket number), or a valid example of anything else.
 */
function otherValue(param: Parameter): string {
  if (param.schema.type === 'integer' || param.schema.type === 'number') return String(exampleOf(param.schema));
  return [crypto.randomUUID(), String(Date.now())].find((value) => fits(param, value)) ?? crypto.randomUUID();
}

describe('another account\'s ids, on every route that takes one', () => {
  let b: BillingApp;
  let victim: SignedUp;
  let attacker: SignedUp;
  let operations: Operation[];
  /** The victim's ids and tokens, and text only the victim's data contains. */
  const ids = new Set<string>();
  const secrets = new Set<string>();

  beforeAll(async () => {
    b = await startBillingApp({ WORKERS: 'false' });
    victim = await signUp(b.t, { name: 'Victim Person', account_name: `Victim Co ${crypto.randomUUID().slice(0, 6)}` });
    attacker = await signUp(b.t);
    const title = `Victim request ${crypto.randomUUID()}`;
    const recording = await createRequest(b.t.url, victim, { title });
    const uploadId = await tusUpload(b.t.url, videoLike(Buffer.alloc(2048, 7)), { token: recording.token });
    const submitted = await submit(b.t.url, recording.token, submitBody(uploadId, { recipient: { name: 'Victim Recipient', email: 'victim-recipient@example.test' } }));
    expect(submitted.status).toBe(201);
    const created = (await submitted.json()) as { id: string };
    harvest(created, ids);
    // A comment (its id is in no parameterless list) and a review assignment, so their routes are walked with real ids.
    const comment = await fetch(`${b.t.url}/api/v1/submissions/${created.id}/comments`, { method: 'POST', headers: victim.headers, body: JSON.stringify({ body: 'Victim comment', at_ms: 1000, mentions: [victim.user.id] }) });
    expect(comment.status).toBe(201);
    harvest(await comment.json(), ids);
    expect((await fetch(`${b.t.url}/api/v1/submissions/${created.id}/review`, { method: 'PATCH', headers: victim.headers, body: JSON.stringify({ state: 'in_progress', assignee_user_id: victim.user.id }) })).status).toBe(200);
    const checkout = await fetch(`${b.t.url}/api/v1/checkout`, { method: 'POST', headers: victim.headers, body: JSON.stringify({ plan: 'starter', interval: 'monthly' }) });
    harvest(await checkout.json(), ids);
    harvest(recording, ids);
    harvest(victim.user, ids);
    // A share link of the victim's recording: its id, and its address's token (the walk leaves /public/ out).
    const sharing = await fetch(`${b.t.url}/api/v1/account/sharing`, { method: 'PUT', headers: victim.headers, body: JSON.stringify({ mode: 'on' }) });
    expect(sharing.status).toBe(200);
    const shared = await fetch(`${b.t.url}/api/v1/submissions/${created.id}/share_links`, { method: 'POST', headers: victim.headers, body: JSON.stringify({ audience: 'anyone' }) });
    expect(shared.status).toBe(201);
    harvest(await shared.json(), ids);
    // Mail to the victim (a reset link) sits in the local mailbox: its address and link are the victim's.
    const reset = await fetch(`${b.t.url}/api/v1/users/password`, { method: 'POST', headers: victim.headers, body: JSON.stringify({ email: victim.user.email }) });
    expect(reset.status).toBe(202);

    operations = await loadOperations(b.t.url);
    // Whatever the victim's own list and settings calls answer (their requests, submissions, widget key…).
    for (const op of operations.filter((o) => o.method === 'GET' && !o.path.includes('{'))) {
      const res = await fetch(`${b.t.url}${op.path}`, { headers: victim.headers });
      if (res.ok && (res.headers.get('content-type') ?? '').includes('json')) harvest(await res.json(), ids);
    }
    for (const text of [title, 'Victim comment', victim.user.email, victim.user.account.name, 'Victim Recipient', 'victim-recipient@example.test', ...ids]) secrets.add(text);
  });
  afterAll(() => b?.close());

  async function callers() {
    const anonymous = (await fetch(`${b.t.url}/api/v1/csrf`)).headers.getSetCookie()[0]!.split(';')[0]!;
    const anonymousCsrf = ((await (await fetch(`${b.t.url}/api/v1/csrf`, { headers: { cookie: anonymous } })).json()) as { csrf_token: string }).csrf_token;
    const created = await fetch(`${b.t.url}/api/v1/users/me/access_tokens`, { method: 'POST', headers: attacker.headers, body: JSON.stringify({ name: 'walk', scope: 'write', expires_in_days: 7 }) });
    const token = ((await created.json()) as { token: string }).token;
    return [
      { name: 'other owner', headers: attacker.headers },
      { name: "other owner's access token", headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } },
      { name: 'no session', headers: { cookie: anonymous, 'x-csrf-token': anonymousCsrf, 'content-type': 'application/json' } },
    ];
  }

  it('answers only 401, 403 or 404, without the other account\'s data, signed in as someone else or not at all', { timeout: 120_000 }, async () => {
    const who = await callers();
    const walked = operations.filter((op) => op.parameters.some((p) => p.in === 'path') && !op.path.startsWith('/api/v1/public/'));
    const findings: string[] = [];
    let calls = 0;
    for (const op of walked) {
      const pathParams = op.parameters.filter((p) => p.in === 'path');
      for (const param of pathParams) {
        for (const id of [...ids].filter((value) => fits(param, value))) {
          const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(name === param.name ? id : otherValue(pathParams.find((p) => p.name === name)!)));
          for (const caller of who) {
            const { 'content-type': json, ...bodyless } = caller.headers;
            const body = op.body ? JSON.stringify(exampleOf(op.body)) : undefined;
            const res = await request(b.t.url, op.method, path, body === undefined ? bodyless : { ...bodyless, 'content-type': json ?? 'application/json' }, body);
            calls += 1;
            const leaked = [...secrets].filter((secret) => secret !== id && res.body.includes(secret));
            if (!ALLOWED.has(res.status) || leaked.length) findings.push(`${caller.name}: ${op.method} ${path} → ${res.status}${leaked.length ? ` leaks ${leaked.join(', ')}` : ''} ${res.body.slice(0, 160)}`);
          }
        }
      }
    }
    console.log(`tenancy (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): ${calls} calls over ${walked.length} operations with ${ids.size} of the other account's ids; ${findings.length} findings`);
    expect(walked.length).toBeGreaterThan(10);
    expect(findings).toEqual([]);
    // The walk used real ids: the victim still reads its own request and submission.
    for (const op of walked.filter((o) => o.method === 'GET' && /^\/api\/v1\/(requests|submissions)\/\{id\}$/.test(o.path))) {
      const own = [...ids].filter((id) => UUID.test(id));
      const statuses = await Promise.all(own.map(async (id) => (await fetch(`${b.t.url}${op.path.replace('{id}', id)}`, { headers: victim.headers })).status));
      expect(statuses).toContain(200);
    }
  });

  it('shows nothing of the other account on any GET route without a parameter, hidden ones included', async () => {
    const routes = b.t.app.routeTable.filter((r) => r.method === 'GET' && !/[:*]/.test(r.url));
    const findings: string[] = [];
    for (const caller of await callers()) {
      for (const route of routes) {
        const { 'content-type': _json, 'x-csrf-token': _csrf, ...credentials } = caller.headers as Record<string, string>;
        const res = await request(b.t.url, 'GET', route.url, credentials);
        const leaked = [...secrets].filter((secret) => res.body.includes(secret));
        if (leaked.length) findings.push(`${caller.name}: GET ${route.url} → ${res.status} shows ${leaked.join(', ')}`);
      }
    }
    expect(routes.map((r) => r.url)).toContain('/api/v1/requests');
    expect(findings).toEqual([]);
  });
});

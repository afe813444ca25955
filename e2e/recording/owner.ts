import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import type { BrowserContext } from 'playwright-core';
import type { CreatedShareLink, CreateRecordingRequest, RecordingRequest, Submission, SubmissionList } from '@showback/contract';

/** An owner signed in over HTTP, as a browser would be: CSRF cookie + token, then the session cookie. */
export interface Owner {
  url: string;
  headers: Record<string, string>;
}

function cookies(res: Response, jar: Record<string, string>): void {
  for (const line of res.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    jar[pair.slice(0, eq).trim()] = pair.slice(eq + 1).trim();
  }
}

async function json<T>(res: Response, what: string): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** A CSRF cookie and token on `url`; `headers()` carries them with every cookie set since. */
async function httpSession(url: string): Promise<{ jar: Record<string, string>; headers: () => Record<string, string> }> {
  const jar: Record<string, string> = {};
  const csrfRes = await fetch(`${url}/api/v1/csrf`);
  cookies(csrfRes, jar);
  const { csrf_token } = await json<{ csrf_token: string }>(csrfRes, 'GET /api/v1/csrf');
  const headers = (): Record<string, string> => ({
    cookie: Object.entries(jar).map(([k, v]) => `${k}=${v}`).join('; '),
    'x-csrf-token': csrf_token,
    'content-type': 'application/json',
  });
  return { jar, headers };
}

export async function signUpOwner(url: string, accountName = 'Analytical Engines'): Promise<Owner> {
  const { jar, headers } = await httpSession(url);
  const password = 'correct horse battery';
  const res = await fetch(`${url}/api/v1/users/sign_up`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({
      name: 'Ada Lovelace',
      email: `owner-${crypto.randomUUID().slice(0, 12)}@example.test`,
      account_name: accountName,
      password,
      password_confirmation: password,
      invitation_token: null,
    }),
  });
  cookies(res, jar);
  await json(res, 'POST /api/v1/users/sign_up');
  return { url, headers: headers() };
}

/** Someone who has an account (the first system admin, say) signed in over HTTP. */
export async function signInOverHttp(url: string, email: string, password: string): Promise<Owner> {
  const { jar, headers } = await httpSession(url);
  const res = await fetch(`${url}/api/v1/users/sign_in`, { method: 'POST', headers: headers(), body: JSON.stringify({ email, password, remember_me: '0' }) });
  cookies(res, jar);
  await json(res, 'POST /api/v1/users/sign_in');
  return { url, headers: headers() };
}

/** The owner's session cookies in a browser context, so dashboard pages open signed in. */
export async function signInOwner(context: BrowserContext, owner: Owner): Promise<void> {
  const cookies = owner.headers.cookie!.split('; ').map((pair) => {
    const eq = pair.indexOf('=');
    return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: owner.url };
  });
  await context.addCookies(cookies);
}

/** Finishes onboarding, so the dashboard's guard lets the owner in. */
export async function completeOnboarding(owner: Owner): Promise<void> {
  const res = await fetch(`${owner.url}/api/v1/account/onboarding/complete`, { method: 'POST', headers: owner.headers, body: '{}' });
  await json(res, 'POST /api/v1/account/onboarding/complete');
}

export async function createRequest(owner: Owner, body: CreateRecordingRequest): Promise<RecordingRequest> {
  const res = await fetch(`${owner.url}/api/v1/requests`, { method: 'POST', headers: owner.headers, body: JSON.stringify(body) });
  return json(res, 'POST /api/v1/requests');
}

export async function revokeRequest(owner: Owner, id: string): Promise<RecordingRequest> {
  const res = await fetch(`${owner.url}/api/v1/requests/${id}/revoke`, { method: 'POST', headers: owner.headers, body: '{}' });
  return json(res, 'POST /api/v1/requests/:id/revoke');
}

export async function listSubmissions(owner: Owner, requestId: string): Promise<SubmissionList> {
  return json(await fetch(`${owner.url}/api/v1/submissions?request_id=${requestId}`, { headers: owner.headers }), 'GET /api/v1/submissions');
}

export async function getSubmission(owner: Owner, id: string): Promise<Submission> {
  return json(await fetch(`${owner.url}/api/v1/submissions/${id}`, { headers: owner.headers }), 'GET /api/v1/submissions/:id');
}

/** Turns sharing on for the owner's account and makes a link for anyone: the shared page's path (`/s/<token>`). */
export async function shareWithAnyone(owner: Owner, submissionId: string): Promise<string> {
  await json(await fetch(`${owner.url}/api/v1/account/sharing`, { method: 'PUT', headers: owner.headers, body: JSON.stringify({ mode: 'on' }) }), 'PUT /api/v1/account/sharing');
  const res = await fetch(`${owner.url}/api/v1/submissions/${submissionId}/share_links`, { method: 'POST', headers: owner.headers, body: JSON.stringify({ audience: 'anyone' }) });
  return new URL((await json<CreatedShareLink>(res, 'POST /api/v1/submissions/:id/share_links')).url).pathname;
}

/** Poll until processing has finished one way or the other. */
export async function waitForProcessed(owner: Owner, id: string, timeoutMs = 90_000, intervalMs = 500): Promise<Submission> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const s = await getSubmission(owner, id);
    if (s.status === 'ready' || s.status === 'failed') return s;
    if (Date.now() > deadline) throw new Error(`submission ${id} still ${s.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

export async function download(owner: Owner, pathOrUrl: string, file: string): Promise<Response> {
  const res = await fetch(new URL(pathOrUrl, owner.url), { headers: owner.headers });
  if (!res.ok) throw new Error(`download ${pathOrUrl} answered ${res.status}`);
  await fs.writeFile(file, Buffer.from(await res.arrayBuffer()));
  return res;
}

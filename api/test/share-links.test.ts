import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_STATUS, type Comment, type CommentThread, type CreatedShareLink, type SharedCommentThread, type SharedLinkInfo, type ShareLinkList, type Submission, type Transcript } from '@showback/contract';
import { hashToken } from '../src/modules/auth/tokens.ts';
import { outsideRecordingLink } from '../src/modules/share-links/outside-link.ts';
import { CODE_LIMITS, GUEST_COMMENT_LIMITS } from '../src/modules/share-links/shared-viewer.service.ts';
import { waitForAlertsSettled } from './support/fixtures/alerts.ts';
import { addTeammate, anonymousSession, cookiesOf, signUp, signUpSysadmin, type BrowserSession, type SignedUp } from './support/auth.ts';
import { createRequest, json, submit, submitBody, tusUpload, waitForProcessing } from './support/fixtures/recording.ts';
import { mediaFile } from './support/fixtures/media.ts';
import { waitForMail } from './support/mailbox.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Share links (docs/reviewing-recordings.md#sharing): unguessable tokens kept hashed, expiry and revoke taking effect
 * on the next request, domain and named-people links verified by a single-use, short-lived, rate-limited code, a
 * viewer's session good for its one link, and a token that reaches its one recording's read data and nothing else.
 */
async function expectError(res: Response, code: keyof typeof ERROR_STATUS): Promise<{ message: string }> {
  const text = await res.text();
  expect(res.status, text).toBe(ERROR_STATUS[code]);
  const body = JSON.parse(text) as { message: string; code: string };
  expect(body.code).toBe(code);
  return body;
}

const tokenOf = (link: CreatedShareLink): string => new URL(link.url).pathname.split('/').pop()!;

describe('share links', () => {
  let t: TestApp;
  let admin: SignedUp;
  let owner: SignedUp;
  let member: SignedUp;
  let other: SignedUp;
  let submissionId: string;
  let secondSubmissionId: string;
  let foreignSubmissionId: string;

  async function record(person: SignedUp, title: string): Promise<string> {
    const request = await createRequest(t.url, person, { title });
    const uploadId = await tusUpload(t.url, await mediaFile('h264-noaudio-mp4', 1), { token: request.token });
    const res = await submit(t.url, request.token, submitBody(uploadId, { recipient: { name: `${title} sender`, email: 'sender@customer.test', note: 'n' } }));
    expect(res.status).toBe(201);
    return (await json<{ id: string }>(res)).id;
  }

  const settings = async (person: SignedUp, body: object) => {
    const res = await fetch(`${t.url}/api/v1/account/sharing`, { method: 'PUT', headers: person.headers, body: JSON.stringify(body) });
    expect(res.status, await res.clone().text()).toBe(200);
  };
  const create = (person: SignedUp, id: string, body: object) => fetch(`${t.url}/api/v1/submissions/${id}/share_links`, { method: 'POST', headers: person.headers, body: JSON.stringify(body) });
  async function share(body: object, id = submissionId): Promise<CreatedShareLink> {
    const res = await create(owner, id, body);
    expect(res.status, await res.clone().text()).toBe(201);
    return json<CreatedShareLink>(res);
  }
  const shared = (token: string, path = '', headers: Record<string, string> = {}) => fetch(`${t.url}/api/v1/public/shares/${token}${path}`, { headers });
  const askCode = (viewer: BrowserSession, token: string, email: string) => fetch(`${t.url}/api/v1/public/shares/${token}/codes`, { method: 'POST', headers: viewer.headers, body: JSON.stringify({ email }) });
  const verify = (viewer: BrowserSession, token: string, email: string, code: string) => fetch(`${t.url}/api/v1/public/shares/${token}/sessions`, { method: 'POST', headers: viewer.headers, body: JSON.stringify({ email, code }) });
  const codeIn = (text: string): string => /\b(\d{6})\b/.exec(text)![1]!;

  /** Asks for a code as `viewer`, reads it from the local mailbox and verifies: the viewer's cookie for the link. */
  async function verifiedCookie(token: string, email: string): Promise<string> {
    const viewer = await anonymousSession(t);
    const before = (await waitForMail(t, admin, email, 0)).length;
    expect((await askCode(viewer, token, email)).status).toBe(202);
    const mails = await waitForMail(t, admin, email, before + 1);
    const res = await verify(viewer, token, email, codeIn(mails.at(-1)!.text));
    expect(res.status, await res.clone().text()).toBe(200);
    return Object.entries(cookiesOf(res)).map(([k, v]) => `${k}=${v}`).join('; ');
  }

  beforeAll(async () => {
    t = await startTestApp();
    admin = await signUpSysadmin(t);
    owner = await signUp(t);
    member = await addTeammate(t, owner, 'member');
    other = await signUp(t);
    submissionId = await record(owner, 'Checkout breaks');
    secondSubmissionId = await record(owner, 'Another recording');
    foreignSubmissionId = await record(other, 'Other account');
    await waitForProcessing(t.url, owner, submissionId);
    await settings(owner, { mode: 'on', domains: ['acme.test'] });
  });
  afterAll(() => t?.close());
  // Every test's codes come from this one IP address: each starts with the per-IP counts at zero.
  beforeEach(() => t.app.ctx.db.deleteFrom('rate_limits').where((eb) => eb.or([eb('key', 'like', 'share-%-ip:%'), eb('key', 'like', 'guest-comment%')])).execute());

  it('makes unguessable tokens and keeps only their hash', async () => {
    const links = [await share({ audience: 'anyone' }), await share({ audience: 'anyone' })];
    const tokens = links.map(tokenOf);
    expect(new Set(tokens).size).toBe(2);
    // 32 random bytes in base64url: 256 bits.
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.app.ctx.db.selectFrom('share_links').selectAll().where('id', 'in', links.map((l) => l.id)).execute();
    expect(rows.map((r) => r.token_hash).sort()).toEqual(tokens.map(hashToken).sort());
    expect(JSON.stringify(rows)).not.toContain(tokens[0]);
    // A token one character off is another link: none.
    const near = `${tokens[0]!.slice(0, -1)}${tokens[0]!.endsWith('A') ? 'B' : 'A'}`;
    await expectError(await shared(near), 'NOT_FOUND');
    expect(links[0]!.expires_at).not.toBeNull();
    expect(new Date(links[0]!.expires_at!).getTime() - Date.now()).toBeGreaterThan(29.9 * 24 * 3600 * 1000);
  });

  it('shows an anyone link its one recording, read only, under its own URLs, and counts the view', async () => {
    const link = await share({ audience: 'anyone' });
    const token = tokenOf(link);
    const info = await json<SharedLinkInfo>(await shared(token));
    expect(info).toMatchObject({ audience: 'anyone', verified: true, email: null });
    const res = await shared(token, '/recording');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toContain('noindex');
    const recording = await json<Submission>(res);
    // The owner's serializer: the same fields as the owner reads.
    const own = await json<Submission>(await fetch(`${t.url}/api/v1/submissions/${submissionId}`, { headers: owner.headers }));
    expect({ ...recording, video_url: null, poster_url: null }).toEqual({ ...own, video_url: null, poster_url: null, download_url: null, thumbnail_url: null, thumbnail_2x_url: null });
    expect(recording.video_url).toBe(`/api/v1/public/shares/${token}/video`);
    const video = await fetch(`${t.url}${recording.video_url}`, { headers: { range: 'bytes=0-99' } });
    expect(video.status).toBe(206);
    expect((await video.arrayBuffer()).byteLength).toBe(100);
    for (const path of ['/events', '/transcript', '/summary']) expect((await shared(token, path)).status).toBe(200);
    const transcript = await json<Transcript>(await shared(token, '/transcript'));
    expect(transcript.text_url).toBeNull();

    const list = await json<ShareLinkList>(await fetch(`${t.url}/api/v1/submissions/${submissionId}/share_links`, { headers: owner.headers }));
    expect(list.items.find((l) => l.id === link.id)!.views).toEqual([{ email: null, viewed_at: expect.any(String) }]);
  });

  it('never reaches another recording, another account or a write route with a token or its viewer cookie', async () => {
    const link = await share({ audience: 'domain' });
    const token = tokenOf(link);
    const cookie = await verifiedCookie(token, 'dev@acme.test');
    expect((await shared(token, '/recording', { cookie })).status).toBe(200);
    const viewer = await anonymousSession(t);
    const withViewer: Record<string, string> = { ...viewer.headers, cookie: `${viewer.cookie}; ${cookie}` };
    const { 'content-type': _json, ...bodyless } = withViewer;
    for (const id of [secondSubmissionId, foreignSubmissionId, submissionId]) {
      for (const path of ['', '/video', '/events', '/transcript', '/summary', '/share_links']) {
        expect((await fetch(`${t.url}/api/v1/submissions/${id}${path}`, { headers: withViewer })).status).toBe(401);
      }
      expect((await fetch(`${t.url}/api/v1/submissions/${id}`, { method: 'DELETE', headers: bodyless })).status).toBe(401);
      expect((await fetch(`${t.url}/api/v1/submissions/${id}/share_links`, { method: 'POST', headers: withViewer, body: JSON.stringify({ audience: 'anyone' }) })).status).toBe(401);
    }
    expect((await fetch(`${t.url}/api/v1/share_links/${link.id}`, { method: 'DELETE', headers: bodyless })).status).toBe(401);
    expect((await fetch(`${t.url}/api/v1/submissions/${submissionId}/transcript/segments/0`, { method: 'PATCH', headers: withViewer, body: JSON.stringify({ text: 'x' }) })).status).toBe(401);
    for (const route of ['/api/v1/users/me', '/api/v1/requests', '/api/v1/submissions', '/api/v1/account/sharing']) {
      expect((await fetch(`${t.url}${route}`, { headers: withViewer })).status).toBe(401);
    }
    // Nothing but reads under the link's own path.
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      for (const path of ['', '/recording', '/transcript', '/events']) expect((await fetch(`${t.url}/api/v1/public/shares/${token}${path}`, { method, headers: method === 'DELETE' ? bodyless : withViewer, body: method === 'DELETE' ? undefined : '{}' })).status).toBe(404);
    }
    // Another account cannot create, list or revoke links on this account's recordings.
    expect((await create(other, submissionId, { audience: 'anyone' })).status).toBe(404);
    expect((await fetch(`${t.url}/api/v1/submissions/${submissionId}/share_links`, { headers: other.headers })).status).toBe(404);
    expect((await fetch(`${t.url}/api/v1/share_links/${link.id}`, { method: 'DELETE', headers: { cookie: other.cookie, 'x-csrf-token': other.csrf } })).status).toBe(404);
    // The viewer's cookie is for this link only: another domain link of the same recording asks again.
    const second = tokenOf(await share({ audience: 'domain' }));
    await expectError(await shared(second, '/recording', { cookie }), 'UNAUTHENTICATED');
    expect((await json<SharedLinkInfo>(await shared(second, '', { cookie }))).verified).toBe(false);
  });

  it('expires, and a revoke refuses the very next request', async () => {
    const link = await share({ audience: 'anyone', expires_in_days: 1 });
    const token = tokenOf(link);
    expect((await shared(token, '/recording')).status).toBe(200);
    await t.app.ctx.db.updateTable('share_links').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', link.id).execute();
    await expectError(await shared(token, '/recording'), 'LINK_EXPIRED');
    await expectError(await shared(token, '/video'), 'LINK_EXPIRED');

    const domain = await share({ audience: 'domain' });
    const cookie = await verifiedCookie(tokenOf(domain), 'qa@acme.test');
    expect((await shared(tokenOf(domain), '/video', { cookie, range: 'bytes=0-9' })).status).toBe(206);
    expect((await fetch(`${t.url}/api/v1/share_links/${domain.id}`, { method: 'DELETE', headers: { cookie: member.cookie, 'x-csrf-token': member.csrf } })).status).toBe(204);
    await expectError(await shared(tokenOf(domain), '/video', { cookie, range: 'bytes=0-9' }), 'LINK_REVOKED');
    await expectError(await shared(tokenOf(domain)), 'LINK_REVOKED');
    const list = await json<ShareLinkList>(await fetch(`${t.url}/api/v1/submissions/${submissionId}/share_links`, { headers: owner.headers }));
    expect(list.items.find((l) => l.id === domain.id)).toMatchObject({ state: 'revoked', views: [{ email: 'qa@acme.test' }] });
    expect(list.items.find((l) => l.id === link.id)!.state).toBe('expired');
    const audit = await t.app.ctx.db.selectFrom('admin_audit_log').select(['action', 'actor_user_id']).where('target_id', '=', domain.id).orderBy('created_at').execute();
    expect(audit).toEqual([{ action: 'share_link.create', actor_user_id: owner.user.id }, { action: 'share_link.revoke', actor_user_id: member.user.id }]);
  });

  it('a domain link refuses an address outside the domains, and a named-people link anyone not named', async () => {
    const domain = tokenOf(await share({ audience: 'domain' }));
    const viewer = await anonymousSession(t);
    await expectError(await shared(domain, '/recording'), 'UNAUTHENTICATED');
    await expectError(await askCode(viewer, domain, 'someone@elsewhere.test'), 'FORBIDDEN');
    await expectError(await askCode(viewer, domain, 'dev@notacme.test'), 'FORBIDDEN');
    await expectError(await askCode(viewer, domain, 'dev@acme.test.evil.test'), 'FORBIDDEN');
    expect(await waitForMail(t, admin, 'someone@elsewhere.test', 0)).toEqual([]);

    const people = tokenOf(await share({ audience: 'people', emails: ['Named@Partner.test'] }));
    await expectError(await askCode(viewer, people, 'dev@acme.test'), 'FORBIDDEN');
    const cookie = await verifiedCookie(people, 'named@partner.test');
    expect((await json<SharedLinkInfo>(await shared(people, '', { cookie })))).toMatchObject({ verified: true, email: 'named@partner.test' });
    expect((await shared(people, '/summary', { cookie })).status).toBe(200);

    // A domain taken off the account's list stops its viewers at once.
    const domainCookie = await verifiedCookie(domain, 'ops@acme.test');
    expect((await shared(domain, '/recording', { cookie: domainCookie })).status).toBe(200);
    await settings(owner, { domains: ['other.test'] });
    await expectError(await shared(domain, '/recording', { cookie: domainCookie }), 'UNAUTHENTICATED');
    await settings(owner, { domains: ['acme.test'] });
  });

  it('the one-time code works once, for ten minutes, and wrong guesses spend it', async () => {
    const token = tokenOf(await share({ audience: 'domain' }));
    const viewer = await anonymousSession(t);
    const email = 'once@acme.test';
    expect((await askCode(viewer, token, email)).status).toBe(202);
    const code = codeIn((await waitForMail(t, admin, email, 1))[0]!.text);
    const stored = await t.app.ctx.db.selectFrom('share_link_codes').select(['code_hash', 'expires_at']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);
    expect(new Date(stored.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000);
    // Two requests racing with the same code: one session.
    const raced = await Promise.all([verify(viewer, token, email, code), verify(viewer, token, email, code)]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 422]);
    await expectError(await verify(viewer, token, email, code), 'VALIDATION_FAILED');

    // Short-lived: a code past its ten minutes is refused.
    expect((await askCode(viewer, token, email)).status).toBe(202);
    const late = codeIn((await waitForMail(t, admin, email, 2))[1]!.text);
    await t.app.ctx.db.updateTable('share_link_codes').set({ expires_at: new Date(Date.now() - 1) }).where('email', '=', email).where('used_at', 'is', null).execute();
    await expectError(await verify(viewer, token, email, late), 'VALIDATION_FAILED');

    // Wrong guesses: after CODE_LIMITS.attemptsPerCode the right code no longer works either.
    expect((await askCode(viewer, token, email)).status).toBe(202);
    const right = codeIn((await waitForMail(t, admin, email, 3))[2]!.text);
    const wrong = right === '000000' ? '000001' : '000000';
    for (let i = 0; i < CODE_LIMITS.attemptsPerCode; i++) await expectError(await verify(viewer, token, email, wrong), 'VALIDATION_FAILED');
    await expectError(await verify(viewer, token, email, right), 'VALIDATION_FAILED');
  });

  it('limits the codes asked for per link and address, and per IP address', async () => {
    const token = tokenOf(await share({ audience: 'domain' }));
    const viewer = await anonymousSession(t);
    for (let i = 0; i < CODE_LIMITS.perEmail; i++) expect((await askCode(viewer, token, 'busy@acme.test')).status).toBe(202);
    const limited = await askCode(viewer, token, 'busy@acme.test');
    await expectError(limited, 'RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same address on another link is another count; this IP's count goes on until its own limit.
    const other = tokenOf(await share({ audience: 'domain' }));
    let answered = 0;
    for (let i = 0; i < CODE_LIMITS.perIp; i++) {
      const res = await askCode(viewer, other, `person${i}@acme.test`);
      if (res.status === 429) break;
      expect(res.status).toBe(202);
      answered += 1;
    }
    expect(answered).toBe(CODE_LIMITS.perIp - CODE_LIMITS.perEmail - 1);
    await expectError(await askCode(viewer, other, 'late@acme.test'), 'RATE_LIMITED');
  });

  it('follows the account setting: verified only refuses anyone links, off turns every link off', async () => {
    const anyone = tokenOf(await share({ audience: 'anyone' }));
    const domain = tokenOf(await share({ audience: 'domain' }));
    await expectError(await fetch(`${t.url}/api/v1/account/sharing`, { method: 'PUT', headers: member.headers, body: JSON.stringify({ mode: 'on' }) }), 'FORBIDDEN');
    await settings(owner, { mode: 'verified' });
    await expectError(await create(owner, submissionId, { audience: 'anyone' }), 'FORBIDDEN');
    await expectError(await shared(anyone, '/recording'), 'LINK_REVOKED');
    expect((await json<SharedLinkInfo>(await shared(domain))).audience).toBe('domain');
    await settings(owner, { mode: 'off' });
    await expectError(await create(owner, submissionId, { audience: 'domain' }), 'FORBIDDEN');
    await expectError(await shared(domain), 'LINK_REVOKED');
    await settings(owner, { mode: 'on' });
    expect((await shared(anyone, '/recording')).status).toBe(200);
  });

  it('gives outside messages one link: the domain link reused, a link for anyone per channel, or the dashboard', async () => {
    const link = (channel: string) => outsideRecordingLink(t.app.ctx, owner.user.account.id, secondSubmissionId, channel);
    const dashboard = `${t.app.ctx.config.publicUrl}/my/recordings/${secondSubmissionId}`;
    const domainLink = await link('linear');
    expect(domainLink).toMatch(/\/s\/[A-Za-z0-9_-]{43}$/);
    expect(await link('slack')).toBe(domainLink);
    const token = domainLink.split('/').pop()!;
    expect((await json<SharedLinkInfo>(await shared(token))).audience).toBe('domain');
    const cookie = await verifiedCookie(token, 'eng@acme.test');
    expect((await json<Submission>(await shared(token, '/recording', { cookie }))).id).toBe(secondSubmissionId);
    // Whoever opens the issue confirmed a company address: they may discuss it in the comments.
    expect((await json<SharedLinkInfo>(await shared(token, '', { cookie }))).allow_comments).toBe(true);

    await settings(owner, { outside_links: 'issue' });
    const forLinear = await link('linear');
    expect(forLinear).not.toBe(domainLink);
    expect(await link('linear')).toBe(forLinear);
    expect(await link('zendesk')).not.toBe(forLinear);
    expect((await shared(forLinear.split('/').pop()!, '/recording')).status).toBe(200);
    // Revoked by the owner: the next message gets a new link.
    const list = await json<ShareLinkList>(await fetch(`${t.url}/api/v1/submissions/${secondSubmissionId}/share_links`, { headers: owner.headers }));
    const made = list.items.filter((l) => l.purpose === 'outside' && l.audience === 'anyone');
    expect(made).toHaveLength(2);
    for (const { id } of made) expect((await fetch(`${t.url}/api/v1/share_links/${id}`, { method: 'DELETE', headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrf } })).status).toBe(204);
    expect(await link('linear')).not.toBe(forLinear);

    await settings(owner, { mode: 'verified' });
    expect(await link('linear')).toBe(domainLink);
    await settings(owner, { mode: 'off' });
    expect(await link('linear')).toBe(dashboard);
    await settings(owner, { mode: 'on', outside_links: 'domain' });
  });

  describe('guest comments', () => {
    /** A verified viewer's headers for the link's routes: their browser session and the link's cookie. */
    async function guestOf(token: string, email: string): Promise<Record<string, string>> {
      const viewer = await anonymousSession(t);
      return { ...viewer.headers, cookie: `${viewer.cookie}; ${await verifiedCookie(token, email)}` };
    }
    const comments = (token: string, headers: Record<string, string>) => fetch(`${t.url}/api/v1/public/shares/${token}/comments`, { headers });
    const post = (token: string, headers: Record<string, string>, body: object) => fetch(`${t.url}/api/v1/public/shares/${token}/comments`, { method: 'POST', headers, body: JSON.stringify(body) });
    const ownerThread = async (id: string) => json<CommentThread>(await fetch(`${t.url}/api/v1/submissions/${id}/comments`, { headers: owner.headers }));

    it('a verified guest reads and writes, @mentions a participant by name (emailed once), and shows as an outside guest', async () => {
      const token = tokenOf(await share({ audience: 'domain', allow_comments: true }));
      const headers = await guestOf(token, 'guest1@acme.test');
      const first = await json<SharedCommentThread>(await comments(token, headers));
      // Who may be named: the members who took part (the owner asked for the recording and shared it), names only.
      expect(first.mentionable).toEqual([{ id: owner.user.id, name: owner.user.name }]);
      expect(JSON.stringify(first.mentionable)).not.toContain('@');

      const notParticipant = await post(token, headers, { body: `@${member.user.name} look`, mentions: [member.user.id] });
      expect((await expectError(notParticipant, 'VALIDATION_FAILED'))).toBeTruthy();
      const res = await post(token, headers, { body: `@${owner.user.name} the 500 at 0:03`, at_ms: 3000, mentions: [owner.user.id] });
      expect(res.status, await res.clone().text()).toBe(201);
      const added = await json<Comment>(res);
      expect(added).toMatchObject({ author: { kind: 'guest', user_id: null, email: 'guest1@acme.test' }, at_ms: 3000, mentions: [{ id: owner.user.id }], can_edit: false, can_delete: false });

      // The owner sees the outside guest and replies; the guest sees the reply, and may moderate nothing.
      expect((await ownerThread(submissionId)).items.find((c) => c.id === added.id)).toMatchObject({ author: { kind: 'guest', email: 'guest1@acme.test' }, can_delete: true });
      const reply = await fetch(`${t.url}/api/v1/submissions/${submissionId}/comments`, { method: 'POST', headers: owner.headers, body: JSON.stringify({ body: 'Looking', parent_id: added.id }) });
      expect(reply.status).toBe(201);
      const seen = await json<SharedCommentThread>(await comments(token, headers));
      expect(seen.items.map((c) => [c.body, c.can_edit, c.can_delete])).toEqual(expect.arrayContaining([['Looking', false, false]]));
      expect(seen.items.find((c) => c.id === added.id)!.parent_id).toBeNull();

      await waitForAlertsSettled(t, owner.user.account.id);
      const mails = (await waitForMail(t, admin, owner.user.email, 0)).filter((m) => m.subject.includes('mentioned you'));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toContain('guest1@acme.test');
      for (const person of [member, other]) expect((await waitForMail(t, admin, person.user.email, 0)).filter((m) => m.subject.includes('mentioned'))).toEqual([]);
    });

    it("refuses a link without comments, an anyone link and an unverified viewer; never reaches another recording's comments", async () => {
      const quiet = tokenOf(await share({ audience: 'domain' }));
      const quietGuest = await guestOf(quiet, 'guest2@acme.test');
      await expectError(await comments(quiet, quietGuest), 'FORBIDDEN');
      await expectError(await post(quiet, quietGuest, { body: 'hi' }), 'FORBIDDEN');
      const anyone = tokenOf(await share({ audience: 'anyone', allow_comments: true }));
      const stranger = await anonymousSession(t);
      await expectError(await comments(anyone, stranger.headers), 'FORBIDDEN');
      await expectError(await post(anyone, stranger.headers, { body: 'hi' }), 'FORBIDDEN');
      const open = tokenOf(await share({ audience: 'domain', allow_comments: true }));
      await expectError(await post(open, stranger.headers, { body: 'hi' }), 'UNAUTHENTICATED');

      // A comment on another recording of the account: not listed, not a parent a guest can reply to.
      const elsewhere = await fetch(`${t.url}/api/v1/submissions/${secondSubmissionId}/comments`, { method: 'POST', headers: owner.headers, body: JSON.stringify({ body: 'Internal note' }) });
      const internal = await json<Comment>(elsewhere);
      const guest = await guestOf(open, 'guest3@acme.test');
      expect((await json<SharedCommentThread>(await comments(open, guest))).items.map((c) => c.id)).not.toContain(internal.id);
      await expectError(await post(open, guest, { body: 'reply', parent_id: internal.id }), 'VALIDATION_FAILED');
      expect((await ownerThread(secondSubmissionId)).items).toHaveLength(1);
      // A cookie of one link does not comment through another.
      await expectError(await post(quiet, guest, { body: 'hi' }), 'UNAUTHENTICATED');
    });

    it("limits a guest's comments", async () => {
      const token = tokenOf(await share({ audience: 'domain', allow_comments: true }));
      const headers = await guestOf(token, 'chatty@acme.test');
      for (let i = 0; i < GUEST_COMMENT_LIMITS.perGuest; i++) expect((await post(token, headers, { body: `note ${i}` })).status).toBe(201);
      const refused = await post(token, headers, { body: 'one more' });
      await expectError(refused, 'RATE_LIMITED');
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    });
  });
});

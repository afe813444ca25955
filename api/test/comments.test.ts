import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment, CommentThread, Review, SubmissionList, UnreadComments } from '@showback/contract';
import type { LocalMailbox } from '../src/mail/local-mailbox.ts';
import { addComment } from '../src/modules/comments/comments.service.ts';
import { addTeammate, body, signUp, type SignedUp } from './support/auth.ts';
import { addEndpoint, endpointSecret, recordThroughLink, waitForAlertsSettled, waitForDeliveries } from './support/fixtures/alerts.ts';
import { connectSlackWithChannel, SLACK_PUBLIC_URL } from './support/fixtures/slack.ts';
import { SLACK_CLIENT, startSlackServer, type SlackServer } from './support/slack-server.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.ts';

/**
 * Reviewing a recording together: comments (pinned, replies, own-only edits, moderation), @mentions told once by
 * email and in Slack, the unread marker, the review state and assignee with their signed webhook, and the list's
 * filters. On PGlite and PostgreSQL (the list's filters and the unread counts are SQL of their own).
 */
describe('comments and review state', () => {
  let t: TestApp;
  let slack: SlackServer;
  let receiver: WebhookReceiver;
  let owner: SignedUp;
  let admin: SignedUp;
  let member: SignedUp;
  let recording: string;
  let other: string;

  const url = (path: string) => `${t.url}/api/v1${path}`;
  const call = (who: SignedUp, method: string, path: string, payload?: unknown) =>
    fetch(url(path), { method, headers: payload === undefined ? { cookie: who.cookie, 'x-csrf-token': who.csrf } : who.headers, body: payload === undefined ? undefined : JSON.stringify(payload) });
  const comment = async (who: SignedUp, payload: Record<string, unknown>, on = recording): Promise<Comment> => {
    const res = await call(who, 'POST', `/submissions/${on}/comments`, payload);
    expect(res.status, await res.clone().text()).toBe(201);
    return body(res);
  };
  const thread = async (who: SignedUp, on = recording): Promise<CommentThread> => body(await call(who, 'GET', `/submissions/${on}/comments`));
  const list = async (who: SignedUp, query: string): Promise<string[]> => ((await body(await call(who, 'GET', `/submissions?${query}`))) as SubmissionList).items.map((i) => i.id);
  const mailsTo = async (email: string) => (await (t.app.ctx.mailer as LocalMailbox).list()).filter((m) => m.to === email);

  beforeAll(async () => {
    slack = await startSlackServer(8);
    receiver = await startWebhookReceiver();
    t = await startTestApp({}, { OUTBOUND_ALLOW_LOCAL: 'true', SLACK_CLIENT_ID: SLACK_CLIENT.id, SLACK_CLIENT_SECRET: SLACK_CLIENT.secret, SLACK_API_URL: slack.apiUrl, SLACK_AUTHORIZE_URL: slack.authorizeUrl, PUBLIC_URL: SLACK_PUBLIC_URL });
    owner = await signUp(t, { name: 'Olive Owner' });
    const named = async (role: 'admin' | 'member', name: string): Promise<SignedUp> => {
      const mate = await addTeammate(t, owner, role);
      await t.app.ctx.db.updateTable('users').set({ name }).where('id', '=', mate.user.id).execute();
      return { ...mate, user: { ...mate.user, name } };
    };
    admin = await named('admin', 'Ada Admin');
    member = await named('member', 'Mia Member');
    recording = (await recordThroughLink(t, owner, 'Checkout button does nothing')).id;
    other = (await recordThroughLink(t, owner, 'Search is slow')).id;
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    await slack?.close();
  });

  it('pins, replies one level deep, lets only the author edit and the author or an admin delete', async () => {
    const pinned = await comment(member, { body: 'Here: the 500 at 0:03', at_ms: 3000 });
    expect(pinned).toMatchObject({ parent_id: null, at_ms: 3000, author: { kind: 'member', user_id: member.user.id, email: null }, can_edit: true, can_delete: true, edited_at: null });
    const reply = await comment(owner, { body: 'Looking', parent_id: pinned.id });
    // A reply to a reply joins the thread.
    const nested = await comment(member, { body: 'Thanks', parent_id: reply.id });
    expect([reply.parent_id, nested.parent_id]).toEqual([pinned.id, pinned.id]);

    expect((await call(owner, 'PATCH', `/submissions/${recording}/comments/${pinned.id}`, { body: 'rewritten' })).status).toBe(403);
    expect((await call(admin, 'PATCH', `/submissions/${recording}/comments/${pinned.id}`, { body: 'rewritten' })).status).toBe(403);
    const edited = await call(member, 'PATCH', `/submissions/${recording}/comments/${pinned.id}`, { body: 'Here: the 500 at 0:03, after Pay' });
    expect(edited.status).toBe(200);
    expect(await body(edited)).toMatchObject({ body: 'Here: the 500 at 0:03, after Pay', edited_at: expect.any(String) });

    const seenByOwner = (await thread(owner)).items.find((c) => c.id === pinned.id)!;
    expect(seenByOwner).toMatchObject({ can_edit: false, can_delete: true });
    const ownersReply = (await thread(member)).items.find((c) => c.id === reply.id)!;
    expect(ownersReply).toMatchObject({ can_edit: false, can_delete: false });
    expect((await call(member, 'DELETE', `/submissions/${recording}/comments/${reply.id}`)).status).toBe(403);
    // A comment is found only on its own recording.
    expect((await call(member, 'DELETE', `/submissions/${other}/comments/${pinned.id}`)).status).toBe(404);

    const doomed = await comment(member, { body: 'off-topic' });
    expect((await call(admin, 'DELETE', `/submissions/${recording}/comments/${doomed.id}`)).status).toBe(204);
    const mine = await comment(member, { body: 'typo' });
    expect((await call(member, 'DELETE', `/submissions/${recording}/comments/${mine.id}`)).status).toBe(204);
    expect((await thread(owner)).items.map((c) => c.body)).toEqual(['Here: the 500 at 0:03, after Pay', 'Looking', 'Thanks']);

    // Deleting a thread's first comment takes its replies.
    const gone = await comment(member, { body: 'temporary thread' }, other);
    await comment(owner, { body: 'reply', parent_id: gone.id }, other);
    expect((await call(member, 'DELETE', `/submissions/${other}/comments/${gone.id}`)).status).toBe(204);
    expect((await thread(owner, other)).items).toEqual([]);

    for (const bad of [{ body: '' }, { body: 'x'.repeat(5001) }, { body: 'x', at_ms: -1 }, { body: 'x', parent_id: crypto.randomUUID() }]) {
      const res = await call(member, 'POST', `/submissions/${recording}/comments`, bad);
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(await body(res)).toMatchObject({ statusCode: 422, code: 'VALIDATION_FAILED' });
    }
  });

  it('shows a verified share-link viewer as an outside guest', async () => {
    const guest = await addComment(t.app.ctx, { kind: 'guest', accountId: owner.user.account.id, email: 'dev@partner.example', name: null, shareLinkId: null }, other, { body: 'Seen it on our side too', at_ms: 1000 });
    expect(guest.author).toEqual({ kind: 'guest', user_id: null, name: 'dev@partner.example', email: 'dev@partner.example' });
    const seen = (await thread(member, other)).items.find((c) => c.id === guest.id)!;
    expect(seen).toMatchObject({ can_edit: false, can_delete: false });
    expect((await thread(admin, other)).items.find((c) => c.id === guest.id)).toMatchObject({ can_delete: true });
  });

  it('emails a mentioned member once, never a non-member, and tells Slack', async () => {
    await connectSlackWithChannel(t, slack, owner, slack.channels[2]!);
    const postsBefore = slack.callsTo('chat.postMessage').length;
    const stranger = await signUp(t);
    const refused = await call(member, 'POST', `/submissions/${recording}/comments`, { body: '@Stranger look', mentions: [stranger.user.id] });
    expect(refused.status).toBe(422);
    expect((await body(refused)).errors).toHaveProperty('mentions');

    const mention = await comment(member, { body: '@Olive Owner can you look at 0:03?', at_ms: 3000, mentions: [owner.user.id] });
    expect(mention.mentions).toEqual([{ id: owner.user.id, name: 'Olive Owner' }]);
    // Edited with the same mention, and once more mentioning only the author: nobody is told again.
    expect((await call(member, 'PATCH', `/submissions/${recording}/comments/${mention.id}`, { body: '@Olive Owner please look at 0:03', mentions: [owner.user.id] })).status).toBe(200);
    expect((await call(member, 'PATCH', `/submissions/${recording}/comments/${mention.id}`, { body: '@Olive Owner please look at 0:03', mentions: [owner.user.id, member.user.id] })).status).toBe(200);
    await waitForAlertsSettled(t, owner.user.account.id);

    const mails = await mailsTo(owner.user.email);
    const mentionMails = mails.filter((m) => m.subject.includes('mentioned you'));
    expect(mentionMails).toHaveLength(1);
    expect(mentionMails[0]!.subject).toBe(`${member.user.name} mentioned you on “Checkout button does nothing”`);
    expect(mentionMails[0]!.text).toContain('at 0:03');
    expect(mentionMails[0]!.text).toContain(`${SLACK_PUBLIC_URL}/my/recordings/${recording}?t=3`);
    for (const person of [member, admin, stranger]) expect((await mailsTo(person.user.email)).filter((m) => m.subject.includes('mentioned'))).toEqual([]);

    // The recordings' own "ready" posts may land meanwhile: only mentions are counted.
    const posts = slack.callsTo('chat.postMessage').slice(postsBefore).filter((p) => p.form.text?.includes('mentioned'));
    expect(posts).toHaveLength(1);
    expect(posts[0]!.form.channel).toBe(slack.channels[2]!.id);
    expect(posts[0]!.form.text).toBe(`${member.user.name} mentioned Olive Owner on “Checkout button does nothing” at 0:03`);
  });

  it('marks recordings with comments by others unread until opened', async () => {
    const unread = async (who: SignedUp) => ((await body(await call(who, 'GET', '/comments/unread'))) as UnreadComments).items;
    const before = await unread(owner);
    expect(before.find((i) => i.submission_id === recording)?.unread).toBeGreaterThan(0);
    expect((await call(owner, 'POST', `/submissions/${recording}/comments/read`)).status).toBe(204);
    expect((await unread(owner)).find((i) => i.submission_id === recording)).toBeUndefined();
    await comment(member, { body: 'one more' });
    expect((await unread(owner)).find((i) => i.submission_id === recording)?.unread).toBe(1);
    // One's own comments are never unread.
    expect((await call(member, 'POST', `/submissions/${recording}/comments/read`)).status).toBe(204);
    await comment(member, { body: 'and mine' });
    expect((await unread(member)).find((i) => i.submission_id === recording)).toBeUndefined();
    expect((await call(member, 'POST', `/submissions/${crypto.randomUUID()}/comments/read`)).status).toBe(404);
  });

  it('moves the state and assignee, logs each change and sends a signed webhook; the list filters by them', async () => {
    const endpoint = await addEndpoint(t, owner, { url: `${receiver.url}/review`, events: ['submission.state_changed', 'submission.assigned'] });
    const secret = await endpointSecret(t, owner, endpoint.id);
    const review = async (who: SignedUp, payload: unknown, status = 200): Promise<Review> => {
      const res = await call(who, 'PATCH', `/submissions/${recording}/review`, payload);
      expect(res.status, await res.clone().text()).toBe(status);
      return body(res);
    };
    expect(await review(member, { state: 'in_progress', assignee_user_id: owner.user.id })).toEqual({ state: 'in_progress', assignee: { id: owner.user.id, name: 'Olive Owner' } });
    // Setting what is set changes nothing and sends nothing.
    await review(member, { state: 'in_progress' });
    await review(owner, { state: 'resolved' });
    await review(admin, { state: 'open' });
    await review(owner, { state: 'resolved' });
    const stranger = await signUp(t);
    await review(owner, { assignee_user_id: stranger.user.id }, 422);
    await review(owner, { state: 'closed' }, 422);
    await review(owner, {}, 422);

    const items = await waitForDeliveries(t, owner, endpoint.id, (d) => d.length === 5 && d.every((x) => x.status === 'succeeded'));
    expect(items.map((d) => d.event_type).sort()).toEqual(['submission.assigned', ...Array(4).fill('submission.state_changed')]);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const payloads = receiver.received.filter((r) => r.path === '/review').map((r) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as { type: string; data: Record<string, any> });
    const states = payloads.filter((p) => p.type === 'submission.state_changed').map((p) => `${p.data.change.from}→${p.data.change.to}`);
    expect(states).toEqual(['open→in_progress', 'in_progress→resolved', 'resolved→open', 'open→resolved']);
    const assigned = payloads.find((p) => p.type === 'submission.assigned')!;
    expect(assigned.data).toMatchObject({ submission: { id: recording }, change: { field: 'assignee', from: null, to: { id: owner.user.id, name: 'Olive Owner' }, by: { id: member.user.id } } });
    expect(payloads.at(-1)!.data.review).toEqual({ state: 'resolved', assignee: { id: owner.user.id, name: 'Olive Owner', email: owner.user.email } });

    const history = (await thread(member)).history.map((h) => `${h.change}:${h.before}→${h.after} by ${h.by}`);
    expect(history).toEqual([
      `state:open→in_progress by ${member.user.name}`,
      `assignee:null→Olive Owner by ${member.user.name}`,
      'state:in_progress→resolved by Olive Owner',
      `state:resolved→open by ${admin.user.name}`,
      'state:open→resolved by Olive Owner',
    ]);

    expect(await list(owner, 'review_state=resolved')).toEqual([recording]);
    expect(await list(owner, 'review_state=open')).toEqual([other]);
    expect(await list(owner, `assignee=${owner.user.id}`)).toEqual([recording]);
    expect(await list(owner, 'assignee=none')).toEqual([other]);
    expect(await list(owner, 'mentions_me=true')).toEqual([recording]);
    expect(await list(admin, 'mentions_me=true')).toEqual([]);
    expect(await list(owner, 'mentions_me=true&review_state=open')).toEqual([]);
    const unfiltered = (await body(await call(owner, 'GET', '/submissions'))) as SubmissionList;
    expect(unfiltered.items.find((i) => i.id === recording)).toMatchObject({ review_state: 'resolved', assignee_user_id: owner.user.id });
    expect((await call(owner, 'GET', '/submissions?assignee=somebody')).status).toBe(422);
  });
});

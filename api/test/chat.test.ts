import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chatAwayEmailJob } from '../src/jobs/chat-away-email.job.ts';
import { anonymousSession, body, signUp, signUpSysadmin, type SignedUp } from './support/auth.ts';
import { waitForMail } from './support/mailbox.ts';
import { startPeerApp, startTestApp, type TestApp } from './support/test-app.ts';

interface StreamEvent { event: string; data: Record<string, unknown> }

/** An open EventSource-like connection: collects events, waits for the next one that matches. */
async function openStream(url: string, who: { headers: Record<string, string> }) {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { ...who.headers, accept: 'text/event-stream' }, signal: controller.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const events: StreamEvent[] = [];
  const waiters: (() => void)[] = [];
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body!) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
          waiters.splice(0).forEach((wake) => wake());
        }
      }
    } catch {
      // aborted
    }
  })();
  const next = async (match: (e: StreamEvent) => boolean, timeoutMs = 5000): Promise<StreamEvent> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = events.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching event in ${JSON.stringify(events)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  };
  await next((e) => e.event === 'ready');
  return { events, next, close: () => controller.abort() };
}

const post = (t: TestApp, who: { headers: Record<string, string> }, path: string, payload: unknown) =>
  fetch(`${t.url}${path}`, { method: 'POST', headers: who.headers, body: JSON.stringify(payload) });
const message = (body: string) => (e: StreamEvent) => e.event === 'message' && e.data.body === body;

/** Until the away-email job of each of the conversation's `replies` staff replies has run to completion. */
async function awayEmailJobsDone(t: TestApp, conversationId: string, replies: number): Promise<void> {
  await vi.waitFor(
    async () => {
      const { rows } = await sql<{ state: string }>`select state::text as state from pgboss.job where name = ${chatAwayEmailJob.name} and data->>'conversation_id' = ${conversationId}`.execute(t.app.ctx.db);
      expect(rows.map((r) => r.state)).toEqual(Array<string>(replies).fill('completed'));
    },
    { timeout: 20_000, interval: 100 },
  );
}

describe('chat between a customer and staff', () => {
  let t: TestApp;
  let customer: SignedUp;
  let staff: SignedUp;
  beforeAll(async () => {
    t = await startTestApp({}, { CHAT_AWAY_EMAIL_SECONDS: '1' });
    customer = await signUp(t, { name: 'Carla Customer' });
    staff = await signUpSysadmin(t);
  });
  afterAll(() => t.close());

  it('delivers messages live to every open tab of the customer and to staff, with unread counts and read positions', async () => {
    expect(await body(await fetch(`${t.url}/api/v1/chat`, { headers: customer.headers }))).toEqual({ conversation_id: null, unread_count: 0, messages: [] });
    const badge = async () => body(await fetch(`${t.url}/api/v1/chat/unread`, { headers: customer.headers }));
    expect(await badge()).toEqual({ unread_count: 0 });
    const tabA = await openStream(`${t.url}/api/v1/chat/events`, customer);
    const tabB = await openStream(`${t.url}/api/v1/chat/events`, customer);
    const desk = await openStream(`${t.url}/api/v1/admin/chats/events`, staff);

    const sent = await post(t, customer, '/api/v1/chat/messages', { body: '  Hello, is <b>anyone</b> there?  ' });
    expect(sent.status).toBe(201);
    const first = await body(sent);
    expect(first).toMatchObject({ author: 'customer', author_name: 'Carla Customer', body: 'Hello, is <b>anyone</b> there?' });
    for (const stream of [tabA, tabB, desk]) expect((await stream.next(message(first.body))).data.id).toBe(first.id);

    const list = await body(await fetch(`${t.url}/api/v1/admin/chats`, { headers: staff.headers }));
    expect(list).toMatchObject({ total: 1, items: [{ id: first.conversation_id, user_email: customer.user.email, unread_count: 1, last_message: { id: first.id } }] });
    expect((await post(t, staff, `/api/v1/admin/chats/${first.conversation_id}/read`, { up_to_id: first.id })).status).toBe(204);
    expect((await body(await fetch(`${t.url}/api/v1/admin/chats?unread=true`, { headers: staff.headers }))).total).toBe(0);
    await tabA.next((e) => e.event === 'read' && e.data.reader === 'staff' && e.data.up_to_id === first.id);

    const answer = await body(await post(t, staff, `/api/v1/admin/chats/${first.conversation_id}/messages`, { body: 'Yes! How can we help?' }));
    await tabA.next(message('Yes! How can we help?'));
    await tabB.next(message('Yes! How can we help?'));
    expect((await body(await fetch(`${t.url}/api/v1/chat`, { headers: customer.headers }))).unread_count).toBe(1);
    // The navigation's badge counts the same, and only the team's messages (the customer's own one is read).
    expect(await badge()).toEqual({ unread_count: 1 });
    // One tab reads: the other hears of it and can clear its badge.
    expect((await post(t, customer, '/api/v1/chat/read', { up_to_id: answer.id })).status).toBe(204);
    await tabB.next((e) => e.event === 'read' && e.data.reader === 'customer' && e.data.up_to_id === answer.id);
    const state = await body(await fetch(`${t.url}/api/v1/chat`, { headers: customer.headers }));
    expect(state).toMatchObject({ unread_count: 0, messages: [{ id: first.id }, { id: answer.id, author: 'staff' }] });
    expect(await badge()).toEqual({ unread_count: 0 });
    const audit = await t.app.ctx.db.selectFrom('admin_audit_log').selectAll().where('target_id', '=', first.conversation_id).execute();
    expect(audit.map((a) => [a.action, a.actor_email, a.after])).toEqual([['chat.reply', staff.user.email, { message_id: answer.id }]]);
    for (const stream of [tabA, tabB, desk]) stream.close();
  });

  it('emails the customer about replies left unread, once, and not about replies read in time', async () => {
    const away = await signUp(t, { name: 'Away Customer' });
    const { conversation_id } = await body(await post(t, away, '/api/v1/chat/messages', { body: 'Please call me back' }));
    await post(t, staff, `/api/v1/admin/chats/${conversation_id}/messages`, { body: 'Sure, what is your number?' });
    await post(t, staff, `/api/v1/admin/chats/${conversation_id}/messages`, { body: 'Or we can continue here.' });
    const fromChat = async () => (await waitForMail(t, staff, away.user.email)).filter((m) => /from the Showback team/.test(m.subject));
    const [mail, ...more] = await fromChat();
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('2 new replies from the Showback team');
    expect(mail!.text).toContain('Sure, what is your number?');
    expect(mail!.text).toContain('/chat');

    // Read before the delay runs out: nothing more is sent.
    const read = await body(await post(t, staff, `/api/v1/admin/chats/${conversation_id}/messages`, { body: 'Seen this one?' }));
    expect((await post(t, away, '/api/v1/chat/read', { up_to_id: read.id })).status).toBe(204);
    await awayEmailJobsDone(t, conversation_id, 3);
    expect(await fromChat()).toHaveLength(1);
  });

  it('refuses bad input, other people’s conversations and non-admins with the one error body', async () => {
    const other = await signUp(t);
    const anonymous = await anonymousSession(t);
    const { conversation_id, id } = await body(await post(t, other, '/api/v1/chat/messages', { body: 'mine' }));
    expect((await post(t, customer, '/api/v1/chat/messages', { body: '   ' })).status).toBe(422);
    expect((await post(t, customer, '/api/v1/chat/messages', { body: 'x'.repeat(4001) })).status).toBe(422);
    expect((await post(t, customer, '/api/v1/chat/read', { up_to_id: -1 })).status).toBe(422);
    // Reading up to another conversation's message does not move anything past this conversation's own messages.
    const before = await body(await fetch(`${t.url}/api/v1/chat`, { headers: customer.headers }));
    await post(t, customer, '/api/v1/chat/read', { up_to_id: id + 1000 });
    expect((await body(await fetch(`${t.url}/api/v1/chat`, { headers: customer.headers }))).messages).toEqual(before.messages);
    const noAccept = await fetch(`${t.url}/api/v1/chat/events`, { headers: customer.headers });
    expect(noAccept.status).toBe(400);
    expect(await body(noAccept)).toMatchObject({ code: 'BAD_REQUEST' });
    for (const path of ['/api/v1/chat', '/api/v1/chat/unread']) expect((await fetch(`${t.url}${path}`, { headers: anonymous.headers })).status).toBe(401);
    for (const who of [customer, anonymous]) {
      for (const [method, path] of [['GET', '/api/v1/admin/chats'], ['GET', '/api/v1/admin/chats/events'], ['GET', `/api/v1/admin/chats/${conversation_id}`], ['POST', `/api/v1/admin/chats/${conversation_id}/messages`], ['POST', `/api/v1/admin/chats/${conversation_id}/read`]] as const) {
        const res = await fetch(`${t.url}${path}`, { method, headers: { ...who.headers, accept: 'text/event-stream' }, body: method === 'POST' ? JSON.stringify({ body: 'hi', up_to_id: 1 }) : undefined });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(await body(res)).toMatchObject({ code: 'NOT_FOUND' });
      }
    }
    expect((await post(t, staff, `/api/v1/admin/chats/${crypto.randomUUID()}/messages`, { body: 'hi' })).status).toBe(404);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('chat across two API processes (Postgres LISTEN/NOTIFY)', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await startTestApp({}, { WORKERS: 'false' });
    second = await startPeerApp(first, { WORKERS: 'false' });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('a message written on one process reaches streams open on the other, both ways', async () => {
    const customer = await signUp(first, { name: 'Two Process Customer' });
    const staff = await signUpSysadmin(first);
    const customerTab = await openStream(`${second.url}/api/v1/chat/events`, customer);
    const desk = await openStream(`${first.url}/api/v1/admin/chats/events`, staff);
    const asked = await body(await post(second, customer, '/api/v1/chat/messages', { body: 'Written on process two' }));
    expect((await desk.next(message('Written on process two'))).data.id).toBe(asked.id);
    await post(first, staff, `/api/v1/admin/chats/${asked.conversation_id}/messages`, { body: 'Answered on process one' });
    await customerTab.next(message('Answered on process one'));
    customerTab.close();
    desk.close();
  });
});

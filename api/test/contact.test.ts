import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactRequest } from '@showback/contract';
import { CONTACT_RATE } from '../src/modules/contact/contact.service.ts';
import { anonymousSession, signUp, uniqueEmail, type BrowserSession } from './support/auth.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const message = (overrides: Partial<ContactRequest> = {}): ContactRequest => ({
  name: 'Grace Hopper',
  email: uniqueEmail('contact'),
  company: 'Navy Support Desk',
  topic: 'sales',
  message: 'We have 12 agents and want to try the widget on our billing pages.',
  ...overrides,
});

async function post(t: TestApp, session: BrowserSession, body: unknown): Promise<Response> {
  return fetch(`${t.url}/api/v1/contact`, { method: 'POST', headers: session.headers, body: JSON.stringify(body) });
}

async function mailTo(t: TestApp, subjectPart: string): Promise<{ to: string; subject: string; text: string }[]> {
  const dir = path.join(t.dataDir, 'mail');
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const mails = await Promise.all(names.filter((n) => n.endsWith('.json')).map(async (n) => JSON.parse(await fs.readFile(path.join(dir, n), 'utf8'))));
  return mails.filter((m: { subject: string }) => m.subject.includes(subjectPart));
}

describe('POST /api/v1/contact', () => {
  let t: TestApp;
  let guest: BrowserSession;
  beforeAll(async () => {
    t = await startTestApp();
    guest = await anonymousSession(t);
  });
  afterAll(() => t.close());

  it('stores a support request and emails the team with the sender as reply-to', async () => {
    const body = message({ name: '  Grace Hopper ', email: uniqueEmail('Grace').toUpperCase() });
    const res = await post(t, guest, body);
    expect(res.status).toBe(201);
    const receipt = (await res.json()) as { id: string; received_at: string };
    expect(receipt.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(receipt.received_at))).toBe(false);

    const row = await t.app.ctx.db.selectFrom('support_requests').selectAll().where('id', '=', receipt.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Grace Hopper', email: body.email.trim().toLowerCase(), company: 'Navy Support Desk', topic: 'sales', status: 'open', source: 'contact_form', user_id: null, notify_error: null });
    expect(row.notified_at).not.toBeNull();

    const mails = await mailTo(t, 'Grace Hopper');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(t.config.adminEmail);
    expect(mails[0]!.text).toContain(receipt.id);
    expect(mails[0]!.text).toContain('billing pages');
  });

  it('links the request to the signed-in user', async () => {
    const owner = await signUp(t);
    const res = await post(t, owner, message({ name: 'Signed In Sender', topic: 'billing' }));
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const row = await t.app.ctx.db.selectFrom('support_requests').select('user_id').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.user_id).toBe(owner.user.id);
  });

  it.each([
    ['a missing name', { name: undefined }, 'name'],
    ['a blank name', { name: '   ' }, 'name'],
    ['an invalid email', { email: 'not-an-email' }, 'email'],
    ['a message that is too short', { message: 'help' }, 'message'],
    ['a blank message padded to length', { message: '          x' }, 'message'],
    ['an unknown topic', { topic: 'spam' }, 'topic'],
    ['an overlong company', { company: 'x'.repeat(161) }, 'company'],
  ])('refuses %s with field errors and stores nothing', async (_label, overrides, field) => {
    const before = await t.app.ctx.db.selectFrom('support_requests').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const res = await post(t, guest, { ...message(), ...overrides });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { code: string; errors: Record<string, string[]> };
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.errors)).toContain(field);
    const after = await t.app.ctx.db.selectFrom('support_requests').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses a request without the CSRF token', async () => {
    const res = await fetch(`${t.url}/api/v1/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(message()) });
    expect(res.status).toBe(403);
  });

  it('keeps the request when the email to the team fails, and records why', async () => {
    const mailer = t.app.ctx.mailer;
    const original = mailer.send.bind(mailer);
    mailer.send = async () => {
      throw new Error('SMTP 421 service not available');
    };
    try {
      const res = await post(t, guest, message({ name: 'Mail Down' }));
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as { id: string };
      const row = await t.app.ctx.db.selectFrom('support_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.notified_at).toBeNull();
      expect(row.notify_error).toContain('SMTP 421');
    } finally {
      mailer.send = original;
    }
  });
});

describe('contact rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it(`accepts ${CONTACT_RATE.max} messages from one address in the window, then answers 429 and stores nothing more`, async () => {
    const guest = await anonymousSession(t);
    for (let i = 0; i < CONTACT_RATE.max; i++) expect((await post(t, guest, message({ name: `Sender ${i}` }))).status).toBe(201);
    const res = await post(t, guest, message({ name: 'One Too Many' }));
    expect(res.status).toBe(429);
    expect(((await res.json()) as { code: string }).code).toBe('RATE_LIMITED');
    const rows = await t.app.ctx.db.selectFrom('support_requests').select('name').execute();
    expect(rows.map((r) => r.name)).not.toContain('One Too Many');
    expect(rows).toHaveLength(CONTACT_RATE.max);
  });
});

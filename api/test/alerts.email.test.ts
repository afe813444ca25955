import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, signUp, type SignedUp } from './support/auth.ts';
import { recordThroughLink, waitForAlertsSettled, waitForFannedOut } from './support/fixtures/alerts.ts';
import { startSmtpServer, type LocalSmtpServer } from './support/smtp-server.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

async function addMember(t: TestApp, owner: SignedUp, role: 'admin' | 'member', email: string): Promise<string> {
  const row = await t.app.ctx.db
    .insertInto('users')
    .values({ account_id: owner.user.account.id, email, name: `${role} person`, role, password_hash: null, attribution: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function emailDeliveries(t: TestApp, accountId: string) {
  return t.app.ctx.db.selectFrom('alert_deliveries').selectAll().where('account_id', '=', accountId).where('channel', '=', 'email').execute();
}

async function settled(t: TestApp, accountId: string, count: number) {
  for (const deadline = Date.now() + 60_000; ; await new Promise((r) => setTimeout(r, 100))) {
    const rows = await emailDeliveries(t, accountId);
    if (rows.length >= count && rows.every((d) => d.status === 'succeeded' || d.status === 'failed')) return rows;
    if (Date.now() > deadline) throw new Error(`email deliveries never settled: ${JSON.stringify(rows)}`);
  }
}

describe('"New recording" emails over SMTP', () => {
  let t: TestApp;
  let smtp: LocalSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer({ rejectRecipient: (address) => address.startsWith('bounce-') });
    t = await startTestApp({}, { SMTP_URL: smtp.url, PUBLIC_URL: 'https://showback.example' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('go to owners and admins by default, with both parts, the poster, the link and a one-click unsubscribe header', async () => {
    const owner = await signUp(t);
    const admin = `admin-${crypto.randomUUID().slice(0, 8)}@example.test`;
    await addMember(t, owner, 'admin', admin);
    await addMember(t, owner, 'member', `member-${crypto.randomUUID().slice(0, 8)}@example.test`);
    const start = smtp.received.length;
    const { id } = await recordThroughLink(t, owner, 'Invoice page <crashes>');
    const mails = (await smtp.waitFor(start + 2, 60_000)).slice(start);
    // The member's email, had the fan-out made one, would have been sent by the time every delivery settled.
    await waitForAlertsSettled(t, owner.user.account.id);
    expect(smtp.received.length - start).toBe(2);
    expect(mails.map((m) => m.envelope.to[0]).sort()).toEqual([admin, owner.user.email].sort());

    const { mail } = mails.find((m) => m.envelope.to[0] === owner.user.email)!;
    expect(mail.subject).toBe('New recording: Invoice page <crashes> from Grace Hopper');
    expect(mail.from?.text).toContain('no-reply@showback.local');
    const link = `https://showback.example/my/recordings/${id}`;
    expect(mail.text).toContain('Grace Hopper sent a recording for "Invoice page <crashes>".');
    expect(mail.text).toContain('Length: 0:02');
    expect(mail.text).toContain('Captured with it: 0 console errors, 0 failed requests');
    expect(mail.text).toContain('The button does nothing');
    expect(mail.text).toContain(`Open the recording: ${link}`);
    const html = String(mail.html);
    expect(html).toContain('Invoice page &lt;crashes&gt;');
    expect(html).not.toContain('<crashes>');
    expect(html).toContain(`href="${link}"`);
    expect(html).toContain('Open recording');
    expect(html).toContain('prefers-color-scheme: dark');
    expect(html).toContain('<meta name="color-scheme" content="light dark">');
    const poster = mail.attachments.find((a) => a.cid === 'poster');
    expect(poster?.contentType).toBe('image/jpeg');
    expect(poster!.content.subarray(0, 2).toString('hex')).toBe('ffd8');
    expect(html).toContain('src="cid:poster"');
    const unsubscribe = (mail.headers.get('list') as { unsubscribe: { url: string } }).unsubscribe.url;
    expect(unsubscribe).toMatch(/^https:\/\/showback\.example\/api\/v1\/public\/alerts\/unsubscribe\?user=[0-9a-f-]{36}&token=/);
    // mailparser folds List-* headers into `list`; the raw line shows the RFC 8058 one-click header as sent.
    expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail.text).toContain(unsubscribe);

    const rows = await settled(t, owner.user.account.id, 2);
    expect(rows.every((d) => d.status === 'succeeded' && d.attempts === 1 && /Accepted by the SMTP server/.test(d.last_excerpt ?? ''))).toBe(true);
  });

  it('a person turns them off on their account page, or with the one-click link without signing in', async () => {
    const owner = await signUp(t);
    const admin = `admin-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const adminId = await addMember(t, owner, 'admin', admin);
    const prefs = `${t.url}/api/v1/users/me/alert_preferences`;
    expect(await body(await fetch(prefs, { headers: owner.headers }))).toEqual({ new_recording_email: true });
    const off = await fetch(prefs, { method: 'PUT', headers: owner.headers, body: JSON.stringify({ new_recording_email: false }) });
    expect(await body(off)).toEqual({ new_recording_email: false });
    expect((await fetch(prefs, { method: 'PUT', headers: owner.headers, body: JSON.stringify({ new_recording_email: 'no' }) })).status).toBe(422);

    // The admin's one-click link: GET only asks, POST (what mail clients send) turns it off.
    const start = smtp.received.length;
    await recordThroughLink(t, owner, 'First');
    const [first] = (await smtp.waitFor(start + 1, 60_000)).slice(start);
    expect(first!.envelope.to).toEqual([admin]);
    const link = (first!.mail.headers.get('list') as { unsubscribe: { url: string } }).unsubscribe.url.replace('https://showback.example', t.url);
    const asked = await fetch(link);
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain('<form method="post"');
    const still = await t.app.ctx.db.selectFrom('alert_preferences').selectAll().where('user_id', '=', adminId).execute();
    expect(still).toEqual([]);
    const forged = await fetch(link.replace(/token=[^&]+/, 'token=abc'), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(forged.status).toBe(403);
    const done = await fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You will no longer get new-recording emails');

    const { id } = await recordThroughLink(t, owner, 'Second');
    await waitForFannedOut(t, id);
    await waitForAlertsSettled(t, owner.user.account.id);
    expect(smtp.received.length - start).toBe(1);
  });

  it('a recipient the SMTP server refuses is a final failure, not retried', async () => {
    const owner = await signUp(t, { email: `bounce-${crypto.randomUUID().slice(0, 8)}@example.test` });
    await recordThroughLink(t, owner, 'Bounced');
    const [row] = await settled(t, owner.user.account.id, 1);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.last_excerpt).toMatch(/Mail not accepted: .*550/);
  });
});

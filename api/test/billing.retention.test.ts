import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedUp } from './support/auth.ts';
import { anonymousSession, signUp } from './support/auth.ts';
import { me, startBillingApp, type BillingApp } from './support/billing-app.ts';
import { mediaFile } from './support/fixtures/media.ts';
import { createRequest, submit, submitBody, tusUpload, waitForProcessing } from './support/fixtures/recording.ts';
import { runRetention } from '../src/modules/billing/retention.service.ts';
import { sendTrialNotices } from '../src/modules/billing/trial-notices.service.ts';
import type { LocalMailbox } from '../src/mail/local-mailbox.ts';

const DAY_MS = 86_400_000;

describe('retention and trial notices', () => {
  let b: BillingApp;
  beforeAll(async () => {
    b = await startBillingApp();
  });
  afterAll(() => b.close());

  const mailbox = () => b.t.app.ctx.mailer as LocalMailbox;
  // Retention and trial mail only: each recording these tests submit also sends its owner a "New recording" alert.
  const mailTo = async (email: string) => (await mailbox().list()).filter((m) => m.to === email && !m.subject.startsWith('New recording:'));
  const at = (base: Date, days: number) => new Date(base.getTime() + days * DAY_MS);

  async function recorded(owner: SignedUp, count: number): Promise<string[]> {
    const request = await createRequest(b.t.url, owner);
    const file = await mediaFile('h264-noaudio-mp4', 1, '160x120');
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const uploadId = await tusUpload(b.t.url, file, { token: request.token });
      const res = await submit(b.t.url, request.token, submitBody(uploadId));
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as { id: string };
      expect((await waitForProcessing(b.t.url, owner, id)).status).toBe('ready');
      ids.push(id);
    }
    return ids;
  }

  it('warns the owner 7 days before, once, then deletes rows and stored files; usage keeps counting them', async () => {
    const owner = await signUp(b.t);
    await b.t.app.ctx.db.updateTable('accounts').set({ trial_ends_at: new Date(Date.now() - 1000) }).where('id', '=', owner.user.account.id).execute();
    const ids = await recorded(owner, 2);
    const rows = await b.t.app.ctx.db.selectFrom('submissions').selectAll().where('id', 'in', ids).execute();
    const keys = rows.flatMap((r) => [r.video_key, r.poster_key, r.original_key]).filter((k): k is string => k !== null);
    expect(keys.length).toBeGreaterThanOrEqual(4);
    for (const key of keys) expect(await b.t.app.ctx.storage.stat(key)).toBeDefined();
    const t0 = new Date(Math.max(...rows.map((r) => new Date(r.created_at).getTime())));

    // Free keeps 14 days: at day 6 the deletion (day 14) is more than 7 days away.
    await runRetention(b.t.app.ctx, at(t0, 6));
    expect(await mailTo(owner.user.email)).toEqual([]);

    const warned = await runRetention(b.t.app.ctx, at(t0, 8));
    expect(warned.warned).toBeGreaterThanOrEqual(2);
    const mails = await mailTo(owner.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^2 recordings will be deleted from /);
    for (const id of ids) expect(mails[0]!.text).toContain(`/my/recordings/${id}`);

    await runRetention(b.t.app.ctx, at(t0, 9));
    expect(await mailTo(owner.user.email)).toHaveLength(1);

    // Deletion waits for the full 7 days after the warning, even past day 14.
    await runRetention(b.t.app.ctx, at(t0, 14.5));
    expect(await b.t.app.ctx.db.selectFrom('submissions').select('id').where('id', 'in', ids).execute()).toHaveLength(2);

    const run = await runRetention(b.t.app.ctx, at(t0, 15.01));
    expect(run.deleted).toBeGreaterThanOrEqual(2);
    expect(await b.t.app.ctx.db.selectFrom('submissions').select('id').where('id', 'in', ids).execute()).toEqual([]);
    for (const key of keys) expect(await b.t.app.ctx.storage.stat(key)).toBeUndefined();
    expect((await me(b, owner)).account.submissions_used_this_month).toBe(2);
  });

  it('keeps recordings of longer plans, never deletes without the warning after a downgrade, and spares them after an upgrade', async () => {
    const owner = await signUp(b.t);
    const account = owner.user.account.id;
    await b.t.app.ctx.db.updateTable('accounts').set({ plan: 'scale' }).where('id', '=', account).execute();
    const [id] = await recorded(owner, 1);
    const row = await b.t.app.ctx.db.selectFrom('submissions').select('created_at').where('id', '=', id!).executeTakeFirstOrThrow();
    const t0 = new Date(row.created_at);

    await runRetention(b.t.app.ctx, at(t0, 60));
    expect(await mailTo(owner.user.email)).toEqual([]);

    // Downgraded to free: 60 days old is far past 14, but it is warned first and kept 7 more days.
    await b.t.app.ctx.db.updateTable('accounts').set({ plan: 'free', trial_ends_at: at(t0, -1) }).where('id', '=', account).execute();
    const warned = await runRetention(b.t.app.ctx, at(t0, 60));
    expect(warned.deleted).toBe(0);
    expect(await mailTo(owner.user.email)).toHaveLength(1);
    expect(await b.t.app.ctx.db.selectFrom('submissions').select('id').where('id', '=', id!).execute()).toHaveLength(1);

    // Upgraded again before the 7 days ran out: nothing is deleted.
    await b.t.app.ctx.db.updateTable('accounts').set({ plan: 'scale' }).where('id', '=', account).execute();
    await runRetention(b.t.app.ctx, at(t0, 68));
    expect(await b.t.app.ctx.db.selectFrom('submissions').select('id').where('id', '=', id!).execute()).toHaveLength(1);
  });

  it('emails the owner once when the trial has 3 days left', async () => {
    const owner = await signUp(b.t);
    const ends = new Date(owner.user.account.trial_ends_at!);
    await sendTrialNotices(b.t.app.ctx, at(ends, -10));
    expect(await mailTo(owner.user.email)).toEqual([]);
    await sendTrialNotices(b.t.app.ctx, at(ends, -2));
    await sendTrialNotices(b.t.app.ctx, at(ends, -1));
    const mails = await mailTo(owner.user.email);
    expect(mails).toHaveLength(1);
    // An owner whose browser never named a language reads dates in US English.
    expect(mails[0]!.subject).toBe(`Your trial ends on ${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(ends)}`);
    expect(mails[0]!.subject).toMatch(/ on [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(mails[0]!.text).toContain('/upgrade');
  });

  it('writes the trial email’s date in the language of the browser the owner last signed in with', async () => {
    const owner = await signUp(b.t);
    const browser = await anonymousSession(b.t);
    const signIn = await fetch(`${b.t.url}/api/v1/users/sign_in`, {
      method: 'POST',
      headers: { ...browser.headers, 'accept-language': 'x-klingon;q=1, de-DE;q=0.9, en;q=0.5' },
      body: JSON.stringify({ email: owner.user.email, password: owner.password }),
    });
    expect(signIn.status).toBe(200);
    const stored = await b.t.app.ctx.db.selectFrom('users').select('locale').where('id', '=', owner.user.id).executeTakeFirstOrThrow();
    expect(stored.locale).toBe('de-DE');
    const ends = new Date(owner.user.account.trial_ends_at!);
    await sendTrialNotices(b.t.app.ctx, at(ends, -2));
    const [mail] = await mailTo(owner.user.email);
    const german = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeZone: 'UTC' }).format(ends);
    expect(german).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    expect(mail!.subject).toBe(`Your trial ends on ${german}`);
    expect(mail!.text).toContain(`trial ends on ${german}.`);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingState, ErrorBody, ReleaseHeldResult, User } from '@showback/contract';
import { signUp, type SignedUp } from './support/auth.ts';
import { api, me, startBillingApp, type BillingApp } from './support/billing-app.ts';
import { createRequest, submit, submitBody, tusUpload } from './support/fixtures/recording.ts';
import { videoLike } from './support/fixtures/media.ts';

const DAY_MS = 86_400_000;

describe('trial, usage limits, warnings and watermark', () => {
  let b: BillingApp;
  // Jobs stay queued: these tests are about what is decided at submission, not about ffmpeg.
  beforeAll(async () => {
    b = await startBillingApp({ WORKERS: 'false' });
  });
  afterAll(() => b.close());

  const setTrialEnd = (who: SignedUp, at: Date) => b.t.app.ctx.db.updateTable('accounts').set({ trial_ends_at: at }).where('id', '=', who.user.account.id).execute();

  async function record(token: string): Promise<Response> {
    const uploadId = await tusUpload(b.t.url, videoLike(Buffer.alloc(2048, 7)), { token });
    return submit(b.t.url, token, submitBody(uploadId));
  }

  it('gives a new account a 30-day Growth trial without a card, warns in its last week, then falls back to free', async () => {
    const owner = await signUp(b.t);
    const user = await me(b, owner);
    const ends = new Date(user.account.trial_ends_at!).getTime();
    expect(Math.abs(ends - (Date.now() + 30 * DAY_MS))).toBeLessThan(60_000);
    expect(user.account).toMatchObject({ plan: 'free', effective_plan: 'growth', trial_active: true, submission_limit: 250, retention_days: 90 });
    expect(user.warnings).toEqual([]);

    await setTrialEnd(owner, new Date(Date.now() + 3 * DAY_MS - 1000));
    const ending = await me(b, owner);
    expect(ending.warnings).toEqual([expect.objectContaining({ level: 'medium', code: 'trial_ending', message: expect.stringContaining('3 days') })]);

    await setTrialEnd(owner, new Date(Date.now() - 1000));
    const expired = (await api<BillingState>(b.t, owner, 'GET', '/api/v1/billing')).body;
    expect(expired).toMatchObject({ plan: 'free', effective_plan: 'free', trial_active: false, submission_limit: 10, retention_days: 14, watermark: true });
  });

  it('warns at 75 %, refuses at 100 % with a message for the recipient, keeps the recording, and accepts it after upgrading', async () => {
    const owner = await signUp(b.t);
    await setTrialEnd(owner, new Date(Date.now() - 1000));
    const request = await createRequest(b.t.url, owner);

    for (let i = 0; i < 7; i += 1) expect((await record(request.token)).status).toBe(201);
    let user: User = await me(b, owner);
    expect(user.account).toMatchObject({ submissions_used_this_month: 7, submission_limit: 10, submission_limit_percentage: 70 });
    expect(user.warnings).toEqual([]);

    expect((await record(request.token)).status).toBe(201);
    user = await me(b, owner);
    expect(user.account.submission_limit_percentage).toBe(80);
    expect(user.warnings).toEqual([expect.objectContaining({ level: 'high', code: 'usage_limit_approaching', message: 'You have used 8 of 10 recordings this month (80%).' })]);

    for (let i = 0; i < 2; i += 1) expect((await record(request.token)).status).toBe(201);
    user = await me(b, owner);
    expect(user.account).toMatchObject({ submissions_used_this_month: 10, submission_limit_percentage: 100 });
    expect(user.warnings.map((w) => [w.level, w.code])).toEqual([['critical', 'usage_limit_reached']]);

    const uploadId = await tusUpload(b.t.url, videoLike(Buffer.alloc(2048, 9)), { token: request.token });
    const body = submitBody(uploadId);
    const refused = await submit(b.t.url, request.token, body);
    expect(refused.status).toBe(402);
    const error = (await refused.json()) as ErrorBody;
    expect(error.code).toBe('USAGE_LIMIT_REACHED');
    expect(error.message).toMatch(/^This team can't receive more recordings this month/);
    // The recipient retrying changes nothing: still refused, still one held recording.
    expect((await submit(b.t.url, request.token, body)).status).toBe(402);

    expect(await b.t.app.ctx.uploads.find(uploadId)).toMatchObject({ offset: 2048 });
    user = await me(b, owner);
    expect(user.account.submissions_used_this_month).toBe(10);
    expect(user.warnings.map((w) => w.code)).toEqual(['usage_limit_reached', 'submissions_held']);
    const stillFull = await api<ReleaseHeldResult>(b.t, owner, 'POST', '/api/v1/billing/held_submissions/release');
    expect(stillFull.body).toEqual({ released: 0, failed: 0, still_held: 1 });

    const free = await b.t.app.ctx.db.selectFrom('submissions').select('watermark').where('account_id', '=', owner.user.account.id).execute();
    expect(free.map((s) => s.watermark)).toEqual(Array(10).fill(true));

    const checkout = await api<{ checkout_url: string }>(b.t, owner, 'POST', '/api/v1/checkout', { plan: 'starter', interval: 'monthly' });
    await b.stripe.completeCheckout(checkout.body.checkout_url.split('/').pop()!);
    const released = await api<ReleaseHeldResult>(b.t, owner, 'POST', '/api/v1/billing/held_submissions/release');
    expect(released.body).toEqual({ released: 1, failed: 0, still_held: 0 });
    const rows = await b.t.app.ctx.db.selectFrom('submissions').select(['upload_id', 'watermark']).where('account_id', '=', owner.user.account.id).execute();
    expect(rows).toHaveLength(11);
    expect(rows.find((r) => r.upload_id === uploadId)?.watermark).toBe(false);
    user = await me(b, owner);
    expect(user.account).toMatchObject({ plan: 'starter', submissions_used_this_month: 11, submission_limit: 50, submission_limit_percentage: 22 });
    expect(user.warnings).toEqual([]);
    // The recipient's own retry now gets the same submission, not a second one.
    expect([200, 201]).toContain((await submit(b.t.url, request.token, body)).status);
    expect((await me(b, owner)).account.submissions_used_this_month).toBe(11);
  });

  it('admits only one of two recordings submitted at the same instant at 9 of 10', async () => {
    const owner = await signUp(b.t);
    await setTrialEnd(owner, new Date(Date.now() - 1000));
    const request = await createRequest(b.t.url, owner);
    for (let i = 0; i < 9; i += 1) expect((await record(request.token)).status).toBe(201);

    const uploads = await Promise.all([0, 1].map(() => tusUpload(b.t.url, videoLike(Buffer.alloc(2048, 5)), { token: request.token })));
    const statuses = (await Promise.all(uploads.map((id) => submit(b.t.url, request.token, submitBody(id))))).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 402]);
    expect((await me(b, owner)).account.submissions_used_this_month).toBe(10);
    const held = await b.t.app.ctx.db.selectFrom('held_submissions').select('upload_id').where('account_id', '=', owner.user.account.id).execute();
    expect(held).toHaveLength(1);
  });

  it('trial accounts record without a watermark; free accounts with one', async () => {
    const trial = await signUp(b.t);
    const request = await createRequest(b.t.url, trial);
    expect((await record(request.token)).status).toBe(201);
    const row = await b.t.app.ctx.db.selectFrom('submissions').select('watermark').where('account_id', '=', trial.user.account.id).executeTakeFirstOrThrow();
    expect(row.watermark).toBe(false);
  });

  it('shows "used submissions" without a limit on enterprise', async () => {
    const owner = await signUp(b.t);
    await b.t.app.ctx.db.updateTable('accounts').set({ plan: 'enterprise' }).where('id', '=', owner.user.account.id).execute();
    const user = await me(b, owner);
    expect(user.account).toMatchObject({ effective_plan: 'enterprise', submission_limit: null, submission_limit_percentage: null, retention_days: null });
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, waitForMail } from '../auth/session.ts';
import { completeOnboarding, createRequest, signInOwner, signUpOwner, waitForProcessed, type Owner } from '../recording/owner.ts';
import { mailTo } from '../support/mailbox.ts';
import { useProduct } from '../support/product.ts';
import { makeMp4, submitVideo } from './submitVideo.ts';

/** Where the page's layout is looked at: the desktop and the narrowest phone. */
const WIDTHS = [1280, 360] as const;

async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `share-${name}-${width}.png`), fullPage: name !== 'dialog' && name !== 'verify' });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The account's webhook endpoint on loopback (the server runs with OUTBOUND_ALLOW_LOCAL for it). */
const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ headers: req.headers, body: Buffer.concat(chunks).toString() });
    res.end('thanks');
  });
});

/**
 * Sharing a recording with an engineer who has no account (docs/reviewing-recordings.md#sharing): the owner makes a
 * link for the company's domain in the Share dialog, comments allowed; the engineer opens it in a fresh browser,
 * confirms their email with the code from the local mailbox, watches, a console row of the timeline seeks the video,
 * and they comment at 0:03 mentioning the owner. The owner gets the email, replies and resolves; the account's
 * webhook receives the state change, signed.
 */
describe('review: a share link for the company domain', () => {
  const product = useProduct({ env: { OUTBOUND_ALLOW_LOCAL: 'true' } });
  let tmp: string;
  let owner: Owner;
  let ownerEmail = '';
  let webhookSecret = '';
  let submissionId = '';

  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-share-'));
    await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
    owner = await signUpOwner(product.server.url, 'Acme Support');
    await completeOnboarding(owner);
    const settings = await fetch(`${owner.url}/api/v1/account/sharing`, { method: 'PUT', headers: owner.headers, body: JSON.stringify({ domains: ['acme.test'] }) });
    expect(settings.status).toBe(200);
    ownerEmail = ((await (await fetch(`${owner.url}/api/v1/users/me`, { headers: owner.headers })).json()) as { email: string }).email;
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const endpoint = await fetch(`${owner.url}/api/v1/integrations/webhooks`, {
      method: 'POST',
      headers: owner.headers,
      body: JSON.stringify({ url: `http://127.0.0.1:${(receiver.address() as { port: number }).port}/showback`, events: ['submission.state_changed'] }),
    });
    expect(endpoint.status).toBe(201);
    const { id: endpointId } = (await endpoint.json()) as { id: string };
    webhookSecret = ((await (await fetch(`${owner.url}/api/v1/integrations/webhooks/${endpointId}/secret`, { headers: owner.headers })).json()) as { secret: string }).secret;
    const request = await createRequest(owner, { title: 'Checkout fails' });
    submissionId = (
      await submitVideo(product.server.url, request.token, await makeMp4(tmp, 6), {
        recipient: { name: 'Grace Hopper', note: 'Pay does nothing' },
        events: [
          { kind: 'navigation', t: 300, url: 'https://shop.example/checkout', trigger: 'push' },
          { kind: 'console', t: 3000, level: 'error', message: 'Uncaught PaymentError: card declined' },
          { kind: 'network', t: 3400, transport: 'fetch', method: 'POST', url: 'https://shop.example/api/pay', status: 500, duration_ms: 90 },
        ],
      })
    ).id;
    expect((await waitForProcessed(owner, submissionId)).status).toBe('ready');
  });
  afterAll(async () => {
    await new Promise<void>((r) => receiver.close(() => r()));
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  it('the owner shares with the domain; an engineer without an account verifies by email, watches, seeks, comments; the owner replies and resolves', { timeout: 150_000 }, async () => {
    const ownerContext = await product.context(1280);
    await signInOwner(ownerContext, owner);
    const ownerPage = await ownerContext.newPage();
    await ownerPage.goto(`/my/recordings/${submissionId}`);
    await ownerPage.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Share this recording' });
    await expect.poll(() => dialog.getByRole('radio', { name: /People at your company/ }).isChecked()).toBe(true);
    await dialog.getByRole('checkbox', { name: 'Viewers may comment' }).check();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const url = await dialog.getByTestId('share-url').inputValue();
    expect(url).toMatch(/\/s\/[A-Za-z0-9_-]{43}$/);
    await dialog.getByTestId('share-link').first().waitFor();
    await screenshots(ownerPage, 'dialog');

    // The engineer: a fresh browser, no account.
    const engineer = await (await product.context(1280)).newPage();
    const answer = await engineer.goto(new URL(url).pathname);
    expect(answer?.headers()['x-robots-tag']).toContain('noindex');
    expect(await engineer.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    await engineer.getByText('Acme Support shared a recording with you').waitFor();
    await engineer.getByRole('textbox', { name: 'Your email' }).fill('outsider@gmail.test');
    await engineer.getByRole('button', { name: 'Send code' }).click();
    await engineer.getByRole('alert').filter({ hasText: 'Use your work address' }).waitFor();
    await engineer.getByRole('textbox', { name: 'Your email' }).fill('eng@acme.test');
    const asked = Date.now();
    await engineer.getByRole('button', { name: 'Send code' }).click();
    const mail = await waitForMail(product.server, 'eng@acme.test', asked - 1000);
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    await engineer.getByRole('textbox', { name: 'Code' }).waitFor();
    await screenshots(engineer, 'verify');
    await engineer.getByRole('textbox', { name: 'Code' }).fill(code);
    await engineer.getByRole('button', { name: 'Watch' }).click();

    await engineer.getByRole('heading', { name: 'Checkout fails' }).waitFor();
    await engineer.getByText('Watching as eng@acme.test').waitFor();
    // Read only, and nothing of the dashboard: no share, download, delete or edit, no link into the app.
    for (const name of ['Share', 'Delete recording', 'Edit']) expect(await engineer.getByRole('button', { name, exact: true }).count()).toBe(0);
    expect(await engineer.locator('a[href*="/my/"], a[href*="/dashboard"]').count()).toBe(0);
    await engineer.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
    const consoleRow = engineer.getByTestId('timeline').getByRole('button', { name: /PaymentError/ });
    await consoleRow.click();
    await expect.poll(() => engineer.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(3, 0);
    await expect.poll(() => engineer.getByTestId('timeline').locator('li[aria-current="true"]').getAttribute('data-offset')).toBe('3000');
    await screenshots(engineer, 'page');

    // The owner sees who opened it.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await ownerPage.getByRole('button', { name: 'Share', exact: true }).click();
    await ownerPage.getByRole('dialog', { name: 'Share this recording' }).getByText('Opened once').click();
    await ownerPage.getByRole('dialog', { name: 'Share this recording' }).getByText(/eng@acme\.test/).waitFor();

    // The engineer comments at 0:03, choosing the owner from the @ suggestions (participants, by name only).
    const composer = engineer.getByRole('combobox', { name: 'Write a comment' });
    await composer.click();
    await composer.pressSequentially('@Ad');
    const suggestion = engineer.getByRole('option', { name: 'Ada Lovelace' });
    await suggestion.waitFor();
    expect(await engineer.getByRole('listbox', { name: 'Team members' }).innerText()).not.toContain('@');
    await suggestion.click();
    await composer.pressSequentially('the card is declined here, then the 500.');
    await engineer.getByRole('textbox', { name: 'Moment (m:ss)' }).fill('0:03');
    const commented = Date.now();
    await engineer.getByRole('button', { name: 'Comment', exact: true }).click();
    const guestComment = engineer.getByTestId('comment').filter({ hasText: 'the card is declined here' });
    await guestComment.getByText('outside guest').waitFor();
    await engineer.getByTestId('comment-markers').getByRole('button', { name: 'Comment at 0:03 by eng@acme.test' }).waitFor();
    expect(await guestComment.getByRole('button', { name: 'Edit' }).count()).toBe(0);

    // The owner gets the mention by email and follows its link to the comment's moment.
    const mention = await waitForMail(product.server, ownerEmail, commented - 1000);
    expect(mention.subject).toBe('eng@acme.test (outside guest) mentioned you on “Checkout fails”');
    const link = new URL(/https?:\/\/\S+\/my\/recordings\/\S+/.exec(mention.text)![0]);
    expect(link.pathname).toBe(`/my/recordings/${submissionId}`);
    await ownerPage.goto(link.pathname + link.search);
    const seenByOwner = ownerPage.getByTestId('comment').filter({ hasText: 'the card is declined here' });
    await seenByOwner.getByText('outside guest').waitFor();
    await seenByOwner.getByRole('button', { name: 'Reply' }).click();
    await ownerPage.getByRole('combobox', { name: 'Write a reply' }).pressSequentially('Thanks, fixing the card check.');
    await seenByOwner.getByRole('button', { name: 'Reply', exact: true }).last().click();
    await seenByOwner.getByText('Thanks, fixing the card check.').waitFor();
    await ownerPage.getByRole('combobox', { name: 'State' }).selectOption({ label: 'Resolved' });
    await ownerPage.getByText('Ada Lovelace set the state to Resolved').waitFor({ state: 'attached' });

    // The engineer sees the reply; the webhook gets the state change, signed.
    await engineer.reload();
    await engineer.getByTestId('comment').getByText('Thanks, fixing the card check.').waitFor();
    await screenshots(engineer, 'thread');
    await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const event = new Webhook(webhookSecret).verify(received[0]!.body, received[0]!.headers as Record<string, string>) as { type: string; data: { change: { from: string; to: string; by: { name: string } } } };
    expect(event).toMatchObject({ type: 'submission.state_changed', data: { change: { from: 'open', to: 'resolved', by: { name: 'Ada Lovelace' } } } });
    expect((await mailTo(product.server.dataDir, ownerEmail)).filter((m) => m.subject.includes('mentioned you'))).toHaveLength(1);

  });
});

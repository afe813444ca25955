import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, waitForMail } from '../auth/session.ts';
import { completeOnboarding, createRequest, signInOwner, signUpOwner, waitForProcessed, type Owner } from '../recording/owner.ts';
import { useProduct } from '../support/product.ts';
import { makeMp4, submitVideo } from './submitVideo.ts';

/** Where the page's layout is looked at: the desktop and the narrowest phone. */
const WIDTHS = [1280, 360] as const;

async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `share-${name}-${width}.png`), fullPage: name === 'page' });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * Sharing a recording with an engineer who has no account (docs/reviewing-recordings.md#sharing): the owner makes a
 * link for the company's domain in the Share dialog; the engineer opens it in a fresh browser, confirms their email
 * with the code from the local mailbox, watches, and a console row of the timeline seeks the video.
 */
describe('review: a share link for the company domain', () => {
  const product = useProduct();
  let tmp: string;
  let owner: Owner;
  let submissionId = '';

  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-share-'));
    await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
    owner = await signUpOwner(product.server.url, 'Acme Support');
    await completeOnboarding(owner);
    const settings = await fetch(`${owner.url}/api/v1/account/sharing`, { method: 'PUT', headers: owner.headers, body: JSON.stringify({ domains: ['acme.test'] }) });
    expect(settings.status).toBe(200);
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
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  it('the owner shares with the domain; an engineer without an account verifies by email, watches and seeks from the timeline', { timeout: 120_000 }, async () => {
    const ownerContext = await product.context(1280);
    await signInOwner(ownerContext, owner);
    const ownerPage = await ownerContext.newPage();
    await ownerPage.goto(`/my/recordings/${submissionId}`);
    await ownerPage.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Share this recording' });
    await expect.poll(() => dialog.getByRole('radio', { name: /People at your company/ }).isChecked()).toBe(true);
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
  });
});

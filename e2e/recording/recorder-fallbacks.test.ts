import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { MAX_DURATION_MIN_SECONDS } from '@showback/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp4 } from '../review/submitVideo.ts';
import { useProduct } from '../support/product.ts';
import { completeOnboarding, createRequest, listSubmissions, signInOwner, signUpOwner, waitForProcessed, type Owner } from './owner.ts';
import { openRecorder, passCountdown, shot, startRecording, step, stopRecording, submit } from './recorder-page.ts';

/** The recorder's ways out of the happy path: no screen capture at all, a refused share, the length limit. */
describe('recorder fallbacks at /r/<token>', () => {
  const product = useProduct({ media: { screenCapture: true } });
  let owner: Owner;
  let tmp: string;

  beforeAll(async () => {
    owner = await signUpOwner(product.server.url, 'Analytical Engines');
    await completeOnboarding(owner);
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-fallbacks-'));
  });
  afterAll(async () => {
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  /** A recorder page that collects uncaught page errors. */
  async function recorder(context: BrowserContext, token: string): Promise<{ page: Page; pageErrors: string[] }> {
    const pageErrors: string[] = [];
    context.on('weberror', (e) => pageErrors.push(e.error().message));
    return { page: await openRecorder(context, product.server.url, token), pageErrors };
  }

  it('lets a browser that cannot capture the screen upload a video file, which the owner then finds under the request', async () => {
    const request = await createRequest(owner, { title: 'Upload instead', microphone: 'off', fields: { name: 'required', email: 'off', note: 'off' } });
    const context = await product.context(360);
    // A browser without getDisplayMedia (Android Chrome, an old desktop browser): the capability check refuses.
    // Init scripts also run in documents without media devices (the first about:blank), hence the guards.
    await context.addInitScript(() => {
      if (typeof MediaDevices !== 'undefined') delete (MediaDevices.prototype as Partial<MediaDevices>).getDisplayMedia;
    });
    const { page, pageErrors } = await recorder(context, request.token);
    await step(page, 'unsupported').waitFor();
    await page.getByText('This browser cannot record the screen.', { exact: false }).waitFor();
    await shot(page, 'fallback-1-unsupported');
    await page.getByRole('button', { name: 'Upload a video instead' }).click();

    await step(page, 'file').waitFor();
    await page.getByRole('button', { name: 'Use this video' }).click();
    await page.getByText('Choose a video file first.').waitFor();
    await page.getByLabel('Video file').setInputFiles(await makeMp4(tmp, 3));
    await shot(page, 'fallback-2-file');
    await page.getByRole('button', { name: 'Use this video' }).click();

    await step(page, 'details').waitFor();
    await page.getByLabel('Your name').fill('Ada Upload');
    await page.getByRole('button', { name: 'Send recording' }).click();
    await step(page, 'done').waitFor({ timeout: 90_000 });
    await shot(page, 'fallback-3-done');
    expect(pageErrors).toEqual([]);

    const list = await listSubmissions(owner, request.id);
    expect(list.items).toHaveLength(1);
    const submission = list.items[0]!;
    expect(submission).toMatchObject({ source: 'file', recipient_name: 'Ada Upload' });
    expect((await waitForProcessed(owner, submission.id)).status).toBe('ready');

    const review = await product.context(1280);
    await signInOwner(review, owner);
    const dashboard = await review.newPage();
    await dashboard.goto(`/my/requests/${request.id}/recordings`);
    await dashboard.getByRole('heading', { name: 'Recordings for “Upload instead”' }).waitFor();
    const row = dashboard.getByTestId('submission-item');
    await row.filter({ hasText: 'Ada Upload' }).waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toContain('Ready');
    // The thumbnail is made from the uploaded file: it loads once processing has finished.
    await dashboard.waitForFunction(() => Array.from(document.querySelectorAll<HTMLImageElement>('[data-testid="submission-item"] img')).some((img) => img.complete && img.naturalWidth > 0));
    await shot(dashboard, 'fallback-4-dashboard');
  });

  it('explains a refused screen share and lets the person try again, without page errors', async () => {
    const request = await createRequest(owner, { title: 'Refused share', microphone: 'off', fields: { name: 'off', email: 'off', note: 'off' } });
    const context = await product.context(640);
    // The person presses Cancel in the picker once (Chromium rejects with NotAllowedError), then shares.
    await context.addInitScript(() => {
      if (typeof MediaDevices === 'undefined') return;
      const share = MediaDevices.prototype.getDisplayMedia;
      let refusals = 1;
      MediaDevices.prototype.getDisplayMedia = function (this: MediaDevices, options?: DisplayMediaStreamOptions) {
        if (refusals-- > 0) return Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
        return share.call(this, options);
      };
    });
    const { page, pageErrors } = await recorder(context, request.token);
    await step(page, 'instructions').waitFor();
    await page.getByRole('button', { name: 'Get started' }).click();
    await step(page, 'share').waitFor();
    // The microphone is off for this request: its step is neither shown nor listed.
    expect(await page.locator('.progress-steps li').allTextContents()).toEqual(['✓ Instructions', 'Share screen', 'Record', 'Review', 'Send']);
    expect(await page.getByRole('navigation').getAttribute('aria-label')).toMatch(/2\D+5/);
    await page.getByRole('button', { name: 'Share my screen' }).click();

    await page.getByRole('alert').filter({ hasText: 'Screen sharing was not allowed, so nothing was recorded.' }).waitFor();
    await shot(page, 'refused-share');
    expect(await page.getByRole('button', { name: 'Upload a video instead' }).isVisible()).toBe(true);
    expect(await step(page, 'share').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Try again' }).click();
    await passCountdown(page);
    await step(page, 'recording').waitFor({ timeout: 15_000 });
    await page.getByRole('timer').filter({ hasText: '0:02' }).waitFor();
    await stopRecording(page);
    expect(await page.getByText('Screen sharing was not allowed', { exact: false }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('warns before the maximum length and stops by itself at it', async () => {
    // The warning shows in the last 30 s of a limit longer than that (on a shorter one it would stand from the
    // start, so the recorder shows none); stopped by hand once it is seen, to keep this short.
    const warned = await createRequest(owner, { title: 'Forty seconds', microphone: 'off', max_duration_seconds: 40, fields: { name: 'off', email: 'off', note: 'off' } });
    const context = await product.context(640);
    const { page, pageErrors } = await recorder(context, warned.token);
    await startRecording(page);
    // The visible notice; a visually hidden live region repeats it for screen readers.
    const warning = page.locator('.notice-warning').filter({ hasText: 'left: recording stops automatically at the limit.' });
    await page.getByRole('timer').filter({ hasText: '0:08' }).waitFor();
    expect(await warning.count()).toBe(0);
    await warning.waitFor({ timeout: 5000 });
    expect(await warning.textContent()).toMatch(/^0:(30|29) left/);
    await shot(page, 'limit-warning');
    await stopRecording(page);

    // The shortest limit a request may have: the recorder stops at it without anyone pressing Stop.
    const short = await createRequest(owner, { title: 'Ten seconds', microphone: 'off', max_duration_seconds: MAX_DURATION_MIN_SECONDS, fields: { name: 'off', email: 'off', note: 'off' } });
    const limited = await openRecorder(context, product.server.url, short.token);
    await startRecording(limited);
    await limited.getByRole('timer').filter({ hasText: '0:09' }).waitFor();
    expect(await step(limited, 'recording').isVisible()).toBe(true);
    await step(limited, 'preview').waitFor({ timeout: 10_000 });
    await limited.getByText('You reached the maximum length, so the recording stopped.').waitFor();
    await limited.getByText('Length: 0:10').waitFor();
    await shot(limited, 'limit-stopped');
    await submit(limited);
    const [submission] = (await listSubmissions(owner, short.id)).items;
    expect(submission?.duration_ms).toBeGreaterThanOrEqual(9_500);
    expect(submission?.duration_ms).toBeLessThanOrEqual(11_000);
    expect(pageErrors).toEqual([]);
  });
});

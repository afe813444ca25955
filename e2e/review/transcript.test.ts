import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Transcript } from '@showback/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR } from '../auth/session.ts';
import { completeOnboarding, createRequest, signInOwner, signUpOwner, waitForProcessed, type Owner } from '../recording/owner.ts';
import { useProduct } from '../support/product.ts';
import { makeSpeechMp4, submitVideo } from './submitVideo.ts';

const SENTENCE = 'when I click the save button on the billing page nothing happens and I see an error that says payment failed';
/** Words no dictionary has: the recogniser guesses ("these are black vinyl fracas…") and knows it is unsure. */
const MUMBLED = 'the zorblat quindle fraxed my vorpish blintoon';

/** The owner reads what the customer said and what failed: captions, the transcript beside the video, the summary, search. */
describe('review: transcript, captions and summary', () => {
  // A corrected transcript's summary is rewritten 2 s after the last correction (15 s by default).
  const product = useProduct({ env: { SUMMARY_REBUILD_DELAY_SECONDS: '2' } });
  let tmp: string;
  let owner: Owner;
  let submissionId = '';

  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-transcript-'));
    await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
    owner = await signUpOwner(product.server.url);
    await completeOnboarding(owner);
    const request = await createRequest(owner, { title: 'Checkout problem' });
    const clip = await makeSpeechMp4(tmp, SENTENCE, 1.5, 8);
    // What the host page's widget captured while the customer spoke: the save request failing at 5.5 s.
    submissionId = (
      await submitVideo(product.server.url, request.token, clip, {
        duration_ms: 8000,
        recipient: { name: 'Grace Hopper', note: 'I cannot save my billing details' },
        events: [
          { kind: 'navigation', t: 200, url: 'https://shop.example/billing', trigger: 'push' },
          { kind: 'network', t: 900, transport: 'fetch', method: 'GET', url: 'https://shop.example/api/billing', status: 200, duration_ms: 40 },
          { kind: 'console', t: 5000, level: 'error', message: 'Uncaught PaymentError: card declined' },
          { kind: 'network', t: 5500, transport: 'fetch', method: 'POST', url: 'https://shop.example/api/billing/save', status: 500, duration_ms: 120 },
        ],
      })
    ).id;
    await waitForTranscript(submissionId);
  });
  afterAll(async () => {
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  async function waitForTranscript(id: string): Promise<void> {
    expect((await waitForProcessed(owner, id)).status).toBe('ready');
    for (const deadline = Date.now() + 90_000; ; await new Promise((r) => setTimeout(r, 500))) {
      const transcript = (await (await fetch(`${owner.url}/api/v1/submissions/${id}/transcript`, { headers: owner.headers })).json()) as Transcript;
      if (transcript.status === 'ready') break;
      if (Date.now() > deadline) throw new Error(`transcript still ${transcript.status}: ${String(transcript.error)}`);
    }
  }

  /** The recording's page, signed in as its owner. */
  async function openRecording(id = submissionId): Promise<Page> {
    const context = await product.context(1280);
    context.setDefaultTimeout(60_000);
    await signInOwner(context, owner);
    const page = await context.newPage();
    await page.goto(`/my/recordings/${id}`);
    return page;
  }

  it('shows captions with a toggle, a transcript whose segments seek the player and follow it, search marks, downloads', async () => {
    const page = await openRecording();
    const panel = page.getByRole('region', { name: 'Transcript' });
    const rows = panel.getByRole('listitem');
    await rows.first().waitFor();
    expect(await panel.textContent()).toContain('billing page');

    // Captions: the track is loaded and showing; the toggle hides and shows it again.
    const video = page.locator('video');
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
    const cueText = () =>
      video.evaluate((v: HTMLVideoElement) => {
        const track = v.textTracks[0];
        return track ? { mode: track.mode, cues: Array.from(track.cues ?? []).map((cue) => (cue as VTTCue).text) } : null;
      });
    await expect.poll(async () => (await cueText())?.cues.join(' ') ?? '').toContain('billing');
    expect((await cueText())?.mode).toBe('showing');
    const toggle = panel.getByRole('button', { name: 'Captions on' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await toggle.click();
    await panel.getByRole('button', { name: 'Captions off' }).waitFor();
    await expect.poll(async () => (await cueText())?.mode).toBe('hidden');
    await panel.getByRole('button', { name: 'Captions off' }).click();
    await expect.poll(async () => (await cueText())?.mode).toBe('showing');

    // Clicking the last segment plays from its start, and it becomes the highlighted one.
    const last = rows.last();
    const label = (await last.getByRole('button', { name: /^Play from / }).getAttribute('aria-label')) ?? '';
    const [, minutes = '0', seconds = '0'] = /Play from (\d+):(\d+)/.exec(label) ?? [];
    await last.getByRole('button', { name: /^Play from / }).click();
    await page.waitForFunction((target) => Math.abs((document.querySelector('video')?.currentTime ?? -1) - target) < 1.01, Number(minutes) * 60 + Number(seconds));
    await expect.poll(() => last.getAttribute('aria-current')).toBe('true');

    // While playing, the segment being spoken is the highlighted one.
    await rows.first().getByRole('button', { name: /^Play from / }).click();
    await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
    });
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 2.5);
    await expect.poll(() => panel.locator('li[aria-current="true"]').count()).toBe(1);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'review-transcript-playing-1280.png'), fullPage: true });
    await video.evaluate((v: HTMLVideoElement) => v.pause());

    // Search marks the matches.
    await panel.getByRole('searchbox', { name: 'Search the transcript' }).fill('payment');
    await panel.getByText('Matches: 1').waitFor();
    expect(await panel.locator('mark').allTextContents()).toEqual(['payment']);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'review-transcript-search-1280.png'), fullPage: true });
    const axe = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // Downloads: the captions file and the text, under the request's title.
    const [vtt] = await Promise.all([page.waitForEvent('download'), panel.getByRole('link', { name: 'Download .vtt' }).click()]);
    expect(vtt.suggestedFilename()).toBe('Checkout problem.vtt');
    expect(await fs.readFile((await vtt.path())!, 'utf8')).toMatch(/^WEBVTT\n\n1\n00:00:0\d\.\d{3} --> /);
    const [txt] = await Promise.all([page.waitForEvent('download'), panel.getByRole('link', { name: 'Download .txt' }).click()]);
    expect(txt.suggestedFilename()).toBe('Checkout problem.txt');
    expect(await fs.readFile((await txt.path())!, 'utf8')).toMatch(/^\[00:0\d\] when i click/);
  });

  it('summarises the recording, citing the failing request and its time; a citation plays from there', async () => {
    const page = await openRecording();
    const summary = page.getByRole('region', { name: 'Summary' });
    // The owner is told this is the digest, not a model's summary.
    await summary.getByText('Automatic summary, without AI: the failures, the pages visited and the parts of the transcript the speech recogniser was sure of.').waitFor();
    const lines = await summary.getByRole('listitem').allTextContents();
    expect(lines.slice(0, 3)).toEqual([
      'Console error at 00:05: Uncaught PaymentError: card declined, while the customer was speaking. [console error at 0:05.0]',
      'POST /api/billing/save answered 500 at 00:05, while the customer was speaking. [POST /api/billing/save → 500 at 0:05.5]',
      'Pages the customer went to: /billing (00:00). [0:00.2]',
    ]);
    // The customer's note third, then "… an error that says payment failed" quoted with the failing request nearest to it.
    expect(lines[3]).toBe('The customer wrote: “I cannot save my billing details” ');
    expect(lines[4]).toMatch(/^The customer said at 00:0\d: “when i click .*(error|failed).*”; the nearest failing request: POST \/api\/billing\/save answered 500 at 00:05\. \[0:0\d\.\d\]\[POST \/api\/billing\/save → 500 at 0:05\.5\]$/);
    expect(lines.join(' ')).not.toContain('GET');

    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
    await summary.getByRole('button', { name: '[POST /api/billing/save → 500 at 0:05.5]' }).first().click();
    await page.waitForFunction(() => Math.abs((document.querySelector('video')?.currentTime ?? -1) - 5.5) < 0.3);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'review-summary-1280.png'), fullPage: true });
  });

  it('finds the recording in the list by a word only spoken in it', async () => {
    const context = await product.context(1280);
    await signInOwner(context, owner);
    const page = await context.newPage();
    await page.goto('/my/recordings');
    const search = page.getByRole('searchbox', { name: 'Search recordings' });
    await page.getByTestId('submission-item').first().waitFor();
    // A word not spoken first: the list empties, so the recording's coming back below is the spoken word's doing
    // (the unsearched list shows it too).
    await search.fill('refund');
    await search.press('Enter');
    await page.getByText('No recordings match “refund”.').waitFor();
    await search.fill('payment');
    await search.press('Enter');
    await page.getByTestId('submission-item').filter({ hasText: 'Checkout problem' }).waitFor();
    expect(await page.getByTestId('submission-item').count()).toBe(1);
  });

  it('the owner corrects a segment by typing; the transcript, captions and recordings search follow', async () => {
    const page = await openRecording();
    const panel = page.getByRole('region', { name: 'Transcript' });
    const first = panel.getByRole('listitem').first();
    await first.getByRole('button', { name: /^Correct what was said at / }).click();
    const box = first.getByRole('textbox', { name: /^Correct what was said at / });
    await box.press('ControlOrMeta+a');
    await box.pressSequentially('when I click the save button the refund is lost');
    await first.getByRole('button', { name: 'Save' }).click();
    await first.getByText('(corrected)').waitFor();
    expect(await first.textContent()).toContain('when I click the save button the refund is lost');
    await page.waitForFunction(
      () => Array.from(document.querySelector('video')?.textTracks[0]?.cues ?? []).some((cue) => (cue as VTTCue).text.includes('refund is lost')),
      undefined,
      { timeout: 30_000 },
    );
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'review-transcript-corrected-1280.png'), fullPage: true });

    await page.goto('/my/recordings');
    const search = page.getByRole('searchbox', { name: 'Search recordings' });
    await search.fill('refund');
    await search.press('Enter');
    // The search is in force (Clear is offered) and its answer shown (the list no longer busy): the recording is in it.
    await page.getByRole('button', { name: 'Clear' }).waitFor();
    await page.locator('[aria-busy="false"]').getByTestId('submission-item').filter({ hasText: 'Checkout problem' }).waitFor();
  });

  it('marks what the recogniser was unsure of "(unclear)"; the owner corrects it by typing, the summary is rewritten from it and both stay after a reload', async () => {
    const dir = await fs.mkdtemp(path.join(tmp, 'mumbled-'));
    const request = await createRequest(owner, { title: 'Mumbled report' });
    const { id } = await submitVideo(product.server.url, request.token, await makeSpeechMp4(dir, MUMBLED, 1, 6), {
      duration_ms: 6000,
      events: [{ kind: 'network', t: 3000, transport: 'fetch', method: 'POST', url: 'https://shop.example/api/invoice', status: 500, duration_ms: 90 }],
    });
    await waitForTranscript(id);
    const page = await openRecording(id);
    const panel = page.getByRole('region', { name: 'Transcript' });
    const summary = page.getByRole('region', { name: 'Summary' });
    const unclear = panel.getByRole('listitem').filter({ hasText: '(unclear)' }).first();
    await unclear.waitFor();
    // The summary never quotes it as the customer's words.
    await summary.getByText('POST /api/invoice answered 500 at 00:03', { exact: false }).waitFor();
    expect(await summary.textContent()).not.toContain('The customer said');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'review-transcript-unclear-1280.png'), fullPage: true });

    await unclear.getByRole('button', { name: /^Correct what was said at / }).click();
    const box = panel.getByRole('textbox', { name: /^Correct what was said at / });
    await box.press('ControlOrMeta+a');
    await box.pressSequentially('the invoice page crashes with an error');
    await panel.getByRole('button', { name: 'Save' }).click();
    const corrected = panel.getByRole('listitem').filter({ hasText: 'the invoice page crashes with an error' });
    await corrected.getByText('(corrected)').waitFor();
    expect(await corrected.textContent()).not.toContain('(unclear)');
    // The summary is rewritten from the correction in the background and updates by itself.
    const quote = summary.getByRole('listitem').filter({ hasText: /^The customer said at 00:0\d: “the invoice page crashes with an error”; the nearest failing request: POST \/api\/invoice answered 500 at 00:03\./ });
    await quote.waitFor({ timeout: 60_000 });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'review-transcript-unclear-corrected-1280.png'), fullPage: true });

    await page.reload();
    await corrected.getByText('(corrected)').waitFor();
    expect(await corrected.textContent()).not.toContain('(unclear)');
    await quote.waitFor();
  });
});

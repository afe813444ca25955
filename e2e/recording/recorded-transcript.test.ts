import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Transcript } from '@showback/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { speechWav } from '../support/media.ts';
import { useBrowser, useServer } from '../support/product.ts';
import { completeOnboarding, createRequest, listSubmissions, signInOwner, signUpOwner, waitForProcessed } from './owner.ts';
import { openRecorder, startRecording, stopRecording, submit } from './recorder-page.ts';

const SENTENCE = 'when I click the save button on the billing page nothing happens and I see an error that says payment failed';
let tmp: string;

// Chromium's fake microphone plays the sentence (flite's slt voice) in a loop.
const chromium = useBrowser(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-recorded-transcript-'));
  return { screenCapture: true, microphoneWav: await speechWav(tmp, SENTENCE, 'slt') };
});
const running = useServer();

afterAll(async () => {
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

describe('a recording made in the recorder is transcribed', () => {
  it('the customer speaks for 8 s; the owner reads it in the transcript and captions and finds it by a spoken word', async () => {
    const { server } = running;
    const owner = await signUpOwner(server.url);
    await completeOnboarding(owner);
    const request = await createRequest(owner, { title: 'Saving does not work', microphone: 'required' });

    const customer = chromium.own(await chromium.browser.newContext({ viewport: { width: 1280, height: 720 } }));
    await customer.grantPermissions(['microphone'], { origin: server.url });
    const recorder = await openRecorder(customer, server.url, request.token);
    await startRecording(recorder);
    await recorder.getByRole('timer').filter({ hasText: '0:08' }).waitFor({ timeout: 30_000 });
    await stopRecording(recorder);
    await submit(recorder);

    const list = await listSubmissions(owner, request.id);
    const id = list.items[0]!.id;
    expect((await waitForProcessed(owner, id)).status).toBe('ready');
    let transcript: Transcript | undefined;
    for (const deadline = Date.now() + 90_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 500))) {
      transcript = (await (await fetch(`${owner.url}/api/v1/submissions/${id}/transcript`, { headers: owner.headers })).json()) as Transcript;
      if (transcript.status !== 'pending' && transcript.status !== 'processing') break;
    }
    expect(transcript?.status).toBe('ready');
    const heard = transcript!.segments.map((s) => s.text).join(' ');
    // Through Chromium's capture, Opus and AAC the exact words vary; the sentence's key words come through.
    expect(heard).toMatch(/billing/);
    expect(heard).toMatch(/payment|failed/);

    const reviewer = chromium.own(await chromium.browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: server.url }));
    await signInOwner(reviewer, owner);
    const page = await reviewer.newPage();
    await page.goto(`/my/recordings/${id}`);
    const panel = page.getByRole('region', { name: 'Transcript' });
    await panel.getByRole('listitem').first().waitFor({ timeout: 30_000 });
    expect(await panel.textContent()).toContain('billing');
    await page.waitForFunction(() => (document.querySelector('video')?.textTracks[0]?.cues?.length ?? 0) > 0, undefined, { timeout: 30_000 });

    await page.goto('/my/recordings?q=billing');
    await page.getByTestId('submission-item').filter({ hasText: 'Saving does not work' }).waitFor();
  });
});

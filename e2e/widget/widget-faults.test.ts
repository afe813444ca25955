// The widget's recorder off the happy path, cross-site (host page on localhost, product on 127.0.0.1): a network
// cut, a reload of the host page (with the host spool, and with nothing but memory), a host page that forbids
// screen capture in frames, and the recorded page closed under the new tab's recording. The server runs without workers, so the upload it holds is exactly what arrived over
// tus and can be compared byte for byte with what the recorder spooled.
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubmissionEvents, WidgetSettings } from '@showback/contract';
import { filesOfSize, sha256File, speechWav } from '../support/media.ts';
import { useProduct } from '../support/product.ts';
import { getSubmission, signUpOwner, type Owner } from '../recording/owner.ts';
import { confirmedBytes, passCountdown, spooledMoreThan } from '../recording/recorder-page.ts';
import {
  debugRecorder,
  events,
  hostPage,
  hostSpoolRows,
  keepingIn,
  listenToWidget,
  recorderFrame,
  recordingStartReachedHost,
  sendFromPreviewed,
  shot,
  spooledIn,
  startCrossSiteHost,
  startRecordingInWidget,
  step,
  stopAndSend,
  submittedIds,
} from './host-page.ts';

let examples: http.Server;
let blocking: http.Server;
let owner: Owner;
let host: string;
/** The same example pages served with `Permissions-Policy: display-capture=()`, as a site that forbids it in frames. */
let blockingHost: string;
let settings: WidgetSettings;
let tmp: string;

const product = useProduct({
  env: { WORKERS: 'false' },
  media: async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-widget-faults-'));
    // The recorder in a tab of its own records the customer's page, another tab: Chromium picks it by its title.
    return { screenCapture: true, microphoneWav: await speechWav(tmp), args: ['--auto-select-tab-capture-source-by-title=Acme Store'] };
  },
});

beforeAll(async () => {
  ({ server: examples, origin: host } = await startCrossSiteHost());
  // A real server, not a routed response: Chromium treats an intercepted document as public and then refuses its
  // requests to the loopback product (private network access).
  blocking = http.createServer((req, res) => {
    void fetch(`${host}${req.url}`).then(async (upstream) => {
      res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'text/html', 'permissions-policy': 'display-capture=()' });
      res.end(Buffer.from(await upstream.arrayBuffer()));
    });
  });
  await new Promise<void>((r) => blocking.listen(0, '127.0.0.1', r));
  blockingHost = `http://localhost:${(blocking.address() as AddressInfo).port}`;
  owner = await signUpOwner(product.server.url, 'Acme Support');
  const res = await fetch(`${product.server.url}/api/v1/widget`, { method: 'PUT', headers: owner.headers, body: JSON.stringify({ allowed_origins: [host, blockingHost] }) });
  expect(res.status).toBe(200);
  settings = (await res.json()) as WidgetSettings;
});

afterAll(async () => {
  await new Promise((r) => examples?.close(r));
  await new Promise((r) => blocking?.close(r));
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

const hostUrl = () => `${host}/plain/?host=${encodeURIComponent(product.server.url)}&key=${encodeURIComponent(settings.key!)}`;

async function crossSiteContext(width: number, height: number): Promise<BrowserContext> {
  const context = await product.context(width, { viewport: { width, height } });
  await debugRecorder(context);
  await context.grantPermissions(['microphone'], { origin: host });
  await context.grantPermissions(['microphone'], { origin: product.server.url });
  return context;
}

async function eventsOf(submissionId: string): Promise<SubmissionEvents> {
  const res = await fetch(`${product.server.url}/api/v1/submissions/${submissionId}/events`, { headers: owner.headers });
  expect(res.status).toBe(200);
  return (await res.json()) as SubmissionEvents;
}

/** The server holds exactly the bytes the recorder spooled (whatever its storage layout). */
async function expectStoredOriginal(expected: { sha256: string; bytes: number }): Promise<void> {
  expect(expected.bytes).toBeGreaterThan(0);
  const candidates = await filesOfSize(product.server.dataDir, expected.bytes);
  expect(await Promise.all(candidates.map(sha256File))).toContain(expected.sha256);
}

describe('widget recorder faults, cross-site', () => {
  it('loses nothing when the network drops mid-recording and comes back (host spool)', async () => {
    const context = await crossSiteContext(1280, 800);
    const { page, pageErrors } = await hostPage(context, hostUrl());
    const frame = await startRecordingInWidget(page);
    expect(await keepingIn(frame)).toBe('host');
    // Part of the recording reached the server; the piece recorded offline is in the host page only.
    await expect.poll(() => confirmedBytes(frame), { timeout: 15_000 }).toBeGreaterThan(0);
    await context.setOffline(true);
    await spooledMoreThan(frame, await confirmedBytes(frame));
    await frame.getByRole('button', { name: 'Stop recording' }).click();
    await step(frame, 'preview').waitFor({ timeout: 20_000 });
    const local = await spooledIn(frame);
    await frame.getByRole('button', { name: 'Looks good' }).click();
    await sendFromPreviewed(frame, {
      whileSubmitting: async () => {
        await frame.getByText('Connection lost — we’ll keep trying; don’t close this page', { exact: false }).waitFor({ timeout: 5_000 });
        await shot(page, 'faults-1-reconnecting');
        await context.setOffline(false);
      },
    });
    expect(await submittedIds(page)).toHaveLength(1);
    await expectStoredOriginal(local);
    expect(await hostSpoolRows(page)).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('a context chunk that failed to load when recording started is fetched again when the recorder asks: the recording carries the page context', async () => {
    const context = await crossSiteContext(360, 740);
    let contextFetches = 0;
    await context.route('**/sdk/showback-context.js', (route) => (++contextFetches === 1 ? route.abort('internetdisconnected') : route.continue()));
    const { page, pageErrors } = await hostPage(context, hostUrl());
    const frame = await startRecordingInWidget(page, { voice: false });
    // The widget fetches the chunk as the recording starts; that fetch fails.
    await expect.poll(() => contextFetches, { timeout: 10_000 }).toBe(1);
    await stopAndSend(frame);
    expect(contextFetches).toBe(2);
    const [id] = await submittedIds(page);
    // Identity and metadata exist only in the context the chunk builds.
    const stored = await eventsOf(id!);
    expect(stored.identity).toEqual({ id: 'customer-42', email: 'ada@example.com', name: 'Ada Lovelace' });
    expect(stored.metadata).toMatchObject({ page: 'checkout' });
    expect(await events(page)).not.toContain('error');
    expect(pageErrors).toEqual([]);
  });

  it('a reload of the host page mid-recording keeps what was recorded: reopening the widget offers it and sends every byte', async () => {
    const context = await crossSiteContext(1280, 800);
    const { page } = await hostPage(context, hostUrl());
    const first = await startRecordingInWidget(page);
    await expect.poll(() => confirmedBytes(first), { timeout: 15_000 }).toBeGreaterThan(0);
    // The upload held back for the last piece, so the server is behind the host page's copy when the page goes.
    const uploads = (url: URL) => url.pathname.startsWith('/uploads');
    await context.route(uploads, (route) => route.abort('internetdisconnected'));
    await spooledMoreThan(first, await confirmedBytes(first));
    const behind = await spooledIn(first);
    // The recorder's clock when the page goes (m:ss): the reopened page's events come after it.
    const [, minutes, seconds] = /(\d+):(\d\d)/.exec((await first.getByRole('timer').textContent()) ?? '')!;
    const recordedMs = (Number(minutes) * 60 + Number(seconds)) * 1000;
    await page.reload();
    expect(first.isDetached()).toBe(true);
    await context.unroute(uploads);
    await listenToWidget(page);
    expect(await hostSpoolRows(page)).toBe(1);
    // The reopened page's own events come with the recording, placed on its clock: after its start, not before.
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.locator('#log').filter({ hasText: 'pay: HTTP 404' }).waitFor();

    await page.locator('showback-launcher button').click();
    const frame = await recorderFrame(page);
    await step(frame, 'resume').waitFor();
    await shot(page, 'faults-2-resume-after-host-reload');
    await frame.getByRole('button', { name: 'Continue with this recording' }).click();
    await step(frame, 'preview').waitFor();
    const local = await spooledIn(frame);
    expect(local.keeping).toBe('host');
    // Everything the host page had when it went (the dying frame may add its last chunk).
    expect(local.bytes).toBeGreaterThanOrEqual(behind.bytes);
    await frame.getByRole('button', { name: 'Looks good' }).click();
    await sendFromPreviewed(frame);
    const ids = await submittedIds(page);
    expect(ids).toHaveLength(1);
    await expectStoredOriginal(local);
    expect(await hostSpoolRows(page)).toBe(0);
    const pay = (await eventsOf(ids[0]!)).events.find((e) => e.kind === 'console' && e.message.startsWith('Payment failed'));
    expect(pay!.t).toBeGreaterThan(recordedMs);
  });

  it('where the host page has no storage either, it records from memory, says to keep the page open, and a reload loses it', async () => {
    const context = await crossSiteContext(360, 740);
    // The host page's IndexedDB is unavailable (as in some private windows); the recorder frame's is refused anyway.
    await context.addInitScript((origin) => {
      if (location.origin === origin) Object.defineProperty(window, 'indexedDB', { value: undefined });
    }, host);
    const { page } = await hostPage(context, hostUrl());
    const frame = await startRecordingInWidget(page, { shots: 'faults-3-memory-360' });
    expect(await keepingIn(frame)).toBe('memory');
    // The small control says it too; Open shows the full warning and how much has been sent.
    await frame.getByText('Keep this page open until it has been sent', { exact: false }).waitFor();
    await shot(page, 'faults-3-memory-360-control');
    await frame.getByRole('button', { name: 'Open the recorder' }).click();
    await frame.getByText('closing or reloading it loses the recording', { exact: false }).waitFor();
    await frame.getByRole('progressbar', { name: 'Sent so far' }).waitFor();
    await frame.getByRole('timer').filter({ hasText: '0:03' }).waitFor();
    await shot(page, 'faults-3-memory-360');
    await frame.getByRole('button', { name: 'Stop recording' }).click();
    await step(frame, 'preview').waitFor({ timeout: 20_000 });
    const local = await spooledIn(frame);
    await frame.getByRole('button', { name: 'Looks good' }).click();
    await sendFromPreviewed(frame);
    await expectStoredOriginal(local);

    // The promise for a reload is that nothing survives it: the reopened widget starts afresh.
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.locator('showback-modal').waitFor({ state: 'detached' });
    const lost = await startRecordingInWidget(page);
    // Something recorded, which the reload then loses.
    await spooledMoreThan(lost, 0);
    await page.reload();
    await page.locator('showback-launcher button').click();
    const again = await recorderFrame(page);
    await step(again, 'instructions').waitFor();
    expect(await step(again, 'resume').count()).toBe(0);
  });

  it('a browser that refuses the share inside the frame offers "Record in a new tab" beside the retry', async () => {
    const context = await crossSiteContext(1280, 800);
    // As a browser whose policy refuses display capture in third-party frames: the frame's getDisplayMedia rejects.
    await context.addInitScript((product) => {
      if (location.origin === product && window.parent !== window) {
        navigator.mediaDevices.getDisplayMedia = () => Promise.reject(new DOMException('Access to the feature "display-capture" is disallowed by permissions policy.', 'NotAllowedError'));
      }
    }, product.server.url);
    const { page } = await hostPage(context, hostUrl());
    await page.locator('showback-launcher button').click();
    const frame = await recorderFrame(page);
    await step(frame, 'instructions').waitFor();
    await frame.getByRole('button', { name: 'Get started' }).click();
    await step(frame, 'microphone').or(step(frame, 'share')).waitFor();
    if (await step(frame, 'microphone').isVisible()) await frame.getByRole('button', { name: 'Continue without sound' }).click();
    await frame.getByRole('button', { name: 'Share my screen' }).click();
    const inTab = frame.getByRole('button', { name: 'Record in a new tab' });
    await inTab.waitFor();
    await frame.getByText('This website does not allow screen sharing inside it', { exact: false }).waitFor();
    await shot(page, 'faults-5-share-refused-in-frame');
    const [tab] = await Promise.all([context.waitForEvent('page'), inTab.click()]);
    await step(tab, 'instructions').waitFor();
    // In the language the customer has in the frame (its prefix), not one the new tab would guess.
    expect(tab.url()).toMatch(new RegExp(`^${product.server.url}/en/r/ws_`));
  });

  it('closing the page that the new tab records ends the share from the browser\'s side: the tab reviews what was recorded', async () => {
    const context = await crossSiteContext(1280, 800);
    const { page } = await hostPage(context, `${blockingHost}/plain/?host=${encodeURIComponent(product.server.url)}&key=${encodeURIComponent(settings.key!)}`);
    await page.locator('showback-launcher button').click();
    const [tab] = await Promise.all([context.waitForEvent('page'), (await recorderFrame(page)).getByRole('button', { name: 'Record in a new tab' }).click()]);
    await tab.getByRole('button', { name: 'Get started' }).click();
    const withoutSound = tab.getByRole('button', { name: 'Continue without sound' });
    await withoutSound.or(tab.getByRole('button', { name: 'Share my screen' })).waitFor();
    if (await withoutSound.isVisible()) await withoutSound.click();
    await tab.getByRole('button', { name: 'Share my screen' }).click();
    await passCountdown(tab);
    await tab.getByRole('timer').filter({ hasText: '0:02' }).waitFor({ timeout: 20_000 });
    // The captured surface goes away: Chromium ends the tab capture's track, as its "Stop sharing" does.
    await page.close();
    await step(tab, 'preview').waitFor({ timeout: 20_000 });
    await tab.getByText('Screen sharing ended, so the recording stopped.').waitFor();
    await shot(tab, 'faults-8-captured-page-closed');
    // What was recorded is kept and can be sent.
    expect(await tab.getByRole('button', { name: 'Looks good' }).isEnabled()).toBe(true);
    expect((await spooledIn(tab)).bytes).toBeGreaterThan(0);
  });

  it('a host page whose Permissions-Policy forbids screen capture in frames gets "Record in a new tab", which records and sends with the page\'s events', async () => {
    const context = await crossSiteContext(1280, 800);
    const { page } = await hostPage(context, `${blockingHost}/plain/?host=${encodeURIComponent(product.server.url)}&key=${encodeURIComponent(settings.key!)}`);
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.locator('#log').filter({ hasText: 'pay: HTTP 404' }).waitFor();
    await page.locator('showback-launcher button').click();
    const frame = await recorderFrame(page);
    await step(frame, 'unsupported').waitFor();
    await frame.getByText('does not allow screen recording inside it', { exact: false }).waitFor();
    await shot(page, 'faults-4-frame-blocked');
    const [tab] = await Promise.all([context.waitForEvent('page'), frame.getByRole('button', { name: 'Record in a new tab' }).click()]);
    // The modal on the page becomes the small control with a note, so the page is usable while the tab records.
    await frame.getByText('The recorder is in another tab', { exact: false }).waitFor();
    await tab.waitForLoadState();
    expect(tab.url()).toMatch(new RegExp(`^${product.server.url}/en/r/ws_`));
    // The tab says which tab to pick, and while it records, to go back to the page.
    await step(tab, 'instructions').waitFor();
    await tab.getByRole('button', { name: 'Get started' }).click();
    await step(tab, 'microphone').or(step(tab, 'share')).waitFor();
    if (await step(tab, 'microphone').isVisible()) await tab.getByRole('button', { name: 'Continue without sound' }).click();
    await tab.getByText('choose the tab of the page you came from', { exact: false }).waitFor();
    // Instrumentation only: which surface the browser handed over (Chromium labels this tab "current-web-contents-…").
    await tab.evaluate(() => {
      const media = navigator.mediaDevices;
      const original = media.getDisplayMedia.bind(media);
      media.getDisplayMedia = async (options) => {
        const stream = await original(options);
        (window as unknown as { __shared: string }).__shared = stream.getVideoTracks()[0]!.label;
        return stream;
      };
    });
    await tab.getByRole('button', { name: 'Share my screen' }).click();
    await passCountdown(tab);
    await step(tab, 'recording').waitFor({ timeout: 20_000 });
    await tab.getByText('Go back to the tab of your page and show the problem there', { exact: false }).waitFor();
    // What it records is the page, not itself.
    expect(await tab.evaluate(() => (window as unknown as { __shared: string }).__shared)).toMatch(/^web-contents-media-stream:/);
    await shot(tab, 'faults-6-tab-recording');
    // The page keeps working meanwhile: the widget there is a small note, and the page's button takes real clicks.
    await page.bringToFront();
    await page.getByRole('region', { name: 'Screen recording' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await recordingStartReachedHost(page);
    await page.locator('#log').evaluate((el) => (el.textContent = ''));
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.locator('#log').filter({ hasText: 'pay: HTTP 404' }).waitFor();
    await shot(page, 'faults-7-page-while-tab-records');
    await tab.bringToFront();
    await tab.getByRole('timer').filter({ hasText: '0:02' }).waitFor();
    await stopAndSend(tab);
    // The frame relayed between the tab and the host page: the page heard of the submission, and the recording
    // carries the page's console error from before it.
    const [id] = await submittedIds(page);
    expect(id).toBeTruthy();
    const submission = await getSubmission(owner, id!);
    expect(submission.source).toBe('widget');
    const stored = await eventsOf(id!);
    expect(stored.origin).toBe(blockingHost);
    expect(stored.events.some((e) => e.kind === 'console' && e.message.startsWith('Payment failed') && e.t < 0)).toBe(true);
    expect(stored.events.some((e) => e.kind === 'network' && e.url.includes('/api/pay') && e.t > 0), 'the click while the tab recorded').toBe(true);
    // Close in the tab closes it and the modal on the host page.
    // The button closes its own tab, which can cut Playwright's click short: a closed tab is the success here.
    const tabClosed = tab.waitForEvent('close');
    await tab
      .getByRole('button', { name: 'Close' })
      .click({ noWaitAfter: true })
      .catch((error: unknown) => {
        if (!tab.isClosed()) throw error;
      });
    await tabClosed;
    await page.locator('showback-modal').waitFor({ state: 'detached' });
  });
});

import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import type { Submission } from '@showback/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, pathOf, waitForPath } from '../auth/session.ts';
import { useProduct } from '../support/product.ts';
import { makeMp4, submitVideo } from './submitVideo.ts';
import { videoLike } from '../../api/test/support/fixtures/media.ts';

const run = promisify(execFile);
const TITLE = 'Checkout button does nothing';

/** The owner reviews a submission end to end in the built product: requests, recordings, player, download, delete. */
describe('review: requests and recordings in the dashboard', () => {
  const product = useProduct();
  let owner: BrowserContext;
  let page: Page;
  let tmp: string;
  let requestId = '';
  let token = '';
  let submissionId = '';

  const shot = async (target: Page, name: string) => {
    // Thumbnails load lazily: wait for the ones on screen so the picture shows what a person sees.
    await target.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
    const width = target.viewportSize()?.width ?? 0;
    await target.screenshot({ path: path.join(SCREENSHOT_DIR, `review-${name}-${width}.png`), fullPage: true });
  };

  /** Serious or critical accessibility problems in the page's main content (the screens this suite covers). */
  const a11y = async (target: Page, include = 'main'): Promise<string[]> => {
    const result = await new AxeBuilder({ page: target }).include(include).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  };

  /** The same signed-in owner in a phone-sized window. */
  const narrowPage = async (): Promise<Page> => {
    return product.page(360, { storageState: await owner.storageState() });
  };

  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-review-'));
    await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
    ({ context: owner, page } = await product.signedUp({ name: 'Ada Lovelace', account_name: 'Analytical Engines' }));
    await owner.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.server.url });
    // Other suites share two cores with this one: give slow moments room without hiding a real hang.
    owner.setDefaultTimeout(60_000);
  });
  afterAll(async () => {
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  it('creates a request through the form, with a safe live preview, and copies its link', async () => {
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Send your first recording link' }).waitFor();
    await shot(page, 'dashboard-empty');

    await page.goto('/my/requests');
    await page.getByRole('heading', { name: 'Create your first recording request' }).waitFor();
    await shot(page, 'requests-empty');
    await page.getByRole('button', { name: 'Create a request' }).click();

    const dialog = page.getByRole('dialog', { name: 'New recording request' });
    await dialog.getByLabel('Title').fill(TITLE);
    const editor = dialog.getByRole('textbox', { name: 'Instructions before recording' });
    await editor.click();
    await page.keyboard.type('Open the ');
    await dialog.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('checkout page');
    await dialog.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' and click Pay. ');

    // Pasted HTML is sanitised before it reaches the editor, and the preview never runs anything.
    await editor.evaluate((el) => {
      const data = new DataTransfer();
      data.setData('text/html', '<b>Thanks!</b><img src="x" onerror="window.__xss = 1"><script>window.__xss = 2</script><a href="javascript:window.__xss=3">x</a>');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    const preview = dialog.getByTestId('instructions-preview');
    await expect.poll(() => preview.locator('strong, b').allTextContents()).toEqual(['checkout page', 'Thanks!']);
    expect(await preview.locator('img, script').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();

    await dialog.getByLabel('Microphone').selectOption('required');
    await dialog.getByLabel('Maximum length (minutes)').fill('5');
    await dialog.getByLabel('Email').selectOption('required');
    await shot(page, 'request-form');
    expect(await a11y(page, 'dialog')).toEqual([]);
    // A day already over would make the link dead from the start: refused with the reason, nothing created.
    const expiry = dialog.getByLabel('Link expires on');
    const yesterday = new Date(Date.now() - 86_400_000);
    await expiry.fill(`${yesterday.getFullYear()}-${String(yesterday.getMonth() + 1).padStart(2, '0')}-${String(yesterday.getDate()).padStart(2, '0')}`);
    await dialog.getByRole('button', { name: 'Create request' }).click();
    await dialog.getByText('This day is over, so the link would never work').waitFor();
    expect(await expiry.getAttribute('aria-invalid')).toBe('true');
    await expiry.fill('');
    await dialog.getByRole('button', { name: 'Create request' }).click();
    await dialog.waitFor({ state: 'detached' });

    const item = page.getByTestId('request-item').filter({ hasText: TITLE });
    const link = await item.getByTestId('request-link').inputValue();
    expect(link).toMatch(new RegExp(`^${product.server.url}/r/[A-Za-z0-9_-]{22,}$`));
    token = link.split('/r/')[1] ?? '';
    await item.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Copied to clipboard').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    const list = await (await owner.request.get('/api/v1/requests')).json();
    const created = list.items.find((r: { title: string }) => r.title === TITLE);
    requestId = created.id;
    expect(created).toMatchObject({ microphone: 'required', max_duration_seconds: 300, fields: { email: 'required' } });
    expect(created.instructions).toMatch(/<(b|strong)>checkout page<\/(b|strong)>/);
    expect(created.instructions).not.toMatch(/onerror|script|javascript:/i);
    await shot(page, 'requests');
    expect(await a11y(page)).toEqual([]);
    const narrow = await narrowPage();
    await narrow.goto('/my/requests');
    await narrow.getByTestId('request-item').first().waitFor();
    await shot(narrow, 'requests');
    await narrow.context().close();
  });

  it('lists a processed submission with its thumbnail, finds it by search and opens it', async () => {
    const clip = await makeMp4(tmp);
    const created = await submitVideo(product.server.url, token, clip, {
      recipient: { name: 'Grace Hopper', email: 'grace@example.test', note: 'The Pay button spins forever.\nThen nothing happens.' },
      environment: {
        browser: 'Chrome', browser_version: '120.0', os: 'macOS 14.2', screen: '1920x1080', viewport: '1280x720',
        device_pixel_ratio: 2, language: 'en-GB', time_zone: 'Europe/London', page_url: 'https://shop.example/checkout?step=pay',
      },
    });
    submissionId = created.id;
    await expect
      .poll(async () => ((await (await owner.request.get(`/api/v1/submissions/${submissionId}`)).json()) as Submission).status, { timeout: 90_000, interval: 500 })
      .toBe('ready');

    await page.goto('/my/recordings');
    const row = page.getByTestId('submission-item').filter({ hasText: TITLE });
    await row.waitFor();
    expect(await row.textContent()).toContain('Grace Hopper');
    expect(await row.textContent()).toContain('Ready');
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="submission-item"] img');
      return Boolean(img?.complete && img.naturalWidth > 0);
    });
    // The first thumbnail is fetched at once with high priority (the list's largest paint), not lazily.
    const thumbnail = page.getByTestId('submission-item').first().locator('img');
    expect([await thumbnail.getAttribute('loading'), await thumbnail.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);

    const search = page.getByRole('searchbox', { name: 'Search recordings' });
    await search.fill('no-such-recording');
    await search.press('Enter');
    await page.getByText('No recordings match “no-such-recording”.').waitFor();
    await search.fill('grace');
    await search.press('Enter');
    await waitForPath(page, '/my/recordings?q=grace');
    await row.waitFor();
    expect(await page.getByTestId('submission-item').count()).toBe(1);
    await shot(page, 'recordings');
    expect(await a11y(page)).toEqual([]);

    await page.goto(`/my/requests/${requestId}/recordings`);
    await page.getByRole('heading', { name: `Recordings for “${TITLE}”` }).waitFor();
    await page.getByTestId('submission-item').first().waitFor();

    await page.goto('/my/recordings');
    await row.getByRole('link').click();
    await waitForPath(page, `/my/recordings/${submissionId}`);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    const env = await page.getByRole('region', { name: 'Environment' }).textContent();
    for (const text of ['Chrome 120.0', 'macOS 14.2', '1920x1080', '1280x720', '2', 'en-GB', 'Europe/London', 'https://shop.example/checkout?step=pay']) expect(env).toContain(text);
    expect(await page.getByRole('region', { name: 'Instructions shown' }).locator('strong, b').allTextContents()).toContain('checkout page');
    expect(await page.getByRole('region', { name: 'From the customer' }).textContent()).toContain('The Pay button spins forever.');
  });

  it('plays the MP4, seeks through Range requests, and downloads it with a readable name', async () => {
    const ranges: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith(`/api/v1/submissions/${submissionId}/video`)) ranges.push(response.status());
    });
    await page.reload();
    const video = page.locator('video');
    await video.waitFor();
    expect(await video.getAttribute('poster')).toBeTruthy();
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 2, undefined, { timeout: 20_000 });

    await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
    });
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.5, undefined, { timeout: 15_000 });
    await shot(page, 'recording');
    expect(await a11y(page)).toEqual([]);

    const seeked = await video.evaluate(
      (v: HTMLVideoElement) =>
        new Promise<number>((resolve) => {
          v.pause();
          v.addEventListener('seeked', () => resolve(v.currentTime), { once: true });
          v.currentTime = 4;
        }),
    );
    expect(seeked).toBeGreaterThan(3.9);
    expect(seeked).toBeLessThan(4.1);
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 2);
    expect(ranges).toContain(206);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download MP4' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^checkout-button-does-nothing-grace-hopper-\d{4}-\d{2}-\d{2}\.mp4$/);
    const saved = path.join(tmp, download.suggestedFilename());
    await download.saveAs(saved);
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name:format=duration', '-of', 'json', saved]);
    const probe = JSON.parse(stdout) as { streams: { codec_name: string }[]; format: { duration: string } };
    expect(probe.streams.map((s) => s.codec_name)).toContain('h264');
    expect(Number(probe.format.duration)).toBeGreaterThan(5.5);

    const narrow = await narrowPage();
    await narrow.goto(`/my/recordings/${submissionId}`);
    await narrow.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 2, undefined, { timeout: 20_000 });
    await shot(narrow, 'recording');
    await narrow.goto('/my/recordings');
    await narrow.getByTestId('submission-item').first().waitFor();
    await shot(narrow, 'recordings');
    await narrow.goto('/dashboard');
    await narrow.getByTestId('submission-item').first().waitFor();
    await shot(narrow, 'dashboard');
    await narrow.context().close();

    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Recent recordings' }).waitFor();
    await page.getByTestId('submission-item').first().waitFor();
    const usage = await page.getByTestId('usage').textContent();
    expect(usage).toMatch(/This month’s usage1 (\/ \d+ )?recordings/);
    await shot(page, 'dashboard');
  });

  it("shows another account's ids exactly like missing ones", async () => {
    const { page: other } = await product.signedUp({ name: 'Eve' });
    await other.goto(`/my/recordings/${submissionId}`);
    await other.getByRole('heading', { name: 'This recording does not exist, or it belongs to another workspace.' }).waitFor();
    expect(await other.locator('video').count()).toBe(0);
    await other.goto(`/my/requests/${requestId}/recordings`);
    await other.getByRole('heading', { name: 'This request does not exist, or it belongs to another workspace.' }).waitFor();
    await other.goto('/my/recordings/not-a-real-id');
    await other.getByRole('heading', { name: 'This recording does not exist, or it belongs to another workspace.' }).waitFor();
  });

  it('edits a request with its saved values filled in, archives and unarchives it', async () => {
    const narrow = await narrowPage();
    await narrow.goto('/my/requests');
    await narrow.getByTestId('request-item').filter({ hasText: TITLE }).getByRole('button', { name: 'Edit' }).click();
    const narrowDialog = narrow.getByRole('dialog', { name: 'Edit request' });
    await narrowDialog.getByRole('textbox', { name: 'Instructions before recording' }).waitFor();
    await shot(narrow, 'request-form');
    await narrow.context().close();

    await page.goto('/my/requests');
    const item = page.getByTestId('request-item').filter({ hasText: TITLE });
    await item.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit request' });
    expect(await dialog.getByLabel('Title').inputValue()).toBe(TITLE);
    expect(await dialog.getByLabel('Microphone').inputValue()).toBe('required');
    expect(await dialog.getByRole('textbox', { name: 'Instructions before recording' }).locator('b, strong').allTextContents()).toContain('checkout page');
    await dialog.getByLabel('Maximum length (minutes)').fill('61');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByText('Enter a whole number of minutes from 1 to 60.').waitFor();
    await dialog.getByLabel('Maximum length (minutes)').fill('20');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Changes saved.').waitFor();
    const saved = await (await owner.request.get(`/api/v1/requests/${requestId}`)).json();
    expect(saved).toMatchObject({ title: TITLE, max_duration_seconds: 1200, microphone: 'required' });

    await item.getByRole('button', { name: 'Archive' }).click();
    await item.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Archived' }).click();
    await waitForPath(page, '/my/requests?status=archived');
    await item.getByRole('button', { name: 'Unarchive' }).click();
    await item.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Active' }).click();
    await item.waitFor();
  });

  it('revokes the link and deletes the recording after confirmation', async () => {
    await page.goto('/my/requests');
    const item = page.getByTestId('request-item').filter({ hasText: TITLE });
    const before = await item.getByTestId('request-link').inputValue();
    await item.getByRole('button', { name: 'Revoke link' }).click();
    await page.getByRole('dialog', { name: 'Revoke this link?' }).getByRole('button', { name: 'Revoke and create a new link' }).click();
    await expect.poll(() => item.getByTestId('request-link').inputValue()).not.toBe(before);
    expect((await fetch(`${product.server.url}/api/v1/public/requests/${token}`)).status).toBe(410);

    await page.goto(`/my/recordings/${submissionId}`);
    await page.getByRole('button', { name: 'Delete recording' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this recording?' });
    await shot(page, 'recording-delete');
    await confirm.getByRole('button', { name: 'Delete recording' }).click();
    await waitForPath(page, '/my/recordings');
    await page.getByRole('heading', { name: 'No recordings yet' }).waitFor();
    expect(pathOf(page)).toBe('/my/recordings');
    expect((await owner.request.get(`/api/v1/submissions/${submissionId}`)).status()).toBe(404);
  });

  it('says honestly when processing failed and still offers the original upload', async () => {
    await page.goto('/my/requests');
    const link = await page.getByTestId('request-item').filter({ hasText: TITLE }).getByTestId('request-link').inputValue();
    const notVideo = path.join(tmp, 'not-a-video.mp4');
    await fs.writeFile(notVideo, videoLike(Buffer.alloc(64 * 1024, 7)));
    const { id } = await submitVideo(product.server.url, link.split('/r/')[1] ?? '', notVideo, { recipient: { name: 'Broken File', email: 'broken@example.test' } });
    await expect
      .poll(async () => ((await (await owner.request.get(`/api/v1/submissions/${id}`)).json()) as Submission).status, { timeout: 90_000, interval: 500 })
      .toBe('failed');

    await page.goto('/my/recordings');
    const row = page.getByTestId('submission-item').filter({ hasText: 'Broken File' });
    expect(await row.textContent()).toContain('Processing failed');
    await row.getByRole('link').click();
    await page.getByText('This video could not be converted to MP4.').waitFor();
    const original = page.getByRole('link', { name: 'Download original' });
    const [download] = await Promise.all([page.waitForEvent('download'), original.click()]);
    const saved = path.join(tmp, 'original');
    await download.saveAs(saved);
    expect((await fs.readFile(saved)).equals(await fs.readFile(notVideo))).toBe(true);
    await shot(page, 'recording-failed');
  });

  it('tells the owner when a recording ended early: 3 s of video where the recorder counted 10 s', async () => {
    await page.goto('/my/requests');
    const link = await page.getByTestId('request-item').filter({ hasText: TITLE }).getByTestId('request-link').inputValue();
    const { id } = await submitVideo(product.server.url, link.split('/r/')[1] ?? '', await makeMp4(tmp, 3), {
      duration_ms: 10_000,
      recipient: { name: 'Cut Short', email: 'cut@example.test' },
    });
    await expect
      .poll(async () => ((await (await owner.request.get(`/api/v1/submissions/${id}`)).json()) as Submission).status, { timeout: 90_000, interval: 500 })
      .toBe('ready');

    await page.goto('/my/recordings');
    await page.getByTestId('submission-item').filter({ hasText: 'Cut Short' }).getByRole('link').click();
    await page.getByText('This recording ended early: the video is 0:03 long, but the recorder had counted 0:10').waitFor();
    expect(await page.getByRole('region', { name: 'Video' }).textContent()).toContain('0:03 (0:10 recorded)');
    await shot(page, 'recording-ended-early');
    expect(await a11y(page)).toEqual([]);
  });
});

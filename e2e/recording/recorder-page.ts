import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { expect } from 'vitest';

export const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results/recording');

export async function shot(page: Page, name: string): Promise<void> {
  await fs.mkdir(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(SHOTS, `${width}-${name}.png`), fullPage: true });
}

export const step = (page: Page | Frame, name: string) => page.locator(`section[data-step="${name}"]`);

const onClock = new WeakSet<BrowserContext>();

/**
 * Puts the context's pages on Playwright's clock, which runs as real time does until `passCountdown` moves it on.
 * Once per context (installing again would set every page's clock back to now), and before the recorder loads: a
 * timer set earlier stays a real one.
 */
export async function installClock(context: BrowserContext): Promise<void> {
  if (onClock.has(context)) return;
  onClock.add(context);
  await context.clock.install();
}

/**
 * The recorder's 3 s countdown is shown, then passed on the clock (`installClock`) instead of waited out: a second
 * at a time, since each tick sets the next timer only once it has rendered, so one jump of 3 s would fire one tick.
 */
export async function passCountdown(where: Page | Frame): Promise<void> {
  const clock = ('page' in where ? where.page() : where).clock;
  const countdown = step(where, 'countdown');
  await countdown.waitFor();
  while (await countdown.isVisible()) await clock.fastForward(1000);
}

export async function openRecorder(context: BrowserContext, baseUrl: string, token: string): Promise<Page> {
  await installClock(context);
  const page = await context.newPage();
  page.on('dialog', (d) => void d.accept());
  await page.goto(`${baseUrl}/r/${token}?debug=1`);
  return page;
}

/** From the instructions to a running recording: microphone on (when asked), share this tab, countdown. */
export async function startRecording(page: Page, opts: { screenshots?: boolean } = {}): Promise<void> {
  const snap = async (name: string) => (opts.screenshots ? shot(page, name) : undefined);
  await step(page, 'instructions').waitFor();
  await snap('1-instructions');
  await page.getByRole('button', { name: 'Get started' }).click();
  await step(page, 'microphone').or(step(page, 'share')).waitFor();
  if (await step(page, 'microphone').isVisible()) {
    const enable = page.getByRole('button', { name: 'Turn on the microphone' });
    if (await enable.isVisible()) await enable.click();
    else await page.getByRole('checkbox', { name: 'Record my voice' }).check();
    await page.getByRole('meter', { name: 'Microphone level' }).waitFor();
    await page.waitForTimeout(400);
    await snap('2-microphone');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
  }
  await step(page, 'share').waitFor();
  await snap('3-share');
  await page.getByRole('button', { name: 'Share my screen' }).click();
  await step(page, 'countdown').waitFor();
  await snap('4-countdown');
  await passCountdown(page);
  await step(page, 'recording').waitFor({ timeout: 15_000 });
}

export async function stopRecording(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await step(page, 'preview').waitFor({ timeout: 20_000 });
}

interface DebugHandle {
  spoolSha256(): Promise<string | undefined>;
  spooledBytes(): Promise<number>;
  upload?: { state: string; confirmedBytes: number; totalBytes: number | null };
}

export async function spooled(page: Page): Promise<{ sha256: string; bytes: number }> {
  return page.evaluate(async () => {
    const d = (window as unknown as { __recorderDebug: DebugHandle }).__recorderDebug;
    return { sha256: (await d.spoolSha256())!, bytes: await d.spooledBytes() };
  });
}

export async function confirmedBytes(page: Page | Frame): Promise<number> {
  return page.evaluate(() => (window as unknown as { __recorderDebug?: DebugHandle }).__recorderDebug?.upload?.confirmedBytes ?? 0);
}

/** Bytes in the spool and bytes the server confirmed, without hashing anything (cheap enough to sample often). */
export async function uploadProgress(page: Page | Frame): Promise<{ spooled: number; confirmed: number; state?: string }> {
  return page.evaluate(async () => {
    const d = (window as unknown as { __recorderDebug?: DebugHandle }).__recorderDebug;
    return { spooled: (await d?.spooledBytes()) ?? 0, confirmed: d?.upload?.confirmedBytes ?? 0, state: d?.upload?.state };
  });
}

/** Resolves once the recorder has spooled more than `bytes` (e.g. what the server confirmed before a cut). */
export async function spooledMoreThan(page: Page | Frame, bytes: number): Promise<void> {
  await expect.poll(async () => (await uploadProgress(page)).spooled, { timeout: 15_000 }).toBeGreaterThan(bytes);
}

/** Resolves with the total size once the recorder's tus upload has been confirmed complete by the server. */
export async function uploadComplete(page: Page, timeoutMs = 120_000): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const u = (window as unknown as { __recorderDebug?: DebugHandle }).__recorderDebug?.upload;
      return u?.state === 'complete' ? u.totalBytes ?? u.confirmedBytes : undefined;
    },
    undefined,
    { polling: 20, timeout: timeoutMs },
  );
  return (await handle.jsonValue()) as number;
}

/** Preview → (details) → submit → done. */
export async function submit(page: Page, opts: { screenshots?: boolean; name?: string; whileSubmitting?: () => Promise<void> } = {}): Promise<void> {
  await page.getByRole('button', { name: 'Looks good' }).click();
  // With the upload already complete, the submit step can pass before a wait for it starts.
  await step(page, 'details').or(step(page, 'submit')).or(step(page, 'done')).waitFor();
  if (await step(page, 'details').isVisible()) {
    if (opts.name) await page.getByLabel('Your name').fill(opts.name);
    if (opts.screenshots) await shot(page, '7-details');
    await page.getByRole('button', { name: 'Send recording' }).click();
  }
  await step(page, 'submit').or(step(page, 'done')).waitFor();
  await opts.whileSubmitting?.();
  await step(page, 'done').waitFor({ timeout: 90_000 });
  if (opts.screenshots) await shot(page, '9-done');
}

// Makes the public site's demo videos from the product itself: `npm run build && npx tsx e2e/public-site/record-media.ts`.
// Each clip is a scripted session in headless Chromium recorded with Playwright's video capture, compressed with
// ffmpeg to a small H.264 MP4, a VP9 WebM and a JPEG poster in dashboard/src/features/marketing/media/, where the pages
// import them so the build names them by their hash (the build adds AVIF and WebP posters). The sample clip also keeps
// the console and network events seen while recording, for /sample (dashboard/src/features/marketing/sample/).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MEDIA = path.join(ROOT, 'dashboard/src/features/marketing/media');
const SAMPLE_TS = path.join(ROOT, 'dashboard/src/features/marketing/sample/submission.ts');
const SIZE = { width: 640, height: 360 };

interface SampleEvent { at: number; kind: 'console' | 'network'; level?: string; text: string; status?: number }

/**
 * Records a scripted session with Chromium's screencast (the DevTools protocol's frames, as Playwright's own video
 * does; its bundled ffmpeg cannot be downloaded here): frames are written as JPEGs with their timestamps, then
 * joined by ffmpeg's concat demuxer with each frame's real duration. Survives page navigations.
 */
async function record(browser: Browser, name: string, run: (page: Page, context: BrowserContext, t0: number) => Promise<void>, prepare?: (page: Page) => Promise<void>): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `media-${name}-`));
  const context = await browser.newContext({ viewport: SIZE, reducedMotion: 'no-preference' });
  const page = await context.newPage();
  // Set-up (signing in, creating a request) happens before the first frame, so the clip shows only the product.
  if (prepare) await prepare(page);
  const cdp = await context.newCDPSession(page);
  const frames: { file: string; at: number }[] = [];
  const writes: Promise<void>[] = [];
  cdp.on('Page.screencastFrame', (frame: { data: string; sessionId: number; metadata: { timestamp?: number } }) => {
    const file = path.join(dir, `f${String(frames.length).padStart(5, '0')}.jpg`);
    frames.push({ file, at: frame.metadata.timestamp ?? Date.now() / 1000 });
    writes.push(fs.writeFile(file, Buffer.from(frame.data, 'base64')));
    void cdp.send('Page.screencastFrameAck', { sessionId: frame.sessionId }).catch(() => {});
  });
  await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 85, maxWidth: SIZE.width, maxHeight: SIZE.height, everyNthFrame: 1 });
  const t0 = Date.now();
  await run(page, context, t0);
  await page.waitForTimeout(600);
  const end = Date.now() / 1000;
  await cdp.send('Page.stopScreencast');
  await Promise.all(writes);
  await context.close();
  if (frames.length === 0) throw new Error(`${name}: no frames captured`);
  const list = frames.map((f, i) => `file '${f.file}'\nduration ${Math.max(0.001, (frames[i + 1]?.at ?? end) - f.at).toFixed(3)}`);
  // The concat demuxer ignores the last duration unless the last file is listed once more.
  const concat = path.join(dir, 'frames.txt');
  await fs.writeFile(concat, `${list.join('\n')}\nfile '${frames[frames.length - 1]!.file}'\n`);
  compress(['-f', 'concat', '-safe', '0', '-i', concat], name);
  await fs.rm(dir, { recursive: true, force: true });
}

function compress(input: string[], name: string): void {
  const out = (ext: string): string => path.join(MEDIA, `${name}.${ext}`);
  const common = ['-y', '-hide_banner', '-loglevel', 'error', ...input, '-an', '-vf', 'fps=15,scale=640:-2,format=yuv420p'];
  execFileSync('ffmpeg', [...common, '-c:v', 'libx264', '-preset', 'slow', '-crf', '30', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', out('mp4')]);
  execFileSync('ffmpeg', [...common, '-c:v', 'libvpx-vp9', '-crf', '42', '-b:v', '0', '-row-mt', '1', out('webm')]);
  const poster = out('jpg');
  execFileSync('ffmpeg', ['-y', '-hide_banner', '-loglevel', 'error', '-ss', '1.2', '-i', out('mp4'), '-frames:v', '1', '-q:v', '4', poster]);
}

async function signUpInPage(page: Page, server: RunningServer): Promise<void> {
  await page.goto(`${server.url}/sign-in`);
  const status = await page.evaluate(async () => {
    const csrf = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
    const email = `demo-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const res = await fetch('/api/v1/users/sign_up', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf },
      body: JSON.stringify({ name: 'Dana Support', email, account_name: 'Acme Support', password: 'demo-password-1', password_confirmation: 'demo-password-1', invitation_token: null }),
    });
    if (res.ok) localStorage.setItem('user', JSON.stringify({ ...(await res.json()), account: { onboarding_completed: true } }));
    return res.status;
  });
  if (status !== 201) throw new Error(`demo sign-up answered ${status}`);
}

async function createRequest(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const csrf = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
    const res = await fetch('/api/v1/requests', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf },
      body: JSON.stringify({ title: 'Invoice total looks wrong', instructions: '<p>Open the invoice, switch the period to <strong>last month</strong> and tell us what you expected.</p>' }),
    });
    if (!res.ok) throw new Error(`create request answered ${res.status}`);
    return ((await res.json()) as { link_url: string }).link_url;
  });
}

async function main(): Promise<void> {
  await fs.mkdir(MEDIA, { recursive: true });
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    await record(browser, 'hero', async (page) => {
      await page.goto(server.url);
      await page.waitForTimeout(700);
      await page.locator('input[type=email]').first().pressSequentially('dana@acme.example', { delay: 60 });
      await page.waitForTimeout(400);
      for (const id of ['features', 'work', 'pricing']) {
        await page.locator(`#${id}`).scrollIntoViewIfNeeded();
        await page.waitForTimeout(900);
      }
      await page.getByRole('button', { name: /annual/i }).click();
      await page.waitForTimeout(1200);
    });

    const events: SampleEvent[] = [];
    let sampleDuration = 0;
    await record(browser, 'sample', async (page, _context, t0) => {
      const at = (): number => Math.round((Date.now() - t0) / 100) / 10;
      page.on('console', (m) => events.push({ at: at(), kind: 'console', level: m.type() === 'warning' ? 'warn' : m.type(), text: m.text().slice(0, 300) }));
      page.on('response', (r) => {
        const url = new URL(r.url());
        if (url.pathname.startsWith('/vite/assets/')) return;
        events.push({ at: at(), kind: 'network', status: r.status(), text: `${r.request().method()} ${url.pathname}${url.search}` });
      });
      await page.goto(`${server.url}/pricing`);
      await page.waitForTimeout(800);
      await page.getByRole('button', { name: /annual/i }).click();
      await page.waitForTimeout(900);
      await page.locator('input[type=search]').pressSequentially('retention', { delay: 70 });
      await page.waitForTimeout(700);
      // Staged by this script so the sample shows how a failure appears: a request for a missing image and an error.
      await page.evaluate(async () => {
        const res = await fetch('/vite/media/help-centre-icon.png');
        if (!res.ok) console.error(`Help centre icon failed to load (${res.status})`);
      });
      await page.waitForTimeout(900);
      await page.locator('details summary').first().click();
      await page.waitForTimeout(1200);
      sampleDuration = Math.round((Date.now() - t0) / 100) / 10;
    });
    const version = browser.version().split('.')[0];
    const sample = {
      width: SIZE.width,
      height: SIZE.height,
      duration: sampleDuration,
      environment: { browser: `Chromium ${version}`, os: 'Linux', screen: `${SIZE.width}×${SIZE.height}` },
      events: events.sort((a, b) => a.at - b.at),
    };
    await fs.writeFile(
      SAMPLE_TS,
      `// Written by e2e/public-site/record-media.ts together with media/sample.mp4; do not edit by hand.\nexport const SAMPLE_SUBMISSION = ${JSON.stringify(sample, null, 2)} as {\n  width: number;\n  height: number;\n  duration: number;\n  environment: { browser: string; os: string; screen: string };\n  events: { at: number; kind: 'console' | 'network'; level?: string; text: string; status?: number }[];\n};\n`,
    );

    await record(
      browser,
      'demo-request',
      async (page) => {
        await page.waitForTimeout(800);
        const copy = page.getByRole('button', { name: /copy/i }).first();
        if (await copy.isVisible().catch(() => false)) await copy.click();
        await page.waitForTimeout(1500);
        const title = page.getByRole('link', { name: /invoice total/i }).first();
        if (await title.isVisible().catch(() => false)) await title.click();
        await page.waitForTimeout(2000);
      },
      async (page) => {
        await signUpInPage(page, server);
        await createRequest(page);
        await page.goto(`${server.url}/my/requests`);
        await page.waitForTimeout(2000);
      },
    );

    await record(
      browser,
      'demo-record',
      async (page) => {
        await page.waitForTimeout(1500);
        const next = page.getByRole('button').first();
        if (await next.isVisible().catch(() => false)) await next.click().catch(() => {});
        await page.waitForTimeout(2500);
      },
      async (page) => {
        await signUpInPage(page, server);
        const link = await createRequest(page);
        await page.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
        await page.waitForTimeout(3000);
      },
    );

    // /sample lists the events just written: rebuild the site so the review clip shows them.
    execFileSync('npm', ['run', 'build', '-w', 'dashboard'], { cwd: ROOT, stdio: 'ignore' });
    await record(browser, 'demo-review', async (page) => {
      await page.goto(`${server.url}/sample`);
      await page.waitForTimeout(1000);
      const items = page.locator('ol button');
      const count = Math.min(await items.count(), 5);
      if (count === 0) throw new Error('/sample shows no events');
      for (let i = 0; i < count; i++) {
        await items.nth(i).click();
        await page.waitForTimeout(1000);
      }
    });
  } finally {
    await browser.close();
    await server.stop();
  }
  for (const file of (await fs.readdir(MEDIA)).sort()) console.log(file, (await fs.stat(path.join(MEDIA, file))).size);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

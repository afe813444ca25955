// What a customer downloads before they can record (issue #17, part 2): the JavaScript Chromium fetches from opening
// a `/r/` link, and from opening the recorder in a frame (what the widget's iframe loads: the link page plus the
// embed chunk), until the first step has painted with its instructions; and the time from navigation to that paint.
// Baseline in the same run: the same sources built on React (RECORDER_RUNTIME=react) into a temporary folder. Both
// builds are served by the same route handler (the API serves the recorder uncompressed), so gzip is computed here,
// level 9, per script, as a compressing proxy or CDN would send it. Needs `npm run build -w recorder && npm run build
// -w api` first. `npm run bench -- recorder-size` runs only this file.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser, BrowserContext, Frame, Response } from 'playwright-core';
import { createRequest, signUpOwner } from '../e2e/recording/owner.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { startServer, type RunningServer } from '../e2e/support/server.ts';

const BUDGET = 60 * 1024;
const RUNS = 3;
const CURRENT = path.resolve('recorder/dist');
const INSTRUCTIONS = '<p>Open the <strong>checkout</strong> page and click <em>Pay</em>.</p><ul><li>Talk us through it</li></ul>';

const kb = (bytes: number): string => (bytes / 1024).toFixed(1);
const load = (): string => os.loadavg().map((l) => l.toFixed(2)).join(' ');
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };
const ASSET_TAG = /<(?:script|link)\b[^>]*\/vite\/recorder\/[^>]*>(?:<\/script>)?\s*/g;

// Records when the first step has painted with its instructions (the frame's own clock, from its navigation).
const FIRST_STEP = `(() => {
  const seen = () => document.querySelector('section[data-step="instructions"] .instructions');
  const observer = new MutationObserver(() => {
    if (!seen()) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => { window.__firstStep = performance.now(); }));
  });
  observer.observe(document, { childList: true, subtree: true });
})()`;

/** Serves /vite/recorder/* from `dist` and the page's asset tags from `dist`'s index.html; the page itself from the API. */
async function serveBuild(context: BrowserContext, server: RunningServer, dist: string): Promise<void> {
  const tags = (await fs.readFile(path.join(dist, 'index.html'), 'utf8')).match(ASSET_TAG) ?? [];
  await context.route(`${server.url}/vite/recorder/**`, async (route) => {
    const file = path.join(dist, new URL(route.request().url()).pathname.slice('/vite/recorder/'.length));
    await route.fulfill({ status: 200, contentType: TYPES[path.extname(file)] ?? 'application/octet-stream', body: await fs.readFile(file) });
  });
  await context.route(`${server.url}/r/**`, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(ASSET_TAG, '').replace('</head>', `${tags.join('')}</head>`);
    await route.fulfill({ response, body: html });
  });
}

interface Load {
  raw: number;
  gzip: number;
  files: number;
  ms: number;
}

async function firstStep(browser: Browser, server: RunningServer, dist: string, token: string, framed: boolean): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await serveBuild(context, server, dist);
    await context.addInitScript(FIRST_STEP);
    const responses: Response[] = [];
    const onResponse = (response: Response) => {
      if (response.request().resourceType() === 'script') responses.push(response);
    };
    context.on('response', onResponse);
    const page = await context.newPage();
    // The widget's iframe loads the same page framed (which adds the embed chunk); a same-origin host stands in for
    // the customer's site, since the bytes do not depend on who frames it.
    if (framed) await page.route(`${server.url}/bench-host`, (route) => route.fulfill({ contentType: 'text/html', body: `<iframe src="/r/${token}" style="width:100%;height:700px"></iframe>` }));
    await page.goto(framed ? `${server.url}/bench-host` : `${server.url}/r/${token}`);
    const frame: Frame = framed ? ((await (await page.waitForSelector('iframe')).contentFrame()) ?? page.mainFrame()) : page.mainFrame();
    const ms = Number(await (await frame.waitForFunction(() => (window as unknown as { __firstStep?: number }).__firstStep, undefined, { timeout: 30_000 })).jsonValue());
    context.off('response', onResponse);
    const scripts = await Promise.all(responses.map((r) => r.body()));
    return {
      raw: scripts.reduce((sum, b) => sum + b.length, 0),
      gzip: scripts.reduce((sum, b) => sum + zlib.gzipSync(b, { level: 9 }).length, 0),
      files: scripts.length,
      ms,
    };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  await fs.access(path.join(CURRENT, 'index.html')).catch(() => {
    throw new Error('no recorder build: run `npm run build -w recorder && npm run build -w api` first');
  });
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'recorder-react-'));
  const built = spawnSync('npx', ['vite', 'build', '--config', 'recorder/vite.config.ts', '--outDir', tmp, '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, RECORDER_RUNTIME: 'react' },
  });
  if (built.status !== 0) throw new Error('the React build of the recorder failed');
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const owner = await signUpOwner(server.url);
    const { token } = await createRequest(owner, { title: 'Bench: first step', instructions: INSTRUCTIONS });
    const rows: string[][] = [];
    for (const framed of [false, true]) {
      const measure = async (dist: string) => {
        const runs: Load[] = [];
        for (let run = 0; run < RUNS; run++) runs.push(await firstStep(browser, server, dist, token, framed));
        return { ...runs[0]!, ms: median(runs.map((r) => r.ms)), load: load() };
      };
      const baseline = await measure(tmp);
      const current = await measure(CURRENT);
      const page = framed ? 'framed (widget iframe)' : '/r/ link';
      for (const [name, r] of [['React (baseline)', baseline], ['production', current]] as const) {
        rows.push([page, name, String(r.files), kb(r.raw), kb(r.gzip), (r.gzip / baseline.gzip).toFixed(2), r.ms.toFixed(0), (r.ms / baseline.ms).toFixed(2), r.gzip <= BUDGET ? 'within' : 'OVER', r.load]);
      }
    }
    const header = ['page', 'build', 'scripts', 'JS KB', 'JS KB gz', 'gz / base', 'first step ms', 'ms / base', '60 KB', 'load avg'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]): string => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
    console.log(line(header));
    for (const row of rows) console.log(line(row));
    console.log(`\nfirst step ms: median of ${RUNS}, navigation to the instructions step painted, Chromium on loopback; the load average is beside each figure (2 cores).`);
  } finally {
    await browser.close();
    await server.stop();
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

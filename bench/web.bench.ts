// Bytes on the wire and Lighthouse, per page, for this build and a baseline build in the same run (issue #26).
//
// Each build is served by its own server process (`npm start`'s flags) from its own checkout, so the baseline is what
// that commit really sent. Per page: the bytes Chromium received (response bodies as transferred, i.e. compressed per
// Content-Encoding, headers excluded) until the page's first paint is complete (the load event; for /r/<token> the
// first step painted), JavaScript apart; then Lighthouse 12 (Debian's Chromium, simulated throttling) mobile and
// desktop, median of LH_RUNS (3) runs, with the load average. The widget SDK: its bytes before and after the widget
// opens, as the server sends them to a browser asking for `br, gzip`.
//
//   BASELINE_ROOT=/path/to/built/checkout npm run bench -- web
//   BASELINE_REF=<git ref> npm run bench -- web     (default HEAD~1: checked out and built in a scratch worktree)
//
// Needs `npm run build` first. LH_RUNS=1 and LH_PAGES=/,/sign-up make a quick run.
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import type { Browser, Frame, Response } from 'playwright-core';
import { completeOnboarding, createRequest, signUpOwner, type Owner } from '../e2e/recording/owner.ts';
import { CHROMIUM_PATH, launchBrowser } from '../e2e/support/browser.ts';
import { startServer, type RunningServer } from '../e2e/support/server.ts';
import { baselineCheckout } from './support/baseline-checkout.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const LH_RUNS = Number(process.env.LH_RUNS ?? 3);
const PUBLIC = ['/', '/pricing', '/features', '/faq', '/sign-in', '/sign-up'];
const ALL_PAGES = [...PUBLIC, '/r/<token>', '/dashboard'];
const PAGES = process.env.LH_PAGES ? process.env.LH_PAGES.split(',') : ALL_PAGES;
const INSTRUCTIONS = '<p>Open the <strong>checkout</strong> page and click <em>Pay</em>.</p>';
const TARGETS: Record<string, string> = {
  '/': 'all ≤ 150 KB',
  '/r/<token>': 'JS ≤ 100 KB',
};

const kb = (bytes: number): string => (bytes / 1024).toFixed(1);
const load = (): string => os.loadavg()[0]!.toFixed(1);
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

interface Build {
  name: string;
  server: RunningServer;
  token: string;
  owner: Owner;
}

interface Bytes {
  js: number;
  all: number;
  files: number;
}

const FIRST_STEP = `(() => {
  const observer = new MutationObserver(() => {
    if (!document.querySelector('section[data-step="instructions"] .instructions')) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => { window.__firstStep = true; }));
  });
  observer.observe(document, { childList: true, subtree: true });
})()`;

/** What Chromium received for a page until its first paint is complete, as transferred. */
async function pageBytes(browser: Browser, build: Build, page: string): Promise<Bytes> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  try {
    if (page === '/dashboard') {
      const cookie = build.owner.headers.cookie!;
      await context.addCookies(cookie.split('; ').map((pair) => ({ name: pair.split('=')[0]!, value: pair.slice(pair.indexOf('=') + 1), url: build.server.url })));
    }
    await context.addInitScript(FIRST_STEP);
    const responses: Response[] = [];
    context.on('response', (r) => responses.push(r));
    const tab = await context.newPage();
    const url = `${build.server.url}${page.replace('<token>', build.token)}`;
    await tab.goto(url, { waitUntil: 'load' });
    const frame: Frame = tab.mainFrame();
    if (page.startsWith('/r/')) await frame.waitForFunction(() => (window as unknown as { __firstStep?: boolean }).__firstStep, undefined, { timeout: 30_000 });
    else await tab.waitForLoadState('networkidle').catch(() => undefined);
    const done = [...responses];
    let js = 0;
    let all = 0;
    for (const response of done) {
      const sizes = await response.request().sizes().catch(() => ({ responseBodySize: 0 }));
      // Media the page fetches after its load event (the hero and step videos) are not first paint.
      if (/\.(?:mp4|webm)$/.test(new URL(response.url()).pathname)) continue;
      all += sizes.responseBodySize;
      if (response.request().resourceType() === 'script') js += sizes.responseBodySize;
    }
    return { js, all, files: done.length };
  } finally {
    await context.close();
  }
}

/**
 * The widget SDK as sent to a browser that accepts br and gzip: before the widget opens, with its chunk, and with the
 * privacy and context chunks a recording fetches (a baseline without those files shows the same figure as after
 * opening).
 */
async function sdkBytes(build: Build): Promise<{ before: number; after: number; recording: number }> {
  const size = async (file: string, optional = false): Promise<number> => {
    const res = await fetch(`${build.server.url}/sdk/${file}`, { headers: { 'accept-encoding': 'br, gzip' } });
    if (optional && res.status === 404) return 0;
    if (!res.ok) throw new Error(`/sdk/${file} answered ${res.status}`);
    // fetch decodes; Content-Length is the transferred size when the server sent a file.
    const length = Number(res.headers.get('content-length'));
    await res.arrayBuffer();
    return length;
  };
  const before = await size('showback.js');
  const after = before + (await size('showback-widget.js'));
  return { before, after, recording: after + (await size('showback-privacy.js', true)) + (await size('showback-context.js', true)) };
}

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  cls: number;
  lcp: number;
  benchmarkIndex: number;
}

async function lighthouseScores(url: string, desktop: boolean, cookie?: string): Promise<Scores> {
  const runs: Scores[] = [];
  let failures = 0;
  for (let run = 0; run < LH_RUNS; run++) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
    try {
      const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] };
      if (cookie) flags.extraHeaders = { Cookie: cookie };
      const result = await lighthouse(url, flags, desktop ? desktopConfig : undefined);
      const lhr = result!.lhr;
      // A trace Chromium failed to record (NO_NAVSTART, now and then) scores nothing: that run is made again.
      if (lhr.runtimeError) {
        if (++failures > 3) throw new Error(`${url}: Lighthouse failed ${failures} times (${lhr.runtimeError.code})`);
        console.log(`  ${url}: ${lhr.runtimeError.code}, run again`);
        run--;
        continue;
      }
      const score = (id: string): number => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      runs.push({
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
        lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
        benchmarkIndex: lhr.environment.benchmarkIndex,
      });
    } finally {
      chrome.kill();
    }
  }
  const pick = (key: keyof Scores): number => median(runs.map((r) => r[key]));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    cls: pick('cls'),
    lcp: pick('lcp'),
    benchmarkIndex: pick('benchmarkIndex'),
  };
}

async function prepare(name: string, root: string): Promise<Build> {
  const server = await startServer({}, root);
  const owner = await signUpOwner(server.url);
  await completeOnboarding(owner);
  const { token } = await createRequest(owner, { title: 'Bench: first step', instructions: INSTRUCTIONS });
  return { name, server, owner, token };
}

/**
 * Only the build being measured runs: the other's server is stopped (SIGSTOP) meanwhile, since its background work
 * (queue polling on the embedded database, about 5 % of a core when idle) would share this 2-core machine with the
 * page Lighthouse is timing.
 */
function pauseServers(builds: Build[], paused: boolean): void {
  for (const build of builds) {
    const pid = build.server.pid();
    if (pid) process.kill(pid, paused ? 'SIGSTOP' : 'SIGCONT');
  }
}

function table(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]): string => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

async function main(): Promise<void> {
  const baseline = baselineCheckout('HEAD~1', { build: true });
  const builds = [await prepare('baseline', baseline), await prepare('this build', ROOT)];
  const browser = await launchBrowser();
  try {
    console.log(`baseline: ${baseline}; load average at start ${load()}\n`);
    const sdk = await Promise.all(builds.map(sdkBytes));
    table(
      ['widget SDK', 'build', 'before open KB', 'after open KB', 'with a recording KB'],
      builds.map((b, i) => ['/sdk/', b.name, kb(sdk[i]!.before), kb(sdk[i]!.after), kb(sdk[i]!.recording)]),
    );
    console.log('targets: ≤ 4 KB before opening, ≤ 14 KB after\n');

    const rows: string[][] = [];
    for (const page of PAGES) {
      for (const build of builds) {
        const others = builds.filter((other) => other !== build);
        pauseServers(others, true);
        const bytes = await pageBytes(browser, build, page);
        const url = `${build.server.url}${page.replace('<token>', build.token)}`;
        const cookie = page === '/dashboard' ? build.owner.headers.cookie : undefined;
        const mobile = await lighthouseScores(url, false, cookie);
        const desktop = await lighthouseScores(url, true, cookie);
        pauseServers(others, false);
        rows.push([
          page,
          build.name,
          kb(bytes.js),
          kb(bytes.all),
          String(mobile.performance),
          String(desktop.performance),
          `${mobile.accessibility}/${mobile.bestPractices}/${mobile.seo}`,
          mobile.cls.toFixed(3),
          (mobile.lcp / 1000).toFixed(2),
          TARGETS[page] ?? '',
          String(Math.round(mobile.benchmarkIndex)),
          load(),
        ]);
        console.log(rows.at(-1)!.join('  '));
      }
    }
    console.log('');
    table(['page', 'build', 'JS KB', 'all KB', 'LH mobile', 'LH desktop', 'a11y/BP/SEO', 'CLS', 'LCP s (mobile)', 'target', 'CPU', 'load'], rows);
    console.log(`\nKB: response bodies as transferred (per Content-Encoding) until the load event (/r/: the first step painted),`);
    console.log(`videos fetched after load excluded; Lighthouse 12, median of ${LH_RUNS}; CPU = Lighthouse's benchmarkIndex of the`);
    console.log(`mobile runs (median; higher is faster); load = 1-minute load average after the row.`);
  } finally {
    pauseServers(builds, false);
    await browser.close();
    for (const build of builds) await build.server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

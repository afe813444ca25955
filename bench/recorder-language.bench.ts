// The recorder's first step for a customer who reads another language than English (issue 39), with and without the
// server's <link rel="modulepreload"> of that language's strings, in the same build and run: the page without it is
// the same HTML with the link taken out. Chromium on an emulated slow mobile network (150 ms round trip, 1.6 Mbit/s
// down), a fresh context each time (nothing cached), medians of RUNS (5) alternating runs; the JavaScript as
// transferred (brotli) until the first step painted. `npm run build` first; `npm run bench -- language`.
import os from 'node:os';
import type { Browser, Response } from 'playwright-core';
import { completeOnboarding, createRequest, signUpOwner } from '../e2e/recording/owner.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { startServer } from '../e2e/support/server.ts';

const RUNS = Number(process.env.RUNS ?? 5);
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const PRELOAD = /<link rel="modulepreload"[^>]*>/g;

const FIRST_STEP = `(() => {
  const observer = new MutationObserver(() => {
    if (!document.querySelector('section[data-step="instructions"]')) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => { window.__firstStepAt = performance.now(); }));
  });
  observer.observe(document, { childList: true, subtree: true });
})()`;

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Milliseconds from navigation to the first step painted, and the JS bytes transferred by then. */
async function firstStep(browser: Browser, url: string, language: string, preload: boolean): Promise<{ ms: number; js: number; lang: string; strings: number }> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: language, extraHTTPHeaders: { 'accept-language': language } });
  try {
    await context.addInitScript(FIRST_STEP);
    const responses: Response[] = [];
    context.on('response', (r) => responses.push(r));
    // Both variants go through the same route, so the handling costs them alike.
    await context.route(/\/r\//, async (route) => {
      const answer = await route.fetch();
      const html = await answer.text();
      await route.fulfill({ response: answer, body: preload ? html : html.replace(PRELOAD, '') });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => (window as unknown as { __firstStepAt?: number }).__firstStepAt !== undefined, undefined, { timeout: 60_000 });
    const ms = await page.evaluate(() => (window as unknown as { __firstStepAt: number }).__firstStepAt);
    let js = 0;
    for (const r of responses) {
      if (!/\.m?js(\?|$)/.test(r.url())) continue;
      js += (await r.request().sizes().catch(() => ({ responseBodySize: 0 }))).responseBodySize;
    }
    // When the language's strings had arrived (ms from navigation): the mechanism itself, less swayed by CPU load.
    const strings = await page.evaluate((code) => performance.getEntriesByType('resource').find((e) => new RegExp(`/assets/${code}-[\\w-]+\\.js$`).test(e.name))?.responseEnd ?? 0, language);
    return { ms, js, lang: await page.evaluate(() => document.documentElement.lang), strings };
  } finally {
    await context.close();
  }
}

const server = await startServer();
const browser = await launchBrowser();
try {
  const owner = await signUpOwner(server.url);
  await completeOnboarding(owner);
  const { token } = await createRequest(owner, { title: 'Bench: first step' });
  console.log(`load ${os.loadavg()[0]!.toFixed(1)}; ${RUNS} runs each; network: ${NETWORK.latency} ms RTT, 1.6 Mbit/s down`);
  console.log('| language | JS as sent | strings arrived, no preload → preload | first step, no preload | first step, preload | saved |');
  console.log('|---|---|---|---|---|---|');
  for (const language of ['en', 'de', 'ja', 'ar']) {
    const without: number[] = [];
    const withIt: number[] = [];
    const arrived: [number[], number[]] = [[], []];
    let js = 0;
    for (let run = 0; run < RUNS; run++) {
      const a = await firstStep(browser, `${server.url}/r/${token}`, language, false);
      const b = await firstStep(browser, `${server.url}/r/${token}`, language, true);
      if (a.lang !== language || b.lang !== language) throw new Error(`the first step was in ${a.lang}/${b.lang}, not ${language}`);
      without.push(a.ms);
      withIt.push(b.ms);
      arrived[0].push(a.strings);
      arrived[1].push(b.strings);
      js = b.js;
    }
    const [a, b] = [median(without), median(withIt)];
    const strings = language === 'en' ? 'in the script' : `${median(arrived[0]).toFixed(0)} → ${median(arrived[1]).toFixed(0)} ms`;
    console.log(`| ${language} | ${(js / 1024).toFixed(1)} KB | ${strings} | ${a.toFixed(0)} ms | ${b.toFixed(0)} ms | ${(a - b).toFixed(0)} ms |`);
  }
} finally {
  await browser.close();
  await server.stop();
}

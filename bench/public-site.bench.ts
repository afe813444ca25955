// Public site: per public page, the gzip size of the JS and CSS a first visit loads (from the built files) and, in
// Chromium on loopback, first and largest contentful paint. Baseline measured in the same run: the landing page
// rendered by the client alone (the built index.html without prerendered HTML). Needs `npm run build` first.
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { launchBrowser } from '../e2e/support/browser.ts';
import { startServer } from '../e2e/support/server.ts';
import { PUBLIC_PAGES } from '../e2e/public-site/pages.ts';

const DIST = path.resolve('dashboard/dist');
const LANDING_JS_BUDGET = 90 * 1024;
const RUNS = 3;

const gzipSize = async (file: string): Promise<number> => zlib.gzipSync(await fs.readFile(file), { level: 9 }).length;
const kb = (bytes: number): string => (bytes / 1024).toFixed(1);

async function firstLoad(pagePath: string): Promise<{ js: number; css: number; files: number }> {
  const file = path.join(DIST, 'prerendered', pagePath, 'index.html');
  const html = await fs.readFile(file, 'utf8').catch(() => {
    throw new Error(`${file} is missing: run \`npm run build\` first`);
  });
  const js = new Set([...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/vite\/([^"]+\.js)"/g)].map((m) => m[1]!));
  const css = new Set([...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/vite\/([^"]+\.css)"/g)].map((m) => m[1]!));
  let jsBytes = 0;
  let cssBytes = 0;
  for (const f of js) jsBytes += await gzipSize(path.join(DIST, f));
  for (const f of css) cssBytes += await gzipSize(path.join(DIST, f));
  return { js: jsBytes, css: cssBytes, files: js.size + css.size };
}

const PAINT_SCRIPT = `(() => new Promise((resolve) => {
  const out = { fcp: 0, lcp: 0 };
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') out.fcp = e.startTime; }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) out.lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
  setTimeout(() => resolve(out), 1200);
}))()`;

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main(): Promise<void> {
  const server = await startServer();
  const browser = await launchBrowser();
  const template = await fs.readFile(path.join(DIST, 'index.html'), 'utf8');
  try {
    const paint = async (pagePath: string, clientOnly = false): Promise<{ fcp: number; lcp: number }> => {
      const fcp: number[] = [];
      const lcp: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        const page = await context.newPage();
        if (clientOnly) await page.route(`${server.url}${pagePath}`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: template.replace('<!--app-meta-->', '') }));
        await page.goto(`${server.url}${pagePath}`, { waitUntil: 'load' });
        const result = (await page.evaluate(PAINT_SCRIPT)) as { fcp: number; lcp: number };
        fcp.push(result.fcp);
        lcp.push(result.lcp);
        await context.close();
      }
      return { fcp: median(fcp), lcp: median(lcp) };
    };

    const baseline = await paint('/', true);
    const rows: string[][] = [];
    let landingJs = 0;
    for (const { path: pagePath } of PUBLIC_PAGES) {
      const size = await firstLoad(pagePath);
      if (pagePath === '/') landingJs = size.js;
      const p = await paint(pagePath);
      rows.push([pagePath, kb(size.js), kb(size.css), String(size.files), p.fcp.toFixed(0), p.lcp.toFixed(0), (p.fcp / baseline.fcp).toFixed(2)]);
    }
    const header = ['page', 'JS KB gz', 'CSS KB gz', 'files', 'FCP ms', 'LCP ms', 'FCP / baseline'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
    console.log(line(header));
    for (const row of rows) console.log(line(row));
    console.log(`\nbaseline (landing rendered by the client only): FCP ${baseline.fcp.toFixed(0)} ms, LCP ${baseline.lcp.toFixed(0)} ms`);
    const verdict = landingJs <= LANDING_JS_BUDGET ? 'within' : 'OVER';
    console.log(`landing JS: ${kb(landingJs)} KB gzip vs the 90 KB target (${(landingJs / LANDING_JS_BUDGET).toFixed(2)}×, ${verdict})`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

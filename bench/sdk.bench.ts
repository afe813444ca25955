// Widget SDK: bundle sizes (min, gzip -9 and the brotli copy the server sends) and the per-call overhead of its
// console, fetch and XHR wrappers, in Chromium, paired against the functions saved before the SDK loaded (no-op sinks,
// so only the wrapper is timed) and against @sentry/browser's breadcrumb instrumentation measured the same way in the
// same run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as esbuild from 'esbuild';
import { launchBrowser } from '../e2e/support/browser.ts';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'sdk/dist');
if (!fs.existsSync(path.join(dist, 'showback.js'))) {
  const r = spawnSync('npm', ['run', 'build', '-w', 'sdk'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(1);
}

const gz = (s: string | Buffer) => zlib.gzipSync(s, { level: 9 }).length;
// What the server sends a browser accepting br: the build's brotli copy (scripts/precompress.ts).
const br = (file: string) => fs.statSync(path.join(dist, `${file}.br`)).size;
const read = (file: string) => fs.readFileSync(path.join(dist, file), 'utf8');
const core = read('showback.js');
const widget = read('showback-widget.js');
// Fetched by the widget when it opens, after the modal is drawn: the blur of the page's private elements.
const privacy = read('showback-privacy.js');
// Fetched by the widget once a recording starts (redaction, environment, metadata for the submission).
const context = read('showback-context.js');
// Fetched at init() only by pages that allowlist URLs for header and body capture (`capture.network.detailUrls`).
const detail = read('showback-detail.js');
const kb = (n: number) => (n / 1024).toFixed(2);
const row = (label: string, min: number, gzip: number, brotli: number, note: string) =>
  console.log(`${label.padEnd(28)}${String(min).padStart(9)}   ${kb(gzip).padStart(6)} KB   ${kb(brotli).padStart(6)} KB  ${note}`);
console.log('bundle (cumulative)               min   min+gzip   as sent (br)');
row('showback.js (before open)', core.length, gz(core), br('showback.js'), '(target <= 4 KB as sent)');
row('+ showback-widget.js', core.length + widget.length, gz(core) + gz(widget), br('showback.js') + br('showback-widget.js'), '(target <= 14 KB as sent, Preact included)');
row('+ showback-privacy.js', core.length + widget.length + privacy.length, gz(core) + gz(widget) + gz(privacy), br('showback.js') + br('showback-widget.js') + br('showback-privacy.js'), '(at open, once the modal shows)');
row(
  '+ showback-context.js',
  core.length + widget.length + privacy.length + context.length,
  gz(core) + gz(widget) + gz(privacy) + gz(context),
  br('showback.js') + br('showback-widget.js') + br('showback-privacy.js') + br('showback-context.js'),
  '(once recording)',
);
row('showback-detail.js', detail.length, gz(detail), br('showback-detail.js'), '(only with detailUrls, before open)');

const sentry = (
  await esbuild.build({
    stdin: { contents: "import * as S from '@sentry/browser'; window.Sentry = S;", resolveDir: path.join(root, 'sdk'), loader: 'js' },
    bundle: true,
    minify: true,
    format: 'iife',
    write: false,
    logLevel: 'silent',
  })
).outputFiles[0]!.text;

// Installed before any SDK: no-op sinks, saved as the "originals" the wrappers are paired against.
const SINKS = `
  window.__sink = { log: function () {}, res: new Response('') };
  console.log = window.__sink.log;
  window.fetch = function () { return Promise.resolve(window.__sink.res); };
  XMLHttpRequest.prototype.open = function () {};
  XMLHttpRequest.prototype.send = function () {};
  window.__orig = { log: console.log, fetch: window.fetch, open: XMLHttpRequest.prototype.open, send: XMLHttpRequest.prototype.send };
`;

// One round in a page: the same loops through the saved originals and through whatever wraps them now.
const ROUND = `async (n) => {
  const o = window.__orig;
  const arg = { id: 7, name: 'item', tags: ['a', 'b'] };
  const time = async (fn) => { const t = performance.now(); await fn(); return performance.now() - t; };
  const logLoop = (f) => () => { for (let i = 0; i < n; i++) f.call(console, 'saved', i, arg); };
  const fetchLoop = (f) => async () => { for (let i = 0; i < n / 10; i++) await f.call(window, '/api/items?page=' + i); };
  const xhrLoop = (open, send) => () => { for (let i = 0; i < n / 10; i++) { const x = new XMLHttpRequest(); open.call(x, 'GET', '/api/items'); send.call(x); } };
  const w = XMLHttpRequest.prototype;
  const us = (a, b, calls) => (b - a) / calls * 1000;
  return {
    console: us(await time(logLoop(o.log)), await time(logLoop(console.log)), n),
    fetch: us(await time(fetchLoop(o.fetch)), await time(fetchLoop(window.fetch)), n / 10),
    xhr: us(await time(xhrLoop(o.open, o.send)), await time(xhrLoop(w.open, w.send)), n / 10),
  };
}`;

type Kind = 'console' | 'fetch' | 'xhr';
const browser = await launchBrowser();
async function pageWith(setup: string) {
  const page = await browser.newPage();
  await page.route('http://bench.test/**', (r) => r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title><body></body>' }));
  await page.goto('http://bench.test/');
  await page.addScriptTag({ content: SINKS });
  await page.addScriptTag({ content: setup });
  return page;
}
const showbackPage = await pageWith(`${core}\nShowback.init({ key: 'wk_bench', host: 'http://bench.test', launcher: false });`);
const sentryPage = await pageWith(
  `${sentry}\nSentry.init({ dsn: 'https://public@example.invalid/1', defaultIntegrations: false,
    integrations: [Sentry.breadcrumbsIntegration({ console: true, fetch: true, xhr: true, dom: false, history: false, sentry: false })],
    transport: () => ({ send: () => Promise.resolve({}), flush: () => Promise.resolve(true) }) });`,
);
// Rounds alternate between the two pages so that load from other processes hits both alike; medians of the rounds.
const rounds: Record<'showback' | 'sentry', Record<Kind, number>[]> = { showback: [], sentry: [] };
for (let r = 0; r < 11; r++) {
  rounds.showback.push((await showbackPage.evaluate(`(${ROUND})(20000)`)) as Record<Kind, number>);
  rounds.sentry.push((await sentryPage.evaluate(`(${ROUND})(20000)`)) as Record<Kind, number>);
}
await browser.close();
const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[xs.length >> 1]!;
const showback = {} as Record<Kind, number>;
const sentryOverhead = {} as Record<Kind, number>;
for (const k of ['console', 'fetch', 'xhr'] as const) {
  showback[k] = Math.max(0, median(rounds.showback.map((x) => x[k])));
  sentryOverhead[k] = Math.max(0, median(rounds.sentry.map((x) => x[k])));
}

console.log('\nper-call wrapper overhead   Showback     Sentry breadcrumbs   ratio   target');
for (const k of ['console', 'fetch', 'xhr'] as const) {
  const ratio = sentryOverhead[k] ? showback[k] / sentryOverhead[k] : NaN;
  console.log(
    `${(k === 'console' ? 'console.log' : k).padEnd(26)}  ${showback[k].toFixed(3).padStart(6)} µs   ${sentryOverhead[k].toFixed(3).padStart(6)} µs            ${ratio.toFixed(2)}×   ${k === 'xhr' ? '' : '<= 0.25×'}`,
  );
}

import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { By, until, type WebDriver } from 'selenium-webdriver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../support/product.ts';
import { grabScreen } from '../support/firefox.ts';
import { launchWebKit, type WebKitSession } from '../support/webkit.ts';
import { createRequest, listSubmissions, shareWithAnyone, signUpOwner, waitForProcessed, completeOnboarding, type Owner } from '../recording/owner.ts';
import { makeMp4, submitVideo } from '../review/submitVideo.ts';
import { startCrossSiteHost } from '../widget/host-page.ts';

// WebKitGTK, the nearest engine to Safari here: one MiniBrowser for the file, on its own Xvfb.
const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results/webkit');

const running = useServer();
let webkit: WebKitSession;
let driver: WebDriver;
let owner: Owner;
let tmp: string;

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-webkit-test-'));
  [webkit, owner] = await Promise.all([launchWebKit(), signUpOwner(running.server.url, 'Analytical Engines')]);
  driver = webkit.driver;
});

afterAll(async () => {
  await webkit?.close();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

async function shot(name: string): Promise<void> {
  await fs.mkdir(SHOTS, { recursive: true });
  await fs.writeFile(path.join(SHOTS, `${name}.png`), await driver.takeScreenshot(), 'base64');
}

const step = (name: string, timeout = 20_000) => driver.wait(until.elementLocated(By.css(`section[data-step="${name}"]`)), timeout);
const button = (name: string) => driver.wait(until.elementLocated(By.xpath(`//button[normalize-space()="${name}"]`)), 10_000);
const click = async (name: string) => (await button(name)).click();

describe('the recorder in WebKitGTK', () => {
  it('passes the capability check, and a MediaRecorder that gives no video is said in plain words: nothing empty is sent', async () => {
    const request = await createRequest(owner, { title: 'WebKit recording', microphone: 'optional', fields: { name: 'off', email: 'off', note: 'off' } });
    await driver.get(`${running.server.url}/r/${request.token}`);
    await step('instructions');
    await shot('instructions');
    await click('Get started');
    await step('microphone');
    await driver.wait(until.elementLocated(By.xpath('//label[normalize-space()="Record my voice"]')), 10_000).then((el) => el.click());
    await driver.wait(until.elementLocated(By.css('[role="meter"]')), 10_000);
    await click('Continue');
    await step('share');
    await click('Share my screen');
    await step('recording', 30_000);
    // WebKitGTK with Debian's GStreamer records 0-byte video: the no-data watchdog ends it.
    const nothingRecorded = () => driver.wait(until.elementLocated(By.xpath('//h1[normalize-space()="Nothing was recorded"] | //h2[normalize-space()="Nothing was recorded"]')), 40_000);
    expect(await (await nothingRecorded()).isDisplayed()).toBe(true);
    await shot('nothing-recorded');
    expect(await driver.findElements(By.xpath('//button[normalize-space()="Looks good"]'))).toHaveLength(0);
    for (const offered of ['Try again', 'Record in a new tab', 'Upload a video instead']) expect(await (await button(offered)).isDisplayed(), offered).toBe(true);

    // The gesture order, in an engine that enforces it: the microphone is still wanted but its track was released
    // with the failed attempt, so this Share click needs both. WebKit refuses getDisplayMedia once the click's
    // gesture has been spent on an awaited getUserMedia ("getDisplayMedia must be called from a user gesture
    // handler"); recording again proves the screen is asked for first.
    await click('Try again');
    await step('share');
    await click('Share my screen');
    await step('recording', 30_000);
    expect(await driver.findElements(By.css('[role="alert"]'))).toHaveLength(0);
    await click('Stop recording');
    await nothingRecorded();
    await click('Upload a video instead');
    await step('file');
    expect((await listSubmissions(owner, request.id)).items).toHaveLength(0);
  });

  it('shows the public pages with the honest browser answer', async () => {
    await driver.get(`${running.server.url}/faq`);
    const question = await driver.wait(until.elementLocated(By.xpath('//summary[contains(., "Which browsers can my customers record from?")]')), 20_000);
    await question.click();
    const answer = await driver.wait(until.elementLocated(By.xpath('//p[contains(., "Phones and tablets cannot")]')), 10_000);
    await driver.wait(until.elementIsVisible(answer), 10_000);
    await shot('faq');
    await driver.get(`${running.server.url}/`);
    await driver.wait(until.elementLocated(By.css('h1')), 20_000);
    await shot('home');
  });

  it("plays a recording in the owner's dashboard", async () => {
    await completeOnboarding(owner);
    const request = await createRequest(owner, { title: 'For the player' });
    const created = await submitVideo(running.server.url, request.token, await makeMp4(tmp, 3));
    const done = await waitForProcessed(owner, created.id);
    expect(done.status).toBe('ready');
    await driver.get(`${running.server.url}/`);
    for (const pair of owner.headers.cookie!.split('; ')) {
      const eq = pair.indexOf('=');
      await driver.manage().addCookie({ name: pair.slice(0, eq), value: pair.slice(eq + 1) });
    }
    await driver.get(`${running.server.url}/my/recordings/${created.id}`);
    const video = await driver.wait(until.elementLocated(By.css('video')), 20_000);
    await driver.wait(async () => Number(await driver.executeScript('return arguments[0].readyState', video)) >= 1, 20_000);
    const duration = Number(await driver.executeScript('return arguments[0].duration', video));
    expect(Math.abs(duration - 3)).toBeLessThan(0.5);
    await shot('dashboard-player');
  });

  it('shows a shared recording to someone without an account: the player and the timeline', async () => {
    const request = await createRequest(owner, { title: 'Shared in WebKit' });
    const created = await submitVideo(running.server.url, request.token, await makeMp4(tmp, 3), { duration_ms: 3000, events: [{ kind: 'console', t: 1500, level: 'error', message: 'TypeError: shared in WebKit' }] });
    expect((await waitForProcessed(owner, created.id)).status).toBe('ready');
    const shared = await shareWithAnyone(owner, created.id);
    await driver.manage().deleteAllCookies();
    await driver.get(`${running.server.url}${shared}`);
    await driver.wait(until.elementLocated(By.xpath('//h1[normalize-space()="Shared in WebKit"]')), 20_000);
    const video = await driver.wait(until.elementLocated(By.css('video')), 20_000);
    await driver.wait(async () => Number(await driver.executeScript('return arguments[0].readyState', video)) >= 1, 20_000);
    await driver.wait(until.elementLocated(By.xpath('//*[@data-testid="timeline"]//button[contains(., "shared in WebKit")]')), 20_000);
    await shot('shared-page');
  });
});

describe('the widget in WebKitGTK, on a site that is itself framed by another without display-capture', () => {
  // WebKit honours no Permissions-Policy header for display-capture (measured on 2.50), but it does refuse capture
  // in a frame whose parent frame was not allowed it: the customer's page shown inside a portal's frame.
  let examples: http.Server | undefined;
  let portal: http.Server | undefined;
  let portalOrigin: string;
  let host: string;
  let key: string;
  beforeAll(async () => {
    ({ server: examples, origin: host } = await startCrossSiteHost());
    portal = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>Portal</title><iframe id="page" src="${host}/plain/${req.url!.slice(1)}" style="width:100%;height:600px;border:0"></iframe>`);
    });
    await new Promise<void>((r) => portal!.listen(0, '127.0.0.1', r));
    portalOrigin = `http://127.0.0.1:${(portal.address() as AddressInfo).port}`;
    await completeOnboarding(owner);
    const res = await fetch(`${running.server.url}/api/v1/widget`, { method: 'PUT', headers: owner.headers, body: JSON.stringify({ allowed_origins: [host, portalOrigin] }) });
    expect(res.status).toBe(200);
    key = ((await res.json()) as { key: string }).key;
  });
  afterAll(async () => {
    await new Promise((r) => examples?.close(r));
    await new Promise((r) => portal?.close(r));
  });

  it('the refused capture is said in plain words, with Record in a new tab and Upload a video', async () => {
    await driver.get(`${portalOrigin}/?host=${encodeURIComponent(running.server.url)}&key=${encodeURIComponent(key)}`);
    await driver.switchTo().frame(await driver.wait(until.elementLocated(By.id('page')), 20_000));
    const launcher = await driver.wait(until.elementLocated(By.css('showback-launcher')), 20_000);
    await (await launcher.getShadowRoot()).findElement(By.css('button')).then((b) => b.click());
    const modal = await driver.wait(until.elementLocated(By.css('showback-modal')), 20_000);
    await driver.switchTo().frame(await driver.wait(async () => (await modal.getShadowRoot()).findElement(By.css('iframe')).catch(() => null), 20_000));
    await step('instructions');
    await click('Get started');
    await driver.wait(until.elementLocated(By.css('section[data-step="microphone"], section[data-step="share"]')), 20_000);
    if ((await driver.findElements(By.css('section[data-step="microphone"]'))).length > 0) await click('Continue without sound');
    await step('share');
    await click('Share my screen');
    const alert = await driver.wait(until.elementLocated(By.css('[role="alert"]')), 20_000);
    expect(await alert.getText()).toContain('Screen sharing was not allowed, so nothing was recorded.');
    for (const offered of ['Try again', 'Record in a new tab', 'Upload a video instead']) expect(await (await button(offered)).isDisplayed(), offered).toBe(true);
    await driver.switchTo().defaultContent();
    await new Promise((r) => setTimeout(r, 2000));
    // The screen's own pixels: WebKitWebDriver's screenshot showed the frame's first step, long gone (stale layers).
    await grabScreen(webkit.screen.display, path.join(SHOTS, 'widget-refused-in-frame.png'));
  });
});

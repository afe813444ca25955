import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowser, useServer } from '../support/product.ts';
import { createRequest, listSubmissions, signUpOwner, type Owner } from './owner.ts';
import { installClock, passCountdown, shot, step } from './recorder-page.ts';

// One server and one browser for every language: customers whose browsers speak German, Japanese, Arabic and
// English record and send through a link. Unprocessed uploads (no worker) are enough: what is checked is the
// recorder's language and what the submission says about it.
const running = useServer({ WORKERS: 'false' });
const chromium = useBrowser({ screenCapture: true });
let owner: Owner;

beforeAll(async () => {
  owner = await signUpOwner(running.server.url, 'Analytical Engines');
});

/** The words of one language the scenario clicks and reads, as the customer sees them. */
interface Words {
  start: string;
  share: string;
  stop: string;
  accept: string;
  done: string;
}

const GERMAN: Words = { start: 'Los geht’s', share: 'Meinen Bildschirm teilen', stop: 'Aufnahme beenden', accept: 'Sieht gut aus', done: 'Vielen Dank! Ihre Aufnahme wurde gesendet.' };
const JAPANESE: Words = { start: '始める', share: '画面を共有', stop: '録画を停止', accept: 'これで OK', done: 'ありがとうございました。録画を送信しました。' };
const ARABIC: Words = { start: 'ابدأ', share: 'مشاركة شاشتي', stop: 'إيقاف التسجيل', accept: 'يبدو جيدًا', done: 'شكرًا لك! تم إرسال تسجيلك.' };
const FRENCH: Words = { start: 'Commencer', share: 'Partager mon écran', stop: 'Arrêter l’enregistrement', accept: 'C’est bon', done: 'Merci ! Votre enregistrement a été envoyé.' };

async function customer(locale: string): Promise<BrowserContext> {
  const context = chromium.own(await chromium.browser.newContext({ locale, viewport: { width: 1280, height: 800 } }));
  await installClock(context);
  return context;
}

async function linkFor(title: string): Promise<{ id: string; token: string }> {
  return createRequest(owner, { title, microphone: 'off', fields: { name: 'off', email: 'off', note: 'off' } });
}

/** The page at 1280 and at 360 px wide, for the screenshots a reviewer looks at. */
async function shots(page: Page, name: string): Promise<void> {
  await shot(page, name);
  await page.setViewportSize({ width: 360, height: 740 });
  await shot(page, name);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** From the first step to a running recording, by the customer's own clicks in their language. */
async function record(page: Page, words: Words, name?: string): Promise<void> {
  await step(page, 'instructions').waitFor();
  if (name) await shots(page, `${name}-1-first-step`);
  await page.getByRole('button', { name: words.start }).click();
  await step(page, 'share').waitFor();
  if (name) await shots(page, `${name}-2-share`);
  await page.getByRole('button', { name: words.share }).click();
  await passCountdown(page);
  await step(page, 'recording').waitFor({ timeout: 15_000 });
}

async function send(page: Page, words: Words, name?: string): Promise<void> {
  // At least two seconds of video: MediaRecorder hands over its first piece after one.
  await page.getByRole('timer').filter({ hasText: /^0:(0[2-9]|[1-5]\d)/ }).waitFor();
  await page.getByRole('button', { name: words.stop }).click();
  await step(page, 'preview').waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: words.accept }).click();
  await page.getByRole('heading', { name: words.done }).waitFor({ timeout: 90_000 });
  if (name) await shots(page, `${name}-3-done`);
}

async function languageOfOnlySubmission(requestId: string): Promise<string | null | undefined> {
  const { items } = await listSubmissions(owner, requestId);
  expect(items).toHaveLength(1);
  const res = await fetch(`${owner.url}/api/v1/submissions/${items[0]!.id}`, { headers: owner.headers });
  return ((await res.json()) as { language?: string | null }).language;
}

const htmlLang = (page: Page) => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);

describe('the recorder in the customer’s language', () => {
  it('speaks German to a German browser, and the owner sees the recording was made in German', async () => {
    const request = await linkFor('Der Bezahlknopf reagiert nicht');
    const page = await (await customer('de-DE')).newPage();
    await page.goto(`${running.server.url}/r/${request.token}`);
    await record(page, GERMAN, 'i18n-de');
    expect(await htmlLang(page)).toEqual(['de', 'ltr']);
    expect(await page.title()).toBe('Bildschirm aufnehmen');
    await send(page, GERMAN, 'i18n-de');
    expect(await languageOfOnlySubmission(request.id)).toBe('de');
  });

  it('speaks Japanese to a Japanese browser', async () => {
    const request = await linkFor('決済ボタンが反応しない');
    const page = await (await customer('ja-JP')).newPage();
    await page.goto(`${running.server.url}/r/${request.token}`);
    await record(page, JAPANESE, 'i18n-ja');
    expect(await htmlLang(page)).toEqual(['ja', 'ltr']);
    await send(page, JAPANESE, 'i18n-ja');
    expect(await languageOfOnlySubmission(request.id)).toBe('ja');
  });

  it('speaks Arabic right to left, the page mirrored', async () => {
    const request = await linkFor('زر الدفع لا يستجيب');
    const page = await (await customer('ar')).newPage();
    await page.goto(`${running.server.url}/r/${request.token}`);
    await step(page, 'instructions').waitFor();
    expect(await htmlLang(page)).toEqual(['ar', 'rtl']);
    // Mirrored: the account's name starts the top bar on the right, the language switch ends it on the left; the
    // first step of the bar is the rightmost; the primary button comes first from the right.
    const x = async (selector: string) => (await page.locator(selector).first().boundingBox())!.x;
    expect(await x('.brand')).toBeGreaterThan(await x('.language'));
    expect(await x('.progress-steps li:first-child')).toBeGreaterThan(await x('.progress-steps li:last-child'));
    expect(await x('[data-step="instructions"] .btn-primary')).toBeGreaterThan(await x('[data-step="instructions"] .btn-link'));
    await record(page, ARABIC, 'i18n-ar');
    await send(page, ARABIC, 'i18n-ar');
    expect(await languageOfOnlySubmission(request.id)).toBe('ar');
  });

  it('follows the link’s /fr/ prefix over an English browser, and a switch of language mid-recording keeps the recording', async () => {
    const request = await linkFor('The pay button does nothing');
    const page = await (await customer('en-US')).newPage();
    await page.goto(`${running.server.url}/fr/r/${request.token}`);
    await record(page, FRENCH);
    expect(await htmlLang(page)).toEqual(['fr', 'ltr']);
    const timer = page.getByRole('timer');
    await timer.filter({ hasText: '0:01' }).waitFor();
    // The customer picks their own language in the switch, as anyone would: the recording goes on.
    await page.getByRole('combobox', { name: 'Langue' }).selectOption({ label: 'Deutsch' });
    await page.getByRole('button', { name: GERMAN.stop }).waitFor();
    expect(await htmlLang(page)).toEqual(['de', 'ltr']);
    await timer.filter({ hasText: '0:03' }).waitFor();
    expect(await step(page, 'recording').isVisible()).toBe(true);
    await send(page, GERMAN);
    expect(await languageOfOnlySubmission(request.id)).toBe('de');
  });
});

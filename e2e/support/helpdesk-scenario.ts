import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, expect } from 'vitest';
import { completeOnboarding, signInOwner, signUpOwner } from '../recording/owner.ts';
import { openRecorder, startRecording, step, stopRecording } from '../recording/recorder-page.ts';
import { speechWav } from './media.ts';
import { useBrowser } from './product.ts';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results/integrations');

/** Screenshots of a helpdesk scenario, `test-results/integrations/{helpdesk}-{name}.png`. */
export function screenshots(helpdesk: string) {
  return async (page: Page, name: string): Promise<void> => {
    await fs.mkdir(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${helpdesk}-${name}.png`), fullPage: true });
  };
}

/** Chromium whose customer speaks while recording, so the transcript and the summary have their words. */
export function useSpeakingCustomerBrowser(helpdesk: string) {
  let tmp: string | undefined;
  const chromium = useBrowser(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), `showback-${helpdesk}-`));
    return { screenCapture: true, microphoneWav: await speechWav(tmp, 'When I press pay, nothing happens and the spinner never stops.') };
  });
  afterAll(async () => {
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });
  return chromium;
}

/**
 * The customer opens the link the agent put in the reply and records two seconds; the requester the helpdesk knows is
 * already filled in. `opened` runs once the recorder is open (the agent's app may show "Opened" by then).
 */
export async function customerRecords(chromium: { browser: Browser; own(context: BrowserContext): BrowserContext }, serverUrl: string, token: string, requester: { name: string; email: string }, opened?: () => Promise<void>): Promise<void> {
  const customer = chromium.own(await chromium.browser.newContext({ viewport: { width: 1280, height: 720 } }));
  await customer.grantPermissions(['microphone'], { origin: serverUrl });
  const recorder = await openRecorder(customer, serverUrl, token);
  await opened?.();
  await startRecording(recorder);
  await recorder.getByRole('timer').filter({ hasText: '0:02' }).waitFor();
  await stopRecording(recorder);
  await recorder.getByRole('button', { name: 'Looks good' }).click();
  await step(recorder, 'details').waitFor();
  await expect(recorder.getByLabel('Your name').inputValue()).resolves.toBe(requester.name);
  await expect(recorder.getByLabel('Email').inputValue()).resolves.toBe(requester.email);
  await recorder.getByRole('button', { name: 'Send recording' }).click();
  await step(recorder, 'done').waitFor({ timeout: 90_000 });
}

/** The notes as the local helpdesk stored them, their HTML rendered in a page of their own (for a screenshot). */
export async function notesPage(context: BrowserContext, title: string, notes: { label: string; html: string }[], tint: { border: string; background: string }): Promise<Page> {
  const view = await context.newPage();
  await view.setContent(`<!doctype html><meta charset="utf-8"><title>${title}</title>
<style>body{font:14px/1.5 system-ui,sans-serif;max-width:760px;margin:24px auto;color:#2f3941}.c{border:1px solid ${tint.border};background:${tint.background};border-radius:6px;padding:4px 16px;margin:12px 0}.h{font-size:12px;color:#68737d}</style>
<h1>${title}</h1>
${notes.map((n) => `<div class="c"><div class="h">${n.label}</div>${n.html}</div>`).join('')}`);
  return view;
}

/** A new owner, onboarded and signed in, on /my/integrations in a desktop-sized window. */
export async function ownerOnIntegrations(chromium: { browser: Browser; own(context: BrowserContext): BrowserContext }, serverUrl: string) {
  const owner = await signUpOwner(serverUrl, 'Helpdesk Heroes');
  await completeOnboarding(owner);
  const context = chromium.own(await chromium.browser.newContext({ viewport: { width: 1280, height: 1000 } }));
  await signInOwner(context, owner);
  const page = await context.newPage();
  await page.goto(`${serverUrl}/my/integrations`);
  return { owner, context, page };
}

/** What the local helpdesk stored once `done` holds of it; on a timeout the error shows what it held. */
export async function storedOnceTrue<T>(read: () => T, done: (value: T) => boolean, timeoutMs = 150_000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; !done(read()); ) {
    if (Date.now() > deadline) throw new Error(`the helpdesk never stored what was expected: ${JSON.stringify(read())}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return read();
}

const ENGLISH_REPLY = (link: string) => `Could you show me what happens? Record your screen here: ${link}`;

/**
 * The agent clicks *Ask for a recording* in the app's sidebar: the link lands in the reply being written, in the
 * requester's language (`sentence`; English when the helpdesk knows none), and the sidebar lists the request as Sent.
 * Answers the reply box, the sidebar's list and the link's token.
 */
export async function askFromSidebar(agent: Page, sidebar: FrameLocator, requester: string, sentence = ENGLISH_REPLY) {
  await sidebar.getByRole('button', { name: 'Ask for a recording' }).click();
  await sidebar.getByText('Recording link added to your reply.').waitFor();
  const reply = agent.getByRole('textbox', { name: 'Reply' });
  const link = (await reply.getByRole('link').first().getAttribute('href'))!;
  await expect(reply.textContent()).resolves.toBe(sentence(link));
  const requests = sidebar.getByRole('list', { name: 'Recording requests of this ticket' });
  await requests.getByRole('listitem').filter({ hasText: `For ${requester}` }).getByText('Sent', { exact: true }).waitFor();
  return { reply, requests, token: /\/r\/([^/?#]+)/.exec(link)![1]! };
}

import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type LaunchOptions } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

// Without the background-networking flags Chromium keeps dialling Google's hosts, which this closed network refuses.
const BASE_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface MediaOptions {
  /** Auto-accept getDisplayMedia for the current tab (needs `preferCurrentTab: true` in the page). */
  screenCapture?: boolean;
  /** Absolute path of a 48 kHz mono WAV to use as the microphone. */
  microphoneWav?: string;
  /** More Chromium switches, such as --host-resolver-rules mapping branded subdomains to the loopback server. */
  args?: string[];
}

function argsFor(media: MediaOptions): string[] {
  const args = [...BASE_ARGS];
  if (media.screenCapture) args.push('--auto-accept-this-tab-capture');
  if (media.microphoneWav) args.push('--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${media.microphoneWav}`);
  return [...args, ...(media.args ?? [])];
}

export async function launchBrowser(media: MediaOptions = {}, options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: argsFor(media), ...options });
}

/** Chromium on a profile folder of its own, as a person's normal browser runs (not an incognito-like context). */
export async function launchProfile(userDataDir: string, media: MediaOptions = {}, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM_PATH, headless: true, args: argsFor(media), ...options });
}

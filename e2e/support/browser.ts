import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

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
}

export async function launchBrowser(media: MediaOptions = {}, options: LaunchOptions = {}): Promise<Browser> {
  const args = [...BASE_ARGS];
  if (media.screenCapture) args.push('--auto-accept-this-tab-capture');
  if (media.microphoneWav) args.push('--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${media.microphoneWav}`);
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args, ...options });
}

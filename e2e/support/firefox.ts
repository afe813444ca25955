import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

export const FIREFOX_PATH = '/usr/bin/firefox-esr';

/** A virtual X screen of its own: Xvfb picks a free display number and writes it to the pipe (-displayfd). */
export interface VirtualScreen {
  display: string;
  stop(): Promise<void>;
}

export async function startXvfb(size = '1280x720x24'): Promise<VirtualScreen> {
  const child: ChildProcess = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', size, '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
  const display = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('Xvfb did not report a display within 10 s')), 10_000);
    child.stdio[3]!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) {
        clearTimeout(timer);
        resolve(`:${out.trim()}`);
      }
    });
    child.once('exit', (code) => reject(new Error(`Xvfb exited with ${code}`)));
  });
  return {
    display,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface FirefoxSession {
  browser: Browser;
  screen: VirtualScreen;
  close(): Promise<void>;
}

/**
 * Debian's Firefox ESR driven over WebDriver BiDi (no geckodriver), headful on its own Xvfb: getDisplayMedia then
 * captures the virtual screen for real (headless Firefox has no screen to share). Prompts are off unless `prompts`
 * (Firefox then asks "Allow … to see your screen?" as it does for customers); the microphone is Firefox's fake
 * device (a 1 kHz tone).
 */
export async function launchFirefox({ prompts = false } = {}): Promise<FirefoxSession> {
  const screen = await startXvfb();
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-firefox-'));
  try {
    const browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX_PATH,
      headless: false,
      userDataDir: profile,
      defaultViewport: null,
      args: ['--width=1280', '--height=720'],
      env: { ...process.env, DISPLAY: screen.display, MOZ_ENABLE_WAYLAND: '0' },
      extraPrefsFirefox: {
        'media.navigator.permission.disabled': !prompts,
        'media.navigator.streams.fake': true,
        'browser.shell.checkDefaultBrowser': false,
      },
    });
    return {
      browser,
      screen,
      close: async () => {
        await browser.close().catch(() => undefined);
        await screen.stop();
        await fs.rm(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await screen.stop();
    throw error;
  }
}

/** The recorder's step on screen (`section[data-step=…]`). */
export const waitForStep = (page: Page, name: string, timeout = 20_000) => page.waitForSelector(`section[data-step="${name}"]`, { visible: true, timeout });

/** A real click on the button a person would read. */
export async function clickButton(page: Page, name: string): Promise<void> {
  await page.locator(`::-p-aria([name="${name}"][role="button"])`).click();
}

export async function screenshot(page: Page, dir: string, name: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) as `${string}.png` });
}

/** The whole virtual screen, browser chrome included (its prompts and bars are outside the page's screenshot). */
export async function grabScreen(display: string, file: string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await promisify(execFile)('ffmpeg', ['-y', '-loglevel', 'error', '-f', 'x11grab', '-i', display, '-frames:v', '1', file], { timeout: 20_000 });
}

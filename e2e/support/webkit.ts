import { spawn } from 'node:child_process';
import { Builder, type WebDriver } from 'selenium-webdriver';
import { freePort } from './server.ts';
import { startXvfb, type VirtualScreen } from './firefox.ts';

export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

export interface WebKitSession {
  driver: WebDriver;
  screen: VirtualScreen;
  close(): Promise<void>;
}

/**
 * WebKitGTK (the nearest engine to Safari on Linux) through its own WebDriver, on an Xvfb of its own. Selenium is
 * pointed at the running driver, so Selenium Manager never tries to download one. Mock capture devices stand in for
 * the screen and the microphone, granted without prompts under automation.
 */
export async function launchWebKit(): Promise<WebKitSession> {
  const screen: VirtualScreen = await startXvfb();
  const port = await freePort();
  const driverProcess = spawn(WEBKIT_DRIVER, [`--port=${port}`, '--host=127.0.0.1'], { env: { ...process.env, DISPLAY: screen.display }, stdio: 'ignore' });
  try {
    const url = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      const ready = await fetch(`${url}/status`).then((r) => r.ok, () => false);
      if (ready) break;
      if (i > 100) throw new Error('WebKitWebDriver did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const driver = await new Builder()
      .usingServer(url)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': {
          binary: MINIBROWSER,
          args: ['--automation', '--enable-media-stream=true', '--enable-mock-capture-devices=true', '--enable-mediasource=true', '--media-playback-requires-user-gesture=false'],
        },
      })
      .build();
    return {
      driver,
      screen,
      close: async () => {
        await driver.quit().catch(() => undefined);
        driverProcess.kill('SIGTERM');
        await screen.stop();
      },
    };
  } catch (error) {
    driverProcess.kill('SIGTERM');
    await screen.stop();
    throw error;
  }
}

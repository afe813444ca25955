import { describe, expect, it } from 'vitest';
import { describeUserAgent, parseUserAgent } from '../src/capture/userAgent.ts';
import { buildEnvironment } from '../src/capture/environment.ts';
import { UA } from './userAgents.ts';


describe('parseUserAgent', () => {
  it.each([
    [UA.chromeMac, 'Chrome', '131.0.0.0', 'macOS', '10.15.7'],
    [UA.edgeWin, 'Edge', '130.0.2849.68', 'Windows', '10/11'],
    [UA.firefoxLinux, 'Firefox', '128.0', 'Linux', undefined],
    [UA.firefox77, 'Firefox', '77.0', 'Windows', '7'],
    [UA.safari17, 'Safari', '17.4', 'macOS', '10.15.7'],
    [UA.iphoneSafari, 'Safari', '17.5', 'iOS', '17.5'],
    [UA.iphoneChrome, 'Chrome', '126.0.6478.54', 'iOS', '17.5'],
    [UA.ipadFirefox, 'Firefox', '127.0', 'iOS', '16.6'],
    [UA.androidChrome, 'Chrome', '126.0.6478.71', 'Android', '14'],
    [UA.samsung, 'Samsung Internet', '25.0', 'Android', '13'],
    [UA.opera, 'Opera', '115.0.0.0', 'Windows', '10/11'],
    [UA.chromeOS, 'Chrome', '128.0.0.0', 'ChromeOS', '14541.0.0'],
    [UA.headless, 'Chrome', '156.0.0.0', 'Linux', undefined],
  ])('%s', (ua, browser, version, os, osVersion) => {
    const p = parseUserAgent(ua);
    expect(p.browser).toBe(browser);
    expect(p.browserVersion).toBe(version);
    expect(p.os).toBe(os);
    expect(p.osVersion).toBe(osVersion);
  });

  it('marks phones as mobile and desktops not', () => {
    expect(parseUserAgent(UA.androidChrome).mobile).toBe(true);
    expect(parseUserAgent(UA.iphoneSafari).mobile).toBe(true);
    expect(parseUserAgent(UA.chromeMac).mobile).toBe(false);
  });

  it('leaves what it cannot read undefined', () => {
    const p = parseUserAgent(UA.curl);
    expect(p.browser).toBeUndefined();
    expect(p.os).toBeUndefined();
    expect(describeUserAgent(p)).toBe('Unknown browser');
    expect(describeUserAgent(parseUserAgent(UA.edgeWin))).toBe('Edge 130 on Windows 10/11');
  });
});

describe('buildEnvironment', () => {
  it('maps the browser facts onto the submission fields', () => {
    const env = buildEnvironment({
      userAgent: UA.chromeMac,
      screen: { width: 1512, height: 982 },
      viewport: { width: 1280.4, height: 720 },
      devicePixelRatio: 2,
      language: 'en-GB',
      timeZone: 'Europe/London',
      pageUrl: 'https://app.example/r/abc',
    });
    expect(env).toEqual({
      browser: 'Chrome',
      browser_version: '131.0.0.0',
      os: 'macOS 10.15.7',
      screen: '1512x982',
      viewport: '1280x720',
      device_pixel_ratio: 2,
      language: 'en-GB',
      time_zone: 'Europe/London',
      page_url: 'https://app.example/r/abc',
      user_agent: UA.chromeMac,
    });
  });

  it('drops unknown parts and clips to the contract limits', () => {
    const env = buildEnvironment({
      userAgent: 'x'.repeat(2000),
      screen: { width: 0, height: 0 },
      viewport: { width: 360, height: 640 },
      devicePixelRatio: 0,
      language: '',
      pageUrl: `https://a.example/${'p'.repeat(5000)}`,
    });
    expect(env.browser).toBeUndefined();
    expect(env.os).toBeUndefined();
    expect(env.time_zone).toBeUndefined();
    expect('language' in env).toBe(false);
    expect(env.user_agent).toHaveLength(1000);
    expect(env.page_url).toHaveLength(4000);
    expect(env.device_pixel_ratio).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { checkCapability, type BrowserFeatures } from '../src/capture/capability.ts';
import { UA } from './userAgents.ts';

const full = (userAgent: string, patch: Partial<BrowserFeatures> = {}): BrowserFeatures => ({
  userAgent,
  secureContext: true,
  getDisplayMedia: true,
  mediaRecorder: true,
  displayCaptureAllowed: true,
  ...patch,
});

describe('checkCapability', () => {
  it.each([UA.chromeMac, UA.edgeWin, UA.firefoxLinux, UA.safari17, UA.safari141, UA.opera, UA.chromeOS, UA.headless])('records in %s', (ua) => {
    expect(checkCapability(full(ua))).toEqual({ ok: true });
  });

  it.each([
    [UA.chrome84Win, 'Chrome', 85],
    [UA.firefox77, 'Firefox', 78],
    [UA.safari14, 'Safari', 14],
  ])('asks %s to update', (ua, browser, min) => {
    expect(checkCapability(full(ua))).toEqual({ ok: false, reason: 'browser-too-old', browser, minimumVersion: min, canUploadFile: true });
  });

  it.each([UA.iphoneSafari, UA.iphoneChrome, UA.ipadFirefox])('iOS is unsupported but can upload a file: %s', (ua) => {
    // Even if a future iOS exposed getDisplayMedia, the spec does not support iOS.
    expect(checkCapability(full(ua))).toMatchObject({ ok: false, reason: 'ios', canUploadFile: true });
  });

  it('Android Chrome has no screen capture and is sent to the file upload', () => {
    expect(checkCapability(full(UA.androidChrome, { getDisplayMedia: false }))).toMatchObject({ ok: false, reason: 'mobile', canUploadFile: true });
  });

  it('an insecure page cannot record or upload safely', () => {
    expect(checkCapability(full(UA.chromeMac, { secureContext: false }))).toEqual({ ok: false, reason: 'insecure-context', canUploadFile: false });
  });

  it('judges by features when a desktop browser lacks them', () => {
    expect(checkCapability(full(UA.firefoxLinux, { getDisplayMedia: false }))).toMatchObject({ reason: 'no-display-media' });
    expect(checkCapability(full(UA.chromeMac, { mediaRecorder: false }))).toMatchObject({ reason: 'no-media-recorder' });
  });

  it('a frame refused screen capture (the host page\'s Permissions-Policy) offers a new tab and the upload', () => {
    expect(checkCapability(full(UA.chromeMac, { displayCaptureAllowed: false }))).toEqual({ ok: false, reason: 'frame-blocked', canUploadFile: true, canRecordInTab: true });
    // No capture at all is not a frame problem: a new tab would not help.
    expect(checkCapability(full(UA.firefoxLinux, { getDisplayMedia: false, displayCaptureAllowed: false }))).toMatchObject({ reason: 'no-display-media' });
    expect(checkCapability(full(UA.firefoxLinux, { getDisplayMedia: false }))).not.toHaveProperty('canRecordInTab');
  });

  it('an unknown browser with every feature may record', () => {
    expect(checkCapability(full(UA.curl))).toEqual({ ok: true });
  });
});

import { parseUserAgent } from './userAgent.ts';

/** Facts about the browser the check needs; `detectFeatures()` reads them from the real one. */
export interface BrowserFeatures {
  userAgent: string;
  secureContext: boolean;
  getDisplayMedia: boolean;
  mediaRecorder: boolean;
  /** False when this page is a frame whose embedder's Permissions-Policy (or the browser) forbids screen capture. */
  displayCaptureAllowed: boolean;
}

export type UnsupportedReason =
  | 'ios'
  | 'browser-too-old'
  | 'mobile'
  | 'insecure-context'
  | 'no-display-media'
  | 'no-media-recorder'
  | 'frame-blocked';

/**
 * "Cannot record here at all" (`ok: false`) is a different answer from "cannot keep a local copy": where no
 * storage is allowed the recorder still records (the spool's `keeping` says what survives what), so storage is not
 * part of this check.
 */
export type Capability =
  | { ok: true }
  | {
      ok: false;
      reason: UnsupportedReason;
      /** Browser name and the oldest version that works, for "update to X or later". */
      browser?: string;
      minimumVersion?: number;
      /** Uploading an existing video still works (needs only fetch + a file input). */
      canUploadFile: boolean;
      /** Recording works on the product's own origin: open the recorder in a new tab (`frame-blocked`). */
      canRecordInTab?: boolean;
    };

/** The spec's supported browsers (major versions). Engines not listed are judged by features alone. */
export const MINIMUM_VERSIONS: Readonly<Record<string, number>> = { Chrome: 85, Edge: 85, Firefox: 78, Safari: 14 };

function safariTooOld(version: string | undefined): boolean {
  const [major = 0, minor = 0] = (version ?? '0').split('.').map((n) => Number.parseInt(n, 10));
  return major < 14 || (major === 14 && minor < 1);
}

export function checkCapability(f: BrowserFeatures): Capability {
  const ua = parseUserAgent(f.userAgent);
  if (!f.secureContext) return { ok: false, reason: 'insecure-context', canUploadFile: false };
  if (ua.os === 'iOS') return { ok: false, reason: 'ios', canUploadFile: true };
  const min = ua.browser ? MINIMUM_VERSIONS[ua.browser] : undefined;
  if (ua.browser && min !== undefined && ua.browserMajor !== undefined) {
    const tooOld = ua.browser === 'Safari' ? safariTooOld(ua.browserVersion) : ua.browserMajor < min;
    if (tooOld) {
      return { ok: false, reason: 'browser-too-old', browser: ua.browser, minimumVersion: min, canUploadFile: true };
    }
  }
  // Android Chrome is a supported browser but has no screen capture: it records by uploading a video.
  if (!f.getDisplayMedia) return { ok: false, reason: ua.os === 'Android' || ua.mobile ? 'mobile' : 'no-display-media', canUploadFile: true };
  if (!f.mediaRecorder) return { ok: false, reason: 'no-media-recorder', canUploadFile: true };
  if (!f.displayCaptureAllowed) return { ok: false, reason: 'frame-blocked', canUploadFile: true, canRecordInTab: true };
  return { ok: true };
}

export function detectFeatures(): BrowserFeatures {
  const media = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
  return {
    userAgent: navigator.userAgent,
    secureContext: window.isSecureContext,
    getDisplayMedia: typeof media?.getDisplayMedia === 'function',
    mediaRecorder: typeof window.MediaRecorder === 'function',
    displayCaptureAllowed: displayCaptureAllowed(),
  };
}

interface PolicyDocument {
  permissionsPolicy?: { allowsFeature(feature: string): boolean };
  featurePolicy?: { allowsFeature(feature: string): boolean };
}

/** What the frame's Permissions-Policy says (Chromium exposes it; elsewhere a refusal shows when sharing starts). */
function displayCaptureAllowed(): boolean {
  const policy = (document as PolicyDocument).permissionsPolicy ?? (document as PolicyDocument).featurePolicy;
  try {
    return policy ? policy.allowsFeature('display-capture') : true;
  } catch {
    return true;
  }
}

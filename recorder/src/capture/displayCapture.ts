import { CaptureError, toCaptureError, withTimeout } from './captureError.ts';

/** Long enough for a person to pick a window in the browser's dialog, short enough that a stuck picker surfaces. */
export const DISPLAY_PICKER_TIMEOUT_MS = 120_000;

export const stopStream = (s: MediaStream | undefined): void => s?.getTracks().forEach((t) => t.stop());

/**
 * Ask the browser to share a screen, window or tab. `preferCurrentTab` and `selfBrowserSurface` make Chromium offer
 * this tab first (the widget records the host page this way, so the customer rarely has to pick); without them a
 * headless or kiosk browser waits on an invisible picker forever, hence the timeout. `otherTab`: the recorder is a
 * tab of its own (the widget's "Record in a new tab"), so the page to record is another tab and this one is left out
 * of the choices.
 */
export async function captureDisplay({ otherTab = false, timeoutMs = DISPLAY_PICKER_TIMEOUT_MS } = {}): Promise<MediaStream> {
  const media = navigator.mediaDevices;
  if (typeof media?.getDisplayMedia !== 'function') throw new CaptureError('unsupported', 'getDisplayMedia is missing');
  const options = {
    video: { width: { ideal: 1920, max: 1920 }, height: { ideal: 1080, max: 1080 }, frameRate: { ideal: 30, max: 30 } },
    audio: true,
    preferCurrentTab: !otherTab,
    selfBrowserSurface: otherTab ? 'exclude' : 'include',
    surfaceSwitching: 'include',
    systemAudio: 'include',
  } as DisplayMediaStreamOptions;
  try {
    const stream = await withTimeout(media.getDisplayMedia(options), timeoutMs, stopStream);
    if (stream.getVideoTracks().length === 0) {
      stopStream(stream);
      throw new CaptureError('not-found', 'the shared surface has no video');
    }
    return stream;
  } catch (err) {
    throw toCaptureError(err);
  }
}

const RESTRICT_TIMEOUT_MS = 3000;

type RestrictableTrack = MediaStreamTrack & { restrictTo?(target: object | null): Promise<void> };

/**
 * Element Capture (Chromium 132+): restricts a capture of this very tab to the host page's app shell (`target`, a
 * `RestrictionTarget` made by the SDK), so what is drawn outside it (the widget's control) stays out of the video.
 * Only for a tab capture, the surface `preferCurrentTab` offers; anything else, or a browser that refuses, keeps the
 * whole tab, quietly: the recording goes on as in every other browser (docs/recorder.md, "In the widget").
 */
export async function restrictToElement(stream: MediaStream, target: object | undefined): Promise<void> {
  const track = stream.getVideoTracks()[0] as RestrictableTrack | undefined;
  if (!target || !track || typeof track.restrictTo !== 'function' || track.getSettings().displaySurface !== 'browser') return;
  try {
    // Never holds the recording up: a restriction that comes late is undone, so the video does not change midway.
    await withTimeout(track.restrictTo(target), RESTRICT_TIMEOUT_MS, () => void track.restrictTo!(null).catch(() => undefined));
  } catch {
    // Another tab was picked, the element cannot be a target, or no answer: the whole tab is recorded, as in every
    // other browser.
  }
}

/** Back to the whole tab after `restrictToElement` (the element left the page): harmless on any other capture. */
export async function unrestrict(stream: MediaStream | undefined): Promise<void> {
  const track = stream?.getVideoTracks()[0] as RestrictableTrack | undefined;
  if (typeof track?.restrictTo === 'function') await track.restrictTo(null).catch(() => undefined);
}

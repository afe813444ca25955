import { toCaptureError, withTimeout } from './captureError.ts';

export const MICROPHONE_TIMEOUT_MS = 60_000;

export async function captureMicrophone(timeoutMs = MICROPHONE_TIMEOUT_MS): Promise<MediaStream> {
  try {
    return await withTimeout(
      navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true }, video: false }),
      timeoutMs,
      (s) => s.getTracks().forEach((t) => t.stop()),
    );
  } catch (err) {
    throw toCaptureError(err);
  }
}

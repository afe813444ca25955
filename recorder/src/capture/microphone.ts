import { toCaptureError, withTimeout } from './captureError.ts';

export const MICROPHONE_TIMEOUT_MS = 60_000;

/** What the recorder asks of the microphone (bench/transcription.bench.ts captures with the same). */
export const MICROPHONE_CONSTRAINTS: MediaTrackConstraints = { echoCancellation: true, noiseSuppression: true, autoGainControl: true };

export async function captureMicrophone(timeoutMs = MICROPHONE_TIMEOUT_MS): Promise<MediaStream> {
  try {
    return await withTimeout(
      navigator.mediaDevices.getUserMedia({ audio: MICROPHONE_CONSTRAINTS, video: false }),
      timeoutMs,
      (s) => s.getTracks().forEach((t) => t.stop()),
    );
  } catch (err) {
    throw toCaptureError(err);
  }
}
